/** The api room: every path of the pdf noodle API (here), the records of renders and batches with their IDs, states and status paths (records.ts) and the payloads the service posts (events.ts); its arrows: test/unit/rooms.test.ts. */

/** Which kind of render: from a stored template, or from the user's own HTML (a batch too: template entries or HTML entries). Template renders take two more options. */
export type RenderSource = 'template' | 'html';

/** The most items one batch renders (the spec's "1 to 20 items"): a batch record has no more results. */
export const MAX_BATCH_ITEMS = 20;

/** The three ways to start a render: held until done, answered at once, or several at once. */
export const RENDER_PATHS: Record<RenderSource, { sync: string; async: string; batch: string }> = {
	template: { sync: '/v1/pdf/sync', async: '/v1/pdf/async', batch: '/v1/pdf/batch' },
	html: { sync: '/v1/html-to-pdf/sync', async: '/v1/html-to-pdf/async', batch: '/v1/html-to-pdf/batch' },
};

/** The status endpoints, each followed by `/<id>`: what a status URL the API answers ends in. */
const STATUS_PATHS = {
	render: '/v1/pdf/status',
	batch: '/v1/pdf/batch/status',
	tool: '/v1/tools/status',
} as const;

export function renderStatusPath(requestId: string): string {
	return `${STATUS_PATHS.render}/${encodeURIComponent(requestId)}`;
}

export function batchStatusPath(batchRequestId: string): string {
	return `${STATUS_PATHS.batch}/${encodeURIComponent(batchRequestId)}`;
}

export function toolStatusPath(requestId: string): string {
	return `${STATUS_PATHS.tool}/${encodeURIComponent(requestId)}`;
}

/** The templates of the account (a list), one template, its variables, and AI creation. */
export const TEMPLATES_PATH = '/v1/integration/templates';

export function templatePath(templateId: string): string {
	return `${TEMPLATES_PATH}/${encodeURIComponent(templateId)}`;
}

export function templateVariablesPath(templateId: string): string {
	return `${templatePath(templateId)}/variables`;
}

export const TEMPLATE_CREATION_PATH = `${TEMPLATES_PATH}/create`;

/** The PDF tools, and where a tool's input PDF is uploaded first. */
export const TOOL_PATHS = {
	markdownToPdf: '/v1/tools/convert-markdown-to-pdf',
	mergePdfs: '/v1/tools/merge-pdfs',
	splitPdf: '/v1/tools/split-pdf',
	compressPdf: '/v1/tools/compress-pdf',
	updateMetadata: '/v1/tools/update-pdf-metadata',
	signedUploadUrl: '/v1/tools/get-signed-upload-url',
} as const;
