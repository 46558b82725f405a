import type { INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { TOOL_PATHS } from '../../shared/api/endpoints';
import { serviceMessageOf } from '../../shared/errors/errors';
import { invalidParameter, requireHttpUrl, requireText } from '../../shared/errors/validation';
import { apiJsonWithinRateLimit } from '../../shared/transport/rateLimit';
import { fileRequest } from '../../shared/transport/fileRequest';
import type { ItemContext } from '../runner/itemContext';

/** Where a PDF of a tool comes from: a public URL, or a binary field of the input item. */
export interface PdfSourceParameters {
	inputType?: string;
	url?: string;
	binaryPropertyName?: string;
}

/** A source checked and ready: a URL to pass on, or the bytes of a binary to upload first. */
export type PdfSource = { url: string } | { bytes: Buffer; fileName: string };

/** The names of the three parameters of "a PDF from a URL or a binary field", as saved workflows have them. */
export interface PdfSourceNames {
	/** The choice between "url" and "binary". */
	choice: string;
	url: string;
	binary: string;
}

/** The one PDF of Compress, Split and Update PDF Metadata, and each item's PDF of Merge PDFs across items. */
export const INPUT_PDF: PdfSourceNames = { choice: 'inputType', url: 'url', binary: 'binaryPropertyNameIn' };
/** Each PDF listed in Merge PDFs → PDFs to Merge. */
export const LISTED_PDF: PdfSourceNames = { choice: 'inputType', url: 'url', binary: 'binaryPropertyName' };
/** The example document of Template → Create With AI. */
export const REFERENCE_FILE: PdfSourceNames = { choice: 'referenceFileType', url: 'fileUrl', binary: 'referenceBinaryField' };

/** The parameters of a PDF source, each its own, for the caller to lay out. */
export interface PdfSourceFields {
	choice: INodeProperties;
	url: INodeProperties;
	binary: INodeProperties;
}

/**
 * The parameters of "a PDF from a URL or a binary field" under `names`: what they share is
 * written here, what a use words its own way (labels, hints, defaults) comes in `own`.
 */
export function pdfSourceFields(names: PdfSourceNames, own: { [field in keyof PdfSourceFields]?: Partial<INodeProperties> } = {}): PdfSourceFields {
	return {
		choice: {
			displayName: 'Input PDF',
			name: names.choice,
			type: 'options',
			options: [
				{ name: 'From Binary Field', value: 'binary' },
				{ name: 'From URL', value: 'url' },
			],
			default: 'binary',
			...own.choice,
		},
		url: {
			displayName: 'PDF URL',
			name: names.url,
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/report.pdf',
			displayOptions: { show: { [names.choice]: ['url'] } },
			...own.url,
		},
		binary: {
			displayName: 'Input Binary Field',
			name: names.binary,
			type: 'string',
			default: 'data',
			displayOptions: { show: { [names.choice]: ['binary'] } },
			...own.binary,
		},
	};
}

/** A source's parameters under `names`, read with `valueOf` (the item's parameters, or an entry of a list). */
export function pdfSourceParametersOf(names: PdfSourceNames, valueOf: (name: string, fallback: string) => unknown): PdfSourceParameters {
	return {
		inputType: valueOf(names.choice, 'binary') as string,
		url: valueOf(names.url, '') as string,
		binaryPropertyName: valueOf(names.binary, 'data') as string,
	};
}

/** The "Input PDF" parameters of a tool that takes one PDF: a URL or a binary field. */
export function inputPdfFields(): INodeProperties[] {
	const { choice, binary, url } = pdfSourceFields(INPUT_PDF, {
		choice: {
			options: [
				{ name: 'From Binary Field', value: 'binary', description: 'A PDF file of the input item, uploaded to pdf noodle first' },
				{ name: 'From URL', value: 'url', description: 'A publicly accessible URL of the PDF' },
			],
		},
		binary: { required: true, hint: 'The name of the input binary field holding the PDF' },
		url: { required: true, description: 'A publicly accessible URL of the PDF' },
	});
	return [choice, binary, url];
}

/** The source of a one-PDF tool, from its parameters. */
export async function singlePdfSource(context: ItemContext): Promise<PdfSource> {
	return await checkPdfSource(context, pdfSourceParametersOf(INPUT_PDF, (name, fallback) => context.getNodeParameter(name, fallback)), '');
}

function isPdfBytes(bytes: Buffer): boolean {
	return bytes.subarray(0, 1024).includes('%PDF-');
}

function pdfFileName(name: string | undefined): string {
	const base = (name ?? '').replace(/[^\w.\- ]+/g, '_').trim() || 'document.pdf';
	return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/**
 * Checks a source without sending anything: a URL must be http(s), a binary field must
 * exist on the item and hold a PDF. `label` prefixes parameter names in messages
 * (e.g. "Sources → 2 → ").
 */
export async function checkPdfSource(
	context: ItemContext,
	parameters: PdfSourceParameters,
	label: string,
): Promise<PdfSource> {
	if (parameters.inputType === 'url') {
		return { url: requireHttpUrl(context, `${label}PDF URL`, parameters.url) };
	}
	const field = requireText(context, `${label}Input Binary Field`, parameters.binaryPropertyName).trim();
	const binary = context.getInputData().binary?.[field];
	if (!binary) {
		throw invalidParameter(context, `${label}Input Binary Field`, `the input item has no binary field "${field}"`);
	}
	const bytes = await context.helpers.getBinaryDataBuffer(field);
	if (!isPdfBytes(bytes)) {
		throw invalidParameter(
			context,
			`${label}Input Binary Field`,
			`the binary field "${field}" is not a PDF (${binary.mimeType || 'unknown type'}${binary.fileName ? `, ${binary.fileName}` : ''})`,
		);
	}
	return { bytes, fileName: pdfFileName(binary.fileName) };
}

/**
 * The URL a tool reads a source from. A binary is uploaded first: a signed upload URL
 * from the API, then a PUT of the bytes to it (without the API key: it is signed), and
 * its signed get-URL is what the tool is given.
 */
export async function sourceUrl(context: ItemContext, source: PdfSource): Promise<string> {
	if ('url' in source) return source.url;
	const upload = await apiJsonWithinRateLimit(context, { method: 'GET', url: TOOL_PATHS.signedUploadUrl, qs: { fileName: source.fileName } });
	const uploaded = await fileRequest(context, {
		method: 'PUT',
		url: String(upload.presignedUploadUrl),
		body: source.bytes,
		headers: { 'Content-Type': 'application/pdf' },
		json: false,
	});
	if (uploaded.statusCode >= 400) {
		throw new NodeApiError(context.getNode(), { message: serviceMessageOf(uploaded.body) ?? null }, {
			httpCode: String(uploaded.statusCode),
			message: `Uploading "${source.fileName}" to pdf noodle failed with status ${uploaded.statusCode}`,
			description: serviceMessageOf(uploaded.body) ?? 'The upload URL refused the file.',
			itemIndex: context.getItemIndex(),
		});
	}
	return String(upload.presignedGetUrl);
}
