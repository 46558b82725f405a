/**
 * The runner: the node run (runContext.ts: pacing, slots, credential, first status calls, made
 * once), each item run in it (here: input order, pairing, "Continue On Fail") and, for a tool
 * call, errors worded for the model (errorsForModels.ts).
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { errorItemsOrThrow } from '../../shared/errors/errors';
import type { ItemContext } from './itemContext';
import { pairWithInputItem } from './pairing';
import type { RunContext } from './runContext';

/** An operation that runs for one input item and gives its output items. */
export type ItemOperation = (context: ItemContext) => Promise<INodeExecutionData[]>;

/** An operation that takes the whole node run (batches, merge across items, pause): the node's output. */
export type RunOperation = (run: RunContext<IExecuteFunctions>) => Promise<INodeExecutionData[][]>;

/**
 * Runs an operation for every input item, all at once (or paced by the node's Request Options →
 * Batching), with at most "Requests at Once" requests going at a time. Output keeps input order,
 * and each item names the input item it came from. A failed item is an error item under
 * "Continue On Fail"; otherwise the first failure, in input order, is the node's error once
 * every item has settled (so that no started work is left unawaited).
 */
export async function runEachItem(run: RunContext, operation: ItemOperation): Promise<INodeExecutionData[][]> {
	const runs: Array<Promise<INodeExecutionData[]>> = [];
	for (let itemIndex = 0; itemIndex < run.getInputData().length; itemIndex++) {
		await run.nextTurn();
		runs.push(operation(run.item(itemIndex)).then((output) => pairWithInputItem(output, itemIndex)));
	}
	const settled = await Promise.allSettled(runs);
	const output: INodeExecutionData[] = [];
	for (const [itemIndex, outcome] of settled.entries()) {
		if (outcome.status === 'fulfilled') {
			output.push(...outcome.value);
			continue;
		}
		output.push(...errorItemsOrThrow(run.continueOnFail(), run.item(itemIndex), outcome.reason, [{ item: itemIndex }]));
	}
	return [output];
}
