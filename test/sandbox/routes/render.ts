import type { ServerResponse } from 'node:http';

import { PDFDocument, StandardFonts } from 'pdf-lib';

import type { SandboxContext } from '../context';
import { HttpError, objectBody, type Router, sendError, sendJson } from '../http';

import { type PdfProperties, printOptionsFrom, type RenderedFile, renderDocument } from '../render/document';
import type { PrintOptions } from '../render/renderer';
import { textOnlyPdf } from '../render/textOnly';
import { type RenderJob, renderResult } from '../renders';
import { fillTemplate } from '../templates/store';
import { finishedWithin } from '../wait';
import { deliverWebhook } from '../webhooks';
import { TEMPLATE_NOT_FOUND } from './templates';
import { optionalBoolean, optionalString, requireObject, requireString, requireUrl } from './fields';

type Body = Record<string, unknown>;

/** The common render options of a body, checked as the service checks them. */
export interface RenderOptions {
	convertToImage?: boolean;
	metadata?: PdfProperties;
	hasCover?: boolean;
	lifetime?: number;
	debug?: boolean;
	/** Name of the stored file (from `s3_key`), without extension. */
	storedName?: string;
}

const METADATA_FIELDS = ['title', 'author', 'subject', 'keywords', 'creator', 'producer'];

export function renderOptions(context: SandboxContext, body: Body, source: 'template' | 'html', batchEntry = false): RenderOptions {
	const options: RenderOptions = {
		convertToImage: optionalBoolean(body, 'convertToImage'),
		hasCover: optionalBoolean(body, 'hasCover'),
	};
	if (body.metadata !== undefined) {
		const metadata = requireObject(body, 'metadata');
		for (const [field, value] of Object.entries(metadata)) {
			if (!METADATA_FIELDS.includes(field)) throw new HttpError(400, `metadata.${field} is not a known PDF metadata field`);
			if (typeof value !== 'string') throw new HttpError(400, `metadata.${field} must be a string`);
		}
		options.metadata = metadata as PdfProperties;
	}
	if (body.signedUrlExpiresIn !== undefined) {
		const value = body.signedUrlExpiresIn;
		if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
			throw new HttpError(400, 'signedUrlExpiresIn must be a positive whole number of seconds');
		}
		options.lifetime = value;
	}
	const bucket = optionalString(body, 's3_bucket');
	const key = optionalString(body, 's3_key');
	if (key !== undefined && bucket === undefined) throw new HttpError(400, 's3_key can only be used with a custom s3_bucket');
	if (bucket !== undefined && !context.storageConnections.has(bucket)) {
		throw new HttpError(400, `s3_bucket "${bucket}" is not an active storage connection of this account`);
	}
	if (key !== undefined) options.storedName = key.split('/').filter(Boolean).pop();
	if (source === 'template') {
		options.debug = optionalBoolean(body, 'debug');
		const externalId = optionalString(body, 'externalId');
		if (externalId !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(externalId)) {
			throw new HttpError(400, 'externalId must be a UUID');
		}
	} else if (body.externalId !== undefined || (body.debug !== undefined && !batchEntry)) {
		throw new HttpError(400, `${batchEntry ? 'externalId is' : 'debug and externalId are'} only accepted by template renders`);
	} else if (batchEntry) {
		options.debug = optionalBoolean(body, 'debug');
	}
	return options;
}

/** What a body asks to render; the HTML is made inside the render, so a template that does not compile ends FAILED. */
export interface RenderRequest {
	html: () => string;
	print?: PrintOptions;
	headerText?: string;
	footerText?: string;
}

/** What to render for a template body, or a 404 when the template does not exist. */
export function templateRequest(context: SandboxContext, body: Body): RenderRequest {
	const templateId = requireString(body, 'templateId');
	const data = requireObject(body, 'data');
	const template = context.templates.get(templateId);
	if (!template) throw new HttpError(404, TEMPLATE_NOT_FOUND);
	return {
		html: () => fillTemplate(template.html, data),
		headerText: template.style.header.showHeader ? template.style.header.headerText : undefined,
		footerText: template.style.footer.showFooter ? template.style.footer.footerText : undefined,
	};
}

export function htmlRequest(body: Body): RenderRequest {
	const html = requireString(body, 'html');
	const print = body.pdfParams === undefined ? undefined : printOptionsFrom(pdfParamsOf(body.pdfParams));
	return { html: () => html, print };
}

/**
 * pdfParams as an object, or as JSON text of one: pdf noodle's own n8n node sends it as text
 * on every HTML render, so the service evidently takes it. The contract-violation log notes it.
 */
function pdfParamsOf(value: unknown): Record<string, unknown> {
	let params = value;
	if (typeof value === 'string') {
		try {
			params = JSON.parse(value);
		} catch {
			throw new HttpError(400, 'pdfParams must be an object of print options (or JSON text of one); the text given is not JSON');
		}
	}
	if (params === null || typeof params !== 'object' || Array.isArray(params)) {
		throw new HttpError(400, 'pdfParams must be an object of print options (or JSON text of one)');
	}
	return params as Record<string, unknown>;
}

export function startRender(context: SandboxContext, request: RenderRequest, options: RenderOptions, startDelayMs = 0): RenderJob {
	return context.renders.start(
		async () => {
			if (context.settings.fixedRender) return await preparedPdf();
			const html = request.html();
			if (context.settings.textRender && !options.convertToImage) {
				return { bytes: await textOnlyPdf(html), mimeType: 'application/pdf', extension: 'pdf' };
			}
			return await renderDocument(context.renderer, { ...request, html, convertToImage: options.convertToImage, hasCover: options.hasCover, metadata: options.metadata });
		},
		{ urlLifetimeSeconds: options.lifetime, fileBaseName: options.storedName, startDelayMs },
	);
}

let prepared: Promise<RenderedFile> | undefined;

/** The one-page PDF every render returns in `fixedRender` mode (benchmarks, and tests that do not read the document). */
async function preparedPdf(): Promise<RenderedFile> {
	prepared ??= (async () => {
		const document = await PDFDocument.create();
		const page = document.addPage([595, 842]);
		page.drawText('Benchmark document', { x: 72, y: 760, size: 24, font: await document.embedFont(StandardFonts.Helvetica) });
		return { bytes: Buffer.from(await document.save()), mimeType: 'application/pdf', extension: 'pdf' } as RenderedFile;
	})();
	return await prepared;
}

/**
 * A sync call waits for its render up to the sync wait; a render still going then is
 * answered 202 and goes on in the background, to be read at the status URL.
 */
async function answerSync(context: SandboxContext, job: RenderJob, options: RenderOptions, response: ServerResponse): Promise<void> {
	await finishedWithin(job.finished, context.settings.syncWaitMs);
	if (job.renderStatus === 'ONGOING') {
		return sendJson(response, 202, {
			requestId: job.requestId,
			statusUrl: `${context.baseUrl()}/v1/pdf/status/${job.requestId}`,
			message: 'The render takes longer than the synchronous wait and goes on in the background; poll statusUrl for the result.',
		});
	}
	if (job.renderStatus === 'FAILED') {
		return sendError(response, 500, `The document could not be rendered: ${job.failure ?? 'unknown error'}`);
	}
	const answer: Record<string, unknown> = { signedUrl: job.signedUrl, metadata: job.metadata };
	if (options.debug) answer.debug = { requestId: job.requestId, renderedBytes: job.fileBytes };
	sendJson(response, 200, answer);
}

/** An async call answers `{requestId}` at once; the result is POSTed to the webhook later. */
function answerAsync(context: SandboxContext, job: RenderJob, webhook: string, response: ServerResponse): void {
	sendJson(response, 200, { requestId: job.requestId });
	void job.finished.then(async () => await deliverWebhook(context, webhook, renderResult(job)));
}

export function renderRoutes(router: Router, context: SandboxContext): void {
	router.add('POST', '/v1/pdf/sync', async (request, response) => {
		const body = objectBody(request);
		const input = templateRequest(context, body);
		const options = renderOptions(context, body, 'template');
		await answerSync(context, startRender(context, input, options), options, response);
	});

	router.add('POST', '/v1/pdf/async', (request, response) => {
		const body = objectBody(request);
		const input = templateRequest(context, body);
		const webhook = requireUrl(body, 'webhook');
		const options = renderOptions(context, body, 'template');
		answerAsync(context, startRender(context, input, options), webhook, response);
	});

	router.add('POST', '/v1/html-to-pdf/sync', async (request, response) => {
		const body = objectBody(request);
		const input = htmlRequest(body);
		const options = renderOptions(context, body, 'html');
		await answerSync(context, startRender(context, input, options), options, response);
	});

	router.add('POST', '/v1/html-to-pdf/async', (request, response) => {
		const body = objectBody(request);
		const input = htmlRequest(body);
		const webhook = requireUrl(body, 'webhook');
		const options = renderOptions(context, body, 'html');
		answerAsync(context, startRender(context, input, options), webhook, response);
	});

	router.add('GET', '/v1/pdf/status/:requestId', (request, response) => {
		const job = context.renders.get(request.params.requestId);
		if (!job) return sendError(response, 404, 'Request could not be found');
		sendJson(response, 200, renderResult(job));
	});
}
