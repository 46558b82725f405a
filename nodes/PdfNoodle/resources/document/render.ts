/**
 * The render family, in the shape of every family of work (batch/batch.ts, pdfTool/tool.ts,
 * template/creation.ts): its request (`RequestDraft`, `renderRequest`), its work kind
 * (`RENDER_WORK`) and its output (`renderOutput`); Render From Template and Render From HTML
 * send it, one by one or paused together (renderDocuments.ts).
 */
import type { IDataObject, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { RENDER_PATHS, type RenderSource } from '../../../shared/api/endpoints';
import { failed, STATE } from '../../../shared/api/records';
import { requireBodyWithinLimit, requireHttpUrl } from '../../../shared/errors/validation';
import { announcedSizeOf, downloadToBinary } from '../../../shared/files/download';
import type { ApiRequest } from '../../../shared/transport/transport';
import { type DownloadSettings, downloadSettingsOf } from '../../fields/fields';
import { modeOf } from '../../pause/mode';
import type { ItemContext } from '../../runner/itemContext';
import { type WaitDefaults, type WaitSettings, waitSettings } from '../../waiting/settings';
import { outcomeOfWork, type SentWork } from '../../waiting/waiting';
import { workKindOf } from '../../waiting/workKind';
import { type DocumentParameters, documentOf } from './document';

/** Renders usually take seconds; the API moves anything over 30 s to the background. */
export const RENDER_WAIT_DEFAULTS: WaitDefaults = { pollIntervalSeconds: 3, timeoutSeconds: 300 };

/** A render going on in the background, as the waits and Get Status look it up. */
export const RENDER_WORK = workKindOf('render', RENDER_WAIT_DEFAULTS);

/** A render's request, checked, and what its data check found (Render From Template: dataCheck/). */
export interface CheckedRequest {
	request: ApiRequest;
	dataCheck?: IDataObject;
}

/**
 * A render's request with every parameter checked, before anything is asked of pdf noodle;
 * `withData`, when there is one, completes it with what needs an answer of the service (the
 * data check of Render From Template, the data Map Automatically makes).
 */
export interface RequestDraft extends RenderSettings {
	request: ApiRequest;
	withData?: () => Promise<CheckedRequest>;
}

/** How the node waits for a render and what it does with its file, read and checked with the rest of the request. */
export interface RenderSettings {
	wait: WaitSettings;
	/** Download File and its fields: a paused render keeps them for its resume. */
	download: DownloadSettings;
}

export function renderSettings(context: ItemContext): RenderSettings {
	return { wait: waitSettings(context, RENDER_WAIT_DEFAULTS), download: downloadSettingsOf(context) };
}

/** The draft's request, its data completed and checked. */
export async function completedRequest(draft: RequestDraft): Promise<CheckedRequest> {
	return draft.withData ? await draft.withData() : { request: draft.request };
}

/** Where a single render's document is: Render From Template's and Render From HTML's own parameters. */
export const RENDER_DOCUMENT: DocumentParameters = {
	data: { mode: 'dataMode', json: 'data', mapper: 'variables', asText: 'variablesAsText' },
	html: 'html',
	batchEntry: false,
};

/**
 * The request of a single render, every parameter checked, not sent: its document (the one
 * builder, document.ts) with the Mode's webhook, and how the node waits for it and what it
 * does with its file. Mode decides the endpoint: synchronous, or asynchronous (also for "Pause
 * Until Called Back", which gives the webhook itself when it sends). The body stays within
 * the API's limit, its data completed too.
 */
export function renderDraft(context: ItemContext, source: RenderSource): RequestDraft {
	const mode = modeOf(context);
	const webhook = (): IDataObject => (mode === 'async' ? { webhook: requireHttpUrl(context, 'Webhook URL', context.getNodeParameter('webhook', '')) } : {});
	const document = documentOf(context, source, RENDER_DOCUMENT, webhook);
	const requestOf = (body: IDataObject): ApiRequest => {
		requireBodyWithinLimit(context, source === 'template' ? 'Data' : 'HTML', body);
		return { method: 'POST', url: mode === 'sync' ? RENDER_PATHS[source].sync : RENDER_PATHS[source].async, body };
	};
	const request = requestOf(document.body);
	const complete = document.withData;
	return {
		request,
		...renderSettings(context),
		withData: complete && (async () => {
			const { body, dataCheck } = await complete();
			return { request: body === document.body ? request : requestOf(body), dataCheck };
		}),
	};
}

/** A render that ended FAILED: an error of its item, with the id to look it up by. */
export function renderFailedError(context: ItemContext, result: IDataObject): NodeApiError {
	return new NodeApiError(context.getNode(), result as JsonObject, {
		message: `The render failed (requestId ${String(result.requestId)})`,
		description:
			'pdf noodle could not render this document. Check the template and the data (or the HTML), and see the request in the logs of your pdf noodle dashboard.',
		itemIndex: context.getItemIndex(),
	});
}

/**
 * What every render does with the answer: errors first, then waiting for a render that is not
 * finished yet (a sync call answered 202 after 30 s, or an asynchronous call), then the file.
 * The item's JSON is the render result in one shape whatever the timing: `requestId` (null
 * for a synchronous answer, which names none), `renderStatus`, `signedUrl`, `metadata`. With
 * "Wait for Completion" off, an unfinished render's answer is output as it is.
 */
export async function renderOutput(context: ItemContext, sent: SentWork, { wait, download }: RenderSettings): Promise<INodeExecutionData[]> {
	const isAsync = modeOf(context) === 'async';
	const outcome = await outcomeOfWork(context, RENDER_WORK, wait, sent, (answer, statusCode) =>
		statusCode === 202 || isAsync ? String(answer.requestId ?? '') : undefined,
	);
	if (outcome.done === 'atOnce') return await finishedRenderItems(context, { requestId: null, renderStatus: STATE.success, ...outcome.answer }, download);
	return outcome.done === 'waited' ? await finishedRenderItems(context, outcome.record, download) : [{ json: outcome.answer }];
}

/**
 * The items of a render that has finished (its result, or its status record): what the
 * polling path outputs once the wait is over, and what a paused execution outputs when pdf
 * noodle's call resumes it (with the `download` settings it kept). FAILED is an error of the item.
 */
export async function finishedRenderItems(context: ItemContext, result: IDataObject, download: DownloadSettings): Promise<INodeExecutionData[]> {
	if (failed('render', result)) throw renderFailedError(context, result);
	return [await withRenderedFile(context, { json: result }, download)];
}

/**
 * The status of a render looked up by Get Status: as it is, with the file when it succeeded
 * and "Download File" is on.
 */
export async function renderStatusItems(context: ItemContext, record: IDataObject): Promise<INodeExecutionData[]> {
	return [await withRenderedFile(context, { json: record }, downloadSettingsOf(context))];
}

/** The item with the file behind its `signedUrl` in its binary data, when "Download File" is on. */
async function withRenderedFile(context: ItemContext, item: INodeExecutionData, { download, field, fileName }: DownloadSettings): Promise<INodeExecutionData> {
	const signedUrl = item.json.signedUrl;
	if (!download || typeof signedUrl !== 'string' || signedUrl === '') return item;
	const fallbackName = typeof item.json.requestId === 'string' ? item.json.requestId : 'document';
	const file = await downloadToBinary(context, signedUrl, fileName, fallbackName, announcedSizeOf(item.json));
	return { ...item, binary: { ...item.binary, [field]: file } };
}
