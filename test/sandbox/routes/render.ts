import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

import type { SandboxContext } from '../context';
import { HttpError, objectBody, type Router, sendError, sendJson } from '../http';
import { renderDocument } from '../render/document';
import type { PrintOptions } from '../render/renderer';
import { type RenderJob, renderResult } from '../renders';
import { fillTemplate } from '../templates/store';
import { TEMPLATE_NOT_FOUND } from './templates';

type Body = Record<string, unknown>;

function requireString(body: Body, field: string): string {
	const value = body[field];
	if (typeof value !== 'string' || value.trim() === '') {
		throw new HttpError(400, `${field} is required and must be a non-empty string`);
	}
	return value;
}

function requireObject(body: Body, field: string): Record<string, unknown> {
	const value = body[field];
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		throw new HttpError(400, `${field} is required and must be an object`);
	}
	return value as Record<string, unknown>;
}

function optionalBoolean(body: Body, field: string): boolean | undefined {
	const value = body[field];
	if (value === undefined) return undefined;
	if (typeof value !== 'boolean') throw new HttpError(400, `${field} must be a boolean`);
	return value;
}

function urlLifetime(body: Body): number | undefined {
	const value = body.signedUrlExpiresIn;
	if (value === undefined) return undefined;
	if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
		throw new HttpError(400, 'signedUrlExpiresIn must be a positive whole number of seconds');
	}
	return value;
}

function printOptions(body: Body): PrintOptions {
	if (body.pdfParams === undefined) return {};
	return requireObject(body, 'pdfParams') as PrintOptions;
}

/**
 * A sync call waits for its render up to the sync wait; a render still going then is
 * answered 202 and goes on in the background, to be read at the status URL.
 */
async function answerSync(context: SandboxContext, job: RenderJob, response: ServerResponse): Promise<void> {
	const waited = new AbortController();
	await Promise.race([job.finished, sleep(context.settings.syncWaitMs, undefined, { signal: waited.signal }).catch(() => undefined)]);
	waited.abort();
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
	sendJson(response, 200, { signedUrl: job.signedUrl, metadata: job.metadata });
}

export function renderRoutes(router: Router, context: SandboxContext): void {
	router.add('POST', '/v1/pdf/sync', async (request, response) => {
		const body = objectBody(request);
		const templateId = requireString(body, 'templateId');
		const data = requireObject(body, 'data');
		const convertToImage = optionalBoolean(body, 'convertToImage');
		const lifetime = urlLifetime(body);
		const template = context.templates.get(templateId);
		if (!template) return sendError(response, 404, TEMPLATE_NOT_FOUND);
		const job = context.renders.start(
			async () =>
				await renderDocument(context.renderer, {
					html: fillTemplate(template.html, data),
					convertToImage,
					headerText: template.style.header.showHeader ? template.style.header.headerText : undefined,
					footerText: template.style.footer.showFooter ? template.style.footer.footerText : undefined,
				}),
			lifetime,
		);
		await answerSync(context, job, response);
	});

	router.add('POST', '/v1/html-to-pdf/sync', async (request, response) => {
		const body = objectBody(request);
		const html = requireString(body, 'html');
		const print = printOptions(body);
		const convertToImage = optionalBoolean(body, 'convertToImage');
		const lifetime = urlLifetime(body);
		const job = context.renders.start(
			async () => await renderDocument(context.renderer, { html, print, convertToImage }),
			lifetime,
		);
		await answerSync(context, job, response);
	});

	router.add('GET', '/v1/pdf/status/:requestId', (request, response) => {
		const job = context.renders.get(request.params.requestId);
		if (!job) return sendError(response, 404, 'Request could not be found');
		sendJson(response, 200, renderResult(job));
	});
}
