/**
 * The runner: how the action node's operations meet n8n. It owns the node run: one context per
 * input item (itemContext.ts), all items at once or paced by Request Options → Batching, at
 * most "Requests at Once" requests going (the request slots), the credential read once, what
 * items learn from each other's first status call, input order, pairing, "Continue On Fail",
 * and, for a tool call, errors worded for the model. It may use the package-wide rooms
 * (transport, errors); the operations, waiting, pause and fields use it, never the other way.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { errorItemsOrThrow } from '../../shared/errors/errors';
import { credentialsReadOnce } from '../../shared/transport/credentialsOnce';
import { RequestSlots } from '../../shared/transport/requestSlots';
import { cancellableSleep } from '../../shared/transport/retry';
import { FirstStatusCalls } from './firstStatusCalls';
import { type ItemContext, itemContextOf } from './itemContext';
import { pairWithInputItem } from './pairing';
import { requestsAtOnceOf } from './requestsAtOnce';

/** An operation that runs for one input item and gives its output items. */
export type ItemOperation = (context: ItemContext) => Promise<INodeExecutionData[]>;

/** An operation that takes the whole node run (batches, merge across items, pause): the node's output. */
export type RunOperation = (execute: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

/**
 * Runs an operation for every input item, all at once (or paced by the node's Request Options →
 * Batching), with at most "Requests at Once" requests going at a time. Output keeps input order,
 * and each item names the input item it came from. A failed item is an error item under
 * "Continue On Fail"; otherwise the first failure, in input order, is the node's error once
 * every item has settled (so that no started work is left unawaited).
 */
export async function runEachItem(execute: IExecuteFunctions, operation: ItemOperation): Promise<INodeExecutionData[][]> {
	const items = execute.getInputData();
	const pacing = pacingOf(execute);
	const withCredentials = credentialsReadOnce(execute);
	const slots = new RequestSlots(requestsAtOnceOf(execute));
	const firstStatusCalls = new FirstStatusCalls();
	const runs: Array<Promise<INodeExecutionData[]>> = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const context: ItemContext = { ...slots.bind(withCredentials(itemContextOf(execute, itemIndex))), firstStatusCalls };
		if (pacing && itemIndex > 0 && itemIndex % pacing.size === 0) await cancellableSleep(context, pacing.intervalMs);
		runs.push(operation(context).then((output) => pairWithInputItem(output, itemIndex)));
	}
	const settled = await Promise.allSettled(runs);
	const output: INodeExecutionData[] = [];
	for (const [itemIndex, run] of settled.entries()) {
		if (run.status === 'fulfilled') {
			output.push(...run.value);
			continue;
		}
		output.push(...errorItemsOrThrow(execute.continueOnFail(), itemContextOf(execute, itemIndex), run.reason, [{ item: itemIndex }]));
	}
	return [output];
}

/** The operation run for each input item, as an operation of the whole run. */
export function eachItem(operation: ItemOperation): RunOperation {
	return async (execute) => await runEachItem(execute, operation);
}

/** Request Options → Batching: so many items, then a pause, as n8n paces its own HTTP nodes. */
function pacingOf(execute: IExecuteFunctions): { size: number; intervalMs: number } | undefined {
	const options = execute.getNodeParameter('requestOptions', 0, {}) as {
		batching?: { batch?: { batchSize?: number; batchInterval?: number } };
	};
	const size = Number(options.batching?.batch?.batchSize ?? 0);
	const intervalMs = Number(options.batching?.batch?.batchInterval ?? 0);
	return size > 0 && intervalMs > 0 ? { size, intervalMs } : undefined;
}
