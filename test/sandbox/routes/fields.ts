import { HttpError } from '../http';

type Body = Record<string, unknown>;

/** Field checks shared by the routes; each failure is a 400 naming the field and the rule. */
export function requireString(body: Body, field: string): string {
	const value = body[field];
	if (typeof value !== 'string' || value.trim() === '') {
		throw new HttpError(400, `${field} is required and must be a non-empty string`);
	}
	return value;
}

export function optionalString(body: Body, field: string): string | undefined {
	const value = body[field];
	if (value === undefined) return undefined;
	if (typeof value !== 'string' || value.trim() === '') throw new HttpError(400, `${field} must be a non-empty string`);
	return value;
}

export function requireObject(body: Body, field: string): Record<string, unknown> {
	const value = body[field];
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		throw new HttpError(400, `${field} is required and must be an object`);
	}
	return value as Record<string, unknown>;
}

export function optionalBoolean(body: Body, field: string): boolean | undefined {
	const value = body[field];
	if (value === undefined) return undefined;
	if (typeof value !== 'boolean') throw new HttpError(400, `${field} must be a boolean`);
	return value;
}

/** An absolute http(s) URL. */
export function requireUrl(body: Body, field: string): string {
	const value = requireString(body, field);
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		throw new HttpError(400, `${field} must be a valid URL`);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpError(400, `${field} must be an http or https URL`);
	return value;
}
