import type { IDataObject, IExecuteFunctions, IHttpRequestOptions, INodeExecutionData, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { asNodeError, errorItem } from '../../shared/errors';
import { itemContextOf } from '../../shared/itemContext';
import { inInputOrder } from '../../shared/pairing';
import { type AwaitedWork, isPauseMode, pauseForWork, pauseSettings } from '../../shared/pause';
import { apiRequestWithinRateLimit } from '../../shared/rateLimit';
import { type CustomOperation, requestOf, stepsOf } from '../../shared/routedOperations';
import { apiJson } from '../../shared/transport';
import { invalidParameter } from '../../shared/validation';
import { finishedRenderItems } from './output';

/** The batch endpoint that renders what an asynchronous endpoint renders, for several items at once. */
const BATCH_OF: Record<string, string> = {
	'/v1/pdf/async': '/v1/pdf/batch',
	'/v1/html-to-pdf/async': '/v1/html-to-pdf/batch',
};

/** What an item asks for: the asynchronous request its steps build, or why it cannot be sent. */
type PlannedRender = { itemIndex: number; request: IHttpRequestOptions } | { itemIndex: number; error: Error };

/**
 * Builds every item's request with the operation's own steps. The same plan is made again
 * when the execution resumes: it tells which items were sent, in which order, without the
 * paused execution having to keep it.
 */
async function planRenders(execute: IExecuteFunctions, option: INodePropertyOptions): Promise<PlannedRender[]> {
	const steps = stepsOf(option)!;
	const plans: PlannedRender[] = [];
	for (let itemIndex = 0; itemIndex < execute.getInputData().length; itemIndex++) {
		try {
			plans.push({ itemIndex, request: await requestOf(itemContextOf(execute, itemIndex), steps) });
		} catch (error) {
			plans.push({ itemIndex, error: error as Error });
		}
	}
	return plans;
}

function sentOf(plans: PlannedRender[]): Array<{ itemIndex: number; request: IHttpRequestOptions }> {
	return plans.filter((plan): plan is { itemIndex: number; request: IHttpRequestOptions } => 'request' in plan);
}

/**
 * The request of a pause: one item's asynchronous render, or a batch of all the items, so
 * that one call back carries every result. A batch has one Signed URL Lifetime for all.
 */
function pauseRequest(execute: IExecuteFunctions, sent: Array<{ itemIndex: number; request: IHttpRequestOptions }>, resumeUrl: string): { url: string; body: IDataObject; kind: AwaitedWork['kind'] } {
	if (sent.length === 1) {
		const { request } = sent[0];
		return { url: String(request.url), body: { ...(request.body as IDataObject), webhook: resumeUrl }, kind: 'render' };
	}
	const entries = sent.map(({ request }) => {
		const { signedUrlExpiresIn: _lifetime, ...entry } = request.body as IDataObject;
		return entry;
	});
	const lifetimes = new Set(sent.map(({ request }) => (request.body as IDataObject).signedUrlExpiresIn));
	if (lifetimes.size > 1) {
		throw invalidParameter(itemContextOf(execute, sent[0].itemIndex), 'Signed URL Lifetime (Seconds)', 'must be the same for every item when the items are paused together (they go as one batch)');
	}
	const [lifetime] = [...lifetimes];
	const body: IDataObject = { items: entries, async: true, webhook: resumeUrl };
	if (lifetime !== undefined) body.signedUrlExpiresIn = lifetime;
	return { url: BATCH_OF[String(sent[0].request.url)], body, kind: 'batch' };
}

/** Items that could not be sent: error items under "Continue On Fail", else the node's error. */
function refusedItems(execute: IExecuteFunctions, plans: PlannedRender[]): INodeExecutionData[] {
	const items: INodeExecutionData[] = [];
	for (const plan of plans) {
		if (!('error' in plan)) continue;
		const error = asNodeError(itemContextOf(execute, plan.itemIndex), plan.error);
		if (!execute.continueOnFail()) throw error;
		items.push(errorItem(error, { item: plan.itemIndex }));
	}
	return items;
}

async function pauseRenders(execute: IExecuteFunctions, option: INodePropertyOptions): Promise<INodeExecutionData[][]> {
	const { resumeUrl, timeoutMs } = pauseSettings(execute);
	const plans = await planRenders(execute, option);
	const refused = refusedItems(execute, plans);
	const sent = sentOf(plans);
	if (sent.length === 0) return [refused];
	const context = itemContextOf(execute, sent[0].itemIndex);
	const { url, body, kind } = pauseRequest(execute, sent, resumeUrl);
	const answer = await apiJson(context, { method: 'POST', url, body }, apiRequestWithinRateLimit);
	const id = String((kind === 'render' ? answer.requestId : answer.batchRequestId) ?? '');
	return await pauseForWork(execute, { kind, id }, timeoutMs);
}

/** A render operation that can also pause: the pause mode here, the others as before. */
export function pausableRender(option: INodePropertyOptions, otherModes: CustomOperation): CustomOperation {
	return async function (this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (!isPauseMode(itemContextOf(this, 0))) return await otherModes.call(this);
		return await pauseRenders(this, option);
	};
}

/**
 * The output of paused renders, once pdf noodle has posted the finished work (`record`, as
 * the status endpoint gives it): what the polling path outputs for the same items.
 */
export function resumeRenders(option: INodePropertyOptions) {
	return async function (execute: IExecuteFunctions, awaited: AwaitedWork, record: IDataObject): Promise<INodeExecutionData[]> {
		const plans = await planRenders(execute, option);
		const refused = refusedItems(execute, plans);
		const sent = sentOf(plans);
		const results = awaited.kind === 'render' ? [record] : ((record.results ?? []) as IDataObject[]);
		if (results.length !== sent.length) {
			throw new NodeOperationError(execute.getNode(), `pdf noodle answered ${results.length} results for the ${sent.length} documents this execution sent`, {
				description: `Request ${awaited.id}: were the node's input items changed while the execution was paused?`,
			});
		}
		const output: INodeExecutionData[] = [...refused];
		for (const [position, { itemIndex }] of sent.entries()) {
			const context = itemContextOf(execute, itemIndex);
			try {
				output.push(...(await finishedRenderItems(context, results[position])));
			} catch (error) {
				const nodeError = asNodeError(context, error);
				if (!execute.continueOnFail()) throw nodeError;
				output.push(errorItem(nodeError, { item: itemIndex }));
			}
		}
		return inInputOrder(output);
	};
}
