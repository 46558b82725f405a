import { PDFDocument } from 'pdf-lib';

import { type Batch, batchRecord } from '../batches';
import type { SandboxContext } from '../context';
import { HttpError, objectBody, type Router, sendError, sendJson } from '../http';
import { finishedWithin } from '../wait';
import { deliverWebhook } from '../webhooks';
import { requireUrl } from './fields';
import { htmlRequest, type RenderRequest, renderOptions, startRender, templateRequest } from './render';

type Body = Record<string, unknown>;

const MAX_ITEMS = 20;

/** An entry whose template is missing renders to FAILED, as a failed render inside a batch is no HTTP error. */
function entryRequest(context: SandboxContext, entry: Body, kind: 'template' | 'html'): RenderRequest {
	if (kind === 'html') return htmlRequest(entry);
	try {
		return templateRequest(context, entry);
	} catch (error) {
		if (error instanceof HttpError && error.status === 404) {
			return { html: () => { throw new Error(`Template "${String(entry.templateId)}" could not be found`); } };
		}
		throw error;
	}
}

async function mergedFile(context: SandboxContext, batch: Batch, lifetime: number | undefined): Promise<string> {
	const merged = await PDFDocument.create();
	for (const job of batch.jobs) {
		if (job.renderStatus !== 'SUCCESS' || !job.fileId) continue;
		const file = context.files.get(job.fileId);
		if (!file?.bytes || file.mimeType !== 'application/pdf') continue;
		const source = await PDFDocument.load(file.bytes);
		for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
	}
	if (merged.getPageCount() === 0) return '';
	const stored = context.files.put(Buffer.from(await merged.save()), `${batch.batchRequestId}-merged.pdf`, 'application/pdf');
	return context.files.signedUrl(stored, lifetime, context.now()).url;
}

export function batchRoutes(router: Router, context: SandboxContext): void {
	const batchEndpoint = (path: string, kind: 'template' | 'html') =>
		router.add('POST', path, async (request, response) => {
			const body = objectBody(request);
			const items = body.items;
			if (!Array.isArray(items) || items.length < 1 || items.length > MAX_ITEMS) {
				throw new HttpError(400, `items must be a list of 1 to ${MAX_ITEMS} entries`);
			}
			const entries = items.map((item, index) => {
				if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new HttpError(400, `items[${index}] must be an object`);
				return item as Body;
			});
			const merge = body.merge ?? false;
			if (typeof merge !== 'boolean') throw new HttpError(400, 'merge must be a boolean');
			const isAsync = body.async ?? false;
			if (typeof isAsync !== 'boolean') throw new HttpError(400, 'async must be a boolean');
			if (merge && entries.some((entry) => entry.convertToImage === true)) {
				throw new HttpError(400, 'merge cannot be used when any item has convertToImage set to true');
			}
			const webhook = body.webhook === undefined ? undefined : requireUrl(body, 'webhook');
			const lifetime = body.signedUrlExpiresIn;
			if (lifetime !== undefined && (typeof lifetime !== 'number' || !Number.isInteger(lifetime) || lifetime <= 0)) {
				throw new HttpError(400, 'signedUrlExpiresIn must be a positive whole number of seconds');
			}
			const planned = entries.map((entry) => {
				const options = renderOptions(context, entry, kind, true);
				return { request: entryRequest(context, entry, kind), options: { ...options, lifetime: lifetime as number | undefined } };
			});
			// Entries start one after another when the sandbox is told to stagger them, so that a
			// running batch shows `completed` below `total`.
			const jobs = planned.map(({ request: entryRender, options }, index) =>
				startRender(context, entryRender, options, context.settings.batchStaggerMs * index),
			);
			const batch = context.batches.add(jobs, merge, async (finished) => {
				if (merge) finished.mergedUrl = await mergedFile(context, finished, lifetime as number | undefined);
			});
			if (webhook) void batch.finished.then(async () => await deliverWebhook(context, webhook, batchRecord(batch)));

			const statusUrl = `${context.baseUrl()}/v1/pdf/batch/status/${batch.batchRequestId}`;
			if (isAsync) {
				return sendJson(response, 200, {
					batchRequestId: batch.batchRequestId,
					statusUrl,
					total: jobs.length,
					subRequestIds: jobs.map((job) => job.requestId),
					message: 'The batch runs in the background; poll statusUrl or wait for the webhook.',
				});
			}
			if (!(await finishedWithin(batch.finished, context.settings.syncWaitMs))) {
				return sendJson(response, 202, {
					batchRequestId: batch.batchRequestId,
					statusUrl,
					message: 'The batch takes longer than the synchronous wait and goes on in the background; poll statusUrl for the result.',
				});
			}
			sendJson(response, 200, batchRecord(batch));
		});

	batchEndpoint('/v1/pdf/batch', 'template');
	batchEndpoint('/v1/html-to-pdf/batch', 'html');

	router.add('GET', '/v1/pdf/batch/status/:batchRequestId', (request, response) => {
		const batch = context.batches.get(request.params.batchRequestId);
		if (!batch) return sendError(response, 404, 'Batch could not be found');
		sendJson(response, 200, batchRecord(batch));
	});
}
