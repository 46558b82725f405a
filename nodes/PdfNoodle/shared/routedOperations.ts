import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeExecutionData,
	INodePropertyOptions,
	INodeTypeDescription,
	PostReceiveAction,
} from 'n8n-workflow';

import { credentialsReadOnce } from './credentialsOnce';
import { asNodeError, errorItem } from './errors';
import { FirstStatusCalls } from './firstStatusCalls';
import { type ItemContext, itemContextOf } from './itemContext';
import { cancellableSleep } from './polling';
import { apiRequestWithinRateLimit } from './rateLimit';
import { requestsAtOnceOf } from './requestsAtOnce';
import { RequestSlots } from './requestSlots';

/**
 * The operations are described the declarative way (`routing`: a request, `preSend` steps
 * that build it, `postReceive` steps that turn the answer into items), and run here rather
 * than by n8n's routing engine, for two reasons:
 * - every request goes through the one transport (shared/transport.ts): the redirect rule,
 *   the key rule and n8n's Request Options apply to the first request of an operation just
 *   as to its status polls, downloads and uploads. The routing engine sends the first
 *   request itself and lets its HTTP client follow redirects, which turns a redirected POST
 *   into a GET without its body;
 * - an item reads only the parameters its steps ask for, once (the routing engine evaluates
 *   every property of the node, expressions included, twice per item).
 * The steps are the same functions n8n's routing engine would call, with the same `this`.
 */

export type CustomOperation = (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;
type PreSend = (this: IExecuteSingleFunctions, request: IHttpRequestOptions) => Promise<IHttpRequestOptions>;
type PostReceive = Extract<PostReceiveAction, (...args: never[]) => unknown>;

export interface OperationSteps {
	method: IHttpRequestMethods;
	url: string;
	preSend: PreSend[];
	postReceive: PostReceive[];
}

/** One custom operation per operation of the description that has `routing`, by resource. */
export function routedOperations(description: INodeTypeDescription): Record<string, Record<string, CustomOperation>> {
	const operations: Record<string, Record<string, CustomOperation>> = {};
	for (const property of description.properties) {
		const resources = property.displayOptions?.show?.resource as string[] | undefined;
		if (property.name !== 'operation' || !resources) continue;
		for (const option of (property.options ?? []) as INodePropertyOptions[]) {
			const steps = stepsOf(option);
			if (!steps) continue;
			for (const resource of resources) {
				operations[resource] = { ...operations[resource], [String(option.value)]: runOperation(steps) };
			}
		}
	}
	return operations;
}

export function stepsOf(option: INodePropertyOptions): OperationSteps | undefined {
	const { routing } = option;
	if (!routing?.request?.url || !routing.request.method) return undefined;
	const postReceive = routing.output?.postReceive ?? [];
	// Only functions are run here: a declarative post-receive action (set, filter, ...) would be
	// skipped without a word, so it is refused when the node is loaded.
	if (!postReceive.every((step): step is PostReceive => typeof step === 'function')) {
		throw new Error(`Operation "${String(option.value)}": only functions can be post-receive steps`);
	}
	return {
		method: routing.request.method,
		url: routing.request.url,
		preSend: (routing.send?.preSend ?? []) as PreSend[],
		postReceive,
	};
}

/**
 * Runs the operation for every input item, all at once as n8n's routing engine does (or
 * paced by the node's Request Options → Batching), with at most "Requests at Once" requests
 * going at a time (shared/requestsAtOnce.ts). Output keeps input order. A failed item is an
 * error item under "Continue On Fail"; otherwise the first failure, in input order, is the
 * node's error once every item has settled.
 */
function runOperation(steps: OperationSteps): CustomOperation {
	return async function (this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const pacing = pacingOf(this);
		const withCredentials = credentialsReadOnce(this);
		const slots = new RequestSlots(requestsAtOnceOf(this));
		const firstStatusCalls = new FirstStatusCalls();
		const runs: Array<Promise<INodeExecutionData[]>> = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			const context = { ...slots.bind(withCredentials(itemContextOf(this, itemIndex))), firstStatusCalls };
			if (pacing && itemIndex > 0 && itemIndex % pacing.size === 0) await cancellableSleep(context, pacing.intervalMs);
			runs.push(runItem(context, steps));
		}
		const settled = await Promise.allSettled(runs);
		const output: INodeExecutionData[] = [];
		for (const [itemIndex, run] of settled.entries()) {
			if (run.status === 'fulfilled') {
				output.push(...run.value);
				continue;
			}
			const error = asNodeError(itemContextOf(this, itemIndex), run.reason);
			if (!this.continueOnFail()) throw error;
			output.push(errorItem(error, { item: itemIndex }));
		}
		return [output];
	};
}

/** The request an item's preSend steps build: checked, not sent. */
export async function requestOf(context: ItemContext, steps: OperationSteps): Promise<IHttpRequestOptions> {
	let request: IHttpRequestOptions = { method: steps.method, url: steps.url };
	for (const step of steps.preSend) request = await step.call(context as unknown as IExecuteSingleFunctions, request);
	return request;
}

async function runItem(context: ItemContext, steps: OperationSteps): Promise<INodeExecutionData[]> {
	const asRoutingSees = context as unknown as IExecuteSingleFunctions;
	const request = await requestOf(context, steps);
	const response = await apiRequestWithinRateLimit(context, {
		method: request.method ?? steps.method,
		url: request.url,
		body: request.body as IDataObject | undefined,
		qs: request.qs,
	});
	let items: INodeExecutionData[] = [{ json: response.body as IDataObject }];
	for (const step of steps.postReceive) items = await step.call(asRoutingSees, items, response);
	return items;
}

/** Request Options → Batching: so many items, then a pause, as n8n's routing engine paces them. */
function pacingOf(execute: IExecuteFunctions): { size: number; intervalMs: number } | undefined {
	const options = execute.getNodeParameter('requestOptions', 0, {}) as {
		batching?: { batch?: { batchSize?: number; batchInterval?: number } };
	};
	const size = Number(options.batching?.batch?.batchSize ?? 0);
	const intervalMs = Number(options.batching?.batch?.batchInterval ?? 0);
	return size > 0 && intervalMs > 0 ? { size, intervalMs } : undefined;
}
