/**
 * The render family, in the one shape of every family of work (waiting/family.ts): its plan
 * (`RenderPlan`: the request as the one document builder makes it, `renderDraft`, the waiting
 * with `RENDER_WAIT_DEFAULTS` and the output settings), its work kind (`RENDER_WORK`), its send
 * (`sendRender`) and its output (`renderOutput`): `RENDERS`. Render From Template and Render
 * From HTML run it for each item, or pause their items together (renderDocuments.ts).
 */
import type { IDataObject, IN8nHttpFullResponse, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { RENDER_PATHS, type RenderSource } from '../../../shared/api/endpoints';
import { failed, STATE } from '../../../shared/api/records';
import { requireBodyWithinLimit, requireHttpUrl } from '../../../shared/errors/validation';
import { announcedSizeOf, downloadToBinary } from '../../../shared/files/download';
import type { ApiRequest } from '../../../shared/transport/transport';
import { withDataCheck } from '../../dataCheck/checkedData';
import { RENDER_HTML_SOURCE } from '../../fields/documentSource';
import { type DownloadSettings, downloadSettingsOf } from '../../fields/fields';
import { throwOnMissingTemplate } from '../../fields/templateLocator';
import { modeOf } from '../../pause/mode';
import type { ItemContext } from '../../runner/itemContext';
import type { PlanOfWork, WorkFamily } from '../../waiting/family';
import { type WaitDefaults, waitSettings } from '../../waiting/settings';
import { outcomeOfWork, sendWork, type SentWork } from '../../waiting/waiting';
import { workKindOf } from '../../waiting/workKind';
import { type DocumentParameters, documentOf } from './document';

/** Renders usually take seconds; the API moves anything over 30 s to the background. */
export const RENDER_WAIT_DEFAULTS: WaitDefaults = { pollIntervalSeconds: 3, timeoutSeconds: 300 };

/** A render going on in the background, as the waits and Get Status look it up. */
export const RENDER_WORK = workKindOf('render', RENDER_WAIT_DEFAULTS);

/**
 * A render's plan, every parameter checked, before anything is asked of pdf noodle: its
 * request (asynchronous or not, as Mode says), what the send reads of the raw answer first
 * (Render From Template's missing template), the waiting, the output settings (Download File
 * and its fields: a paused render keeps them for its resume) and what its data check found.
 */
export interface RenderPlan extends PlanOfWork<DownloadSettings> {
	request: ApiRequest;
	async: boolean;
	readFirst?: (response: IN8nHttpFullResponse) => void;
	dataCheck?: IDataObject;
}

/** A render's plan before its data is complete: `withData` completes it with what needs an answer of the service (the data check, the data Map Automatically makes). */
export interface RequestDraft extends RenderPlan {
	withData?: () => Promise<{ request: ApiRequest; dataCheck?: IDataObject }>;
}

/** The draft's plan, its data completed and checked. */
export async function completedRequest({ withData, ...plan }: RequestDraft): Promise<RenderPlan> {
	return withData ? { ...plan, ...(await withData()) } : plan;
}

/** Where a single render's document is: Render From Template's and Render From HTML's own parameters. */
export const RENDER_DOCUMENT: DocumentParameters = {
	data: { mode: 'dataMode', json: 'data', mapper: 'variables', asText: 'variablesAsText' },
	html: RENDER_HTML_SOURCE,
	batchEntry: false,
};

/**
 * The plan of a single render: its document (the one builder, document.ts) with the Mode's
 * webhook, then the waiting and the output settings. Mode decides the endpoint: synchronous,
 * or asynchronous (also for "Pause Until Called Back", which gives the webhook itself when it
 * sends). The body stays within the API's limit, its data completed too.
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
		async: mode === 'async',
		readFirst: source === 'template' ? (response) => throwOnMissingTemplate(context, response) : undefined,
		wait: waitSettings(context, RENDER_WAIT_DEFAULTS),
		output: downloadSettingsOf(context),
		withData: complete && (async () => {
			const { body, dataCheck } = await complete();
			return { request: body === document.body ? request : requestOf(body), dataCheck };
		}),
	};
}

/** Sends a render's request. */
async function sendRender(context: ItemContext, plan: RenderPlan): Promise<SentWork> {
	return await sendWork(context, plan.request, plan.readFirst);
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
async function renderOutput(context: ItemContext, sent: SentWork, plan: RenderPlan): Promise<INodeExecutionData[]> {
	const outcome = await outcomeOfWork(context, RENDER_WORK, plan.wait, sent, (answer, statusCode) =>
		statusCode === 202 || plan.async ? String(answer.requestId ?? '') : undefined,
	);
	if (outcome.done === 'atOnce') return withDataCheck(await finishedRenderItems(context, { requestId: null, renderStatus: STATE.success, ...outcome.answer }, plan.output), plan.dataCheck);
	return withDataCheck(outcome.done === 'waited' ? await finishedRenderItems(context, outcome.record, plan.output) : [{ json: outcome.answer }], plan.dataCheck);
}

/** The render family: plan (`renderDraft`) → send → output. */
export const RENDERS: WorkFamily<RenderPlan> = { kind: RENDER_WORK, send: sendRender, output: renderOutput };

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
