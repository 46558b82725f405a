/**
 * The fields of each request body, as api-spec.md (and, where the spec says "not shown",
 * shared/api-notes.md) gives them. The sandbox checks every body against these and logs what
 * does not fit (contract/check.ts); it refuses only what the service is known to refuse.
 */

/** What a field holds. `offByDefault`: a boolean whose default is false, so false is left out, never sent. */
export type FieldKind = 'string' | 'number' | 'offByDefault' | 'object' | 'array' | 'printOptions';

export interface FieldRule {
	kind: FieldKind;
	required?: boolean;
	/** The fields of each entry of a list (batch items). */
	entries?: Fields;
}

export type Fields = Record<string, FieldRule>;

const required = (kind: FieldKind): FieldRule => ({ kind, required: true });
const optional = (kind: FieldKind): FieldRule => ({ kind });

/** The common render options (api-spec.md, "Rendering common options"). */
const RENDER_OPTIONS: Fields = {
	convertToImage: optional('offByDefault'),
	metadata: optional('object'),
	s3_bucket: optional('string'),
	s3_key: optional('string'),
	signedUrlExpiresIn: optional('number'),
	hasCover: optional('offByDefault'),
};
const TEMPLATE_ONLY: Fields = { externalId: optional('string'), debug: optional('offByDefault') };

const TEMPLATE_RENDER: Fields = { templateId: required('string'), data: required('object'), ...RENDER_OPTIONS, ...TEMPLATE_ONLY };
const HTML_RENDER: Fields = { html: required('string'), pdfParams: optional('printOptions'), ...RENDER_OPTIONS };

const TEMPLATE_ENTRY: Fields = { templateId: required('string'), data: required('object'), ...RENDER_OPTIONS, ...TEMPLATE_ONLY };
const HTML_ENTRY: Fields = { html: required('string'), pdfParams: optional('printOptions'), ...RENDER_OPTIONS, debug: optional('offByDefault') };

const batch = (entry: Fields): Fields => ({
	items: { kind: 'array', required: true, entries: entry },
	async: optional('offByDefault'),
	merge: optional('offByDefault'),
	webhook: optional('string'),
	signedUrlExpiresIn: optional('number'),
});

const TOOL_COMMON: Fields = { finalFilename: optional('string'), expiration: optional('number'), async: optional('offByDefault') };

/** Chromium's print options, of pdfParams (api-notes.md) and pdfOptions (api-spec.md): the flags checked here. */
export const PRINT_FLAGS = ['landscape', 'printBackground', 'displayHeaderFooter'];

/** Every endpoint with a body: `METHOD path` (no ids in these paths). */
export const BODY_FIELDS: Record<string, Fields> = {
	'POST /v1/pdf/sync': TEMPLATE_RENDER,
	'POST /v1/pdf/async': { ...TEMPLATE_RENDER, webhook: required('string') },
	'POST /v1/html-to-pdf/sync': HTML_RENDER,
	'POST /v1/html-to-pdf/async': { ...HTML_RENDER, webhook: required('string') },
	'POST /v1/pdf/batch': batch(TEMPLATE_ENTRY),
	'POST /v1/html-to-pdf/batch': batch(HTML_ENTRY),
	'POST /v1/integration/templates/create': { prompt: required('string'), displayName: required('string'), fileUrl: optional('string') },
	'POST /v1/tools/convert-markdown-to-pdf': { markdown: required('string'), customCss: optional('string'), pdfOptions: optional('printOptions'), ...TOOL_COMMON },
	'POST /v1/tools/merge-pdfs': { urls: required('array'), ...TOOL_COMMON },
	'POST /v1/tools/split-pdf': { url: required('string'), splitMode: optional('string'), ranges: optional('string'), interval: optional('number'), ...TOOL_COMMON },
	'POST /v1/tools/compress-pdf': { url: required('string'), compressLevel: optional('string'), ...TOOL_COMMON },
	'POST /v1/tools/update-pdf-metadata': { url: required('string'), metadata: required('object'), ...TOOL_COMMON },
};

/** The query parameters of the endpoints that take any (api-notes.md); other GETs take none. */
export const QUERY_FIELDS: Record<string, string[]> = {
	'GET /v1/tools/get-signed-upload-url': ['fileName'],
};
