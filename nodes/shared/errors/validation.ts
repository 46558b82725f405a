import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ErrorContext } from './errors';

/** An error of the current item, raised before anything is sent. */
export function invalidParameter(
	context: ErrorContext,
	parameter: string,
	rule: string,
	howToFix = `Fix the "${parameter}" parameter and run the node again.`,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Invalid "${parameter}": ${rule}`, {
		itemIndex: context.getItemIndex?.(),
		description: `${howToFix} Nothing was sent to pdf noodle.`,
	});
}

/** A JSON object given as text or by an expression that yields an object. */
export function requireJsonObject(
	context: ErrorContext,
	parameter: string,
	value: unknown,
): IDataObject {
	let parsed = value;
	if (typeof value === 'string') {
		if (value.trim() === '') {
			throw invalidParameter(context, parameter, 'must be a JSON object, e.g. {"name": "Ada"}');
		}
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			throw invalidParameter(
				context,
				parameter,
				`must be valid JSON (${(error as Error).message})`,
			);
		}
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw invalidParameter(context, parameter, 'must be a JSON object, not a list or a single value');
	}
	return parsed as IDataObject;
}

/** A string that must not be empty once trimmed. */
export function requireText(
	context: ErrorContext,
	parameter: string,
	value: unknown,
): string {
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw invalidParameter(context, parameter, 'must be text');
	}
	const text = String(value);
	if (text.trim() === '') {
		throw invalidParameter(context, parameter, 'must not be empty');
	}
	return text;
}

/** An absolute http(s) URL. */
export function requireHttpUrl(context: ErrorContext, parameter: string, value: unknown): string {
	const text = requireText(context, parameter, value).trim();
	let parsed: URL | undefined;
	try {
		parsed = new URL(text);
	} catch {
		parsed = undefined;
	}
	if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.hostname === '') {
		throw invalidParameter(context, parameter, `must be an http:// or https:// URL, not "${text.slice(0, 100)}"`);
	}
	return text;
}

/** A whole number in a range, given as a number or as numeric text (expressions often yield text). */
export function requireWholeNumber(
	context: ErrorContext,
	parameter: string,
	value: unknown,
	min: number,
	max = Number.MAX_SAFE_INTEGER,
): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
		const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
		throw invalidParameter(context, parameter, `must be a whole number ${range}, not ${JSON.stringify(value)}`);
	}
	return number;
}

/** A number in a range, given as a number or as numeric text. */
export function requireNumberInRange(
	context: ErrorContext,
	parameter: string,
	value: unknown,
	min: number,
	max: number,
): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isFinite(number) || number < min || number > max) {
		throw invalidParameter(context, parameter, `must be a number from ${min} to ${max}, not ${JSON.stringify(value)}`);
	}
	return number;
}

const CSS_LENGTH = /^\d+(\.\d+)?(px|in|cm|mm)$/;

/** A print length: a number (pixels) or text with px, in, cm or mm. Numeric text becomes a number. */
export function requireCssLength(
	context: ErrorContext,
	parameter: string,
	value: unknown,
): string | number {
	if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
	const text = typeof value === 'string' ? value.trim() : '';
	if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
	if (CSS_LENGTH.test(text)) return text;
	throw invalidParameter(
		context,
		parameter,
		`must be a number of pixels or a length with px, in, cm or mm (e.g. "1.5cm"), not ${JSON.stringify(value)}`,
	);
}

const PAGE_RANGES = /^\s*\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*\s*$/;

/** Page ranges like `1-3,5,7-10`: pages from 1, each range ascending. */
export function requirePageRanges(context: ErrorContext, parameter: string, value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : String(value ?? '');
	const rule = 'must be page numbers and ranges separated by commas, like "1-3,5,7-10"';
	if (!PAGE_RANGES.test(text)) throw invalidParameter(context, parameter, `${rule}, not ${JSON.stringify(value)}`);
	for (const part of text.split(',')) {
		const [from, to = from] = part.split('-').map((page) => Number(page.trim()));
		if (from < 1 || to < from) {
			throw invalidParameter(context, parameter, `${rule}; "${part.trim()}" is not a valid range`);
		}
	}
	return text.replace(/\s+/g, '');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function requireUuid(context: ErrorContext, parameter: string, value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!UUID.test(text)) {
		throw invalidParameter(context, parameter, `must be a UUID like 123e4567-e89b-12d3-a456-426614174000, not ${JSON.stringify(value)}`);
	}
	return text;
}

/**
 * A text field's value as text: an expression may hand over a number or true/false, which
 * are used as their text; a list or an object is refused; nothing or '' is undefined.
 */
export function optionalText(context: ErrorContext, parameter: string, value: unknown): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	throw invalidParameter(context, parameter, `must be text, not ${Array.isArray(value) ? 'a list' : 'an object'}`);
}

/** Keywords as comma-separated text or as a list (from an expression): the words, trimmed. */
export function keywordList(context: ErrorContext, parameter: string, value: unknown): string[] | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const words = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
	const list = words.map((word) => optionalText(context, parameter, word)?.trim() ?? '').filter(Boolean);
	return list.length > 0 ? list : undefined;
}

/** The API's request body limit. */
export const MAX_REQUEST_BYTES = 3 * 1024 * 1024;

/** A body the API would refuse with 413 is refused here, before it is sent. */
export function requireBodyWithinLimit(context: ErrorContext, parameter: string, body: IDataObject): void {
	const bytes = Buffer.byteLength(JSON.stringify(body), 'utf8');
	if (bytes > MAX_REQUEST_BYTES) {
		throw invalidParameter(
			context,
			parameter,
			`makes a request body of ${(bytes / 1024 / 1024).toFixed(1)} MB; pdf noodle takes at most 3 MB`,
		);
	}
}
