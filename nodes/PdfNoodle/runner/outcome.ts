import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { errorItemsOrThrow } from '../../shared/errors/errors';
import { settleInOrder } from './concurrency';
import type { ItemContext } from './itemContext';
import type { RunContext } from './runContext';

/**
 * The output of an operation that answers for several items at once (a whole-run operation):
 * its items, and each failure of an input item as an error item under "Continue On Fail", else
 * the node's error (thrown at once).
 */
export class Outcome {
	readonly items: INodeExecutionData[] = [];

	constructor(private readonly run: RunContext) {}

	add(...items: INodeExecutionData[]): void {
		this.items.push(...items);
	}

	fail(inputIndexes: number[], error: unknown, json: IDataObject = {}): void {
		this.items.push(...errorItemsOrThrow(this.run.continueOnFail(), this.run, error, inputIndexes.map((item) => ({ item })), json));
	}

	/** The one plan loop over the input items: each item's plan (`plan`), in input order; an item whose plan throws fails. */
	eachItem<Planned>(plan: (context: ItemContext, inputIndex: number) => Planned): Planned[] {
		const planned: Planned[] = [];
		for (let inputIndex = 0; inputIndex < this.run.getInputData().length; inputIndex++) {
			try {
				planned.push(plan(this.run.item(inputIndex), inputIndex));
			} catch (error) {
				this.fail([inputIndex], error);
			}
		}
		return planned;
	}

	/**
	 * The one settled loop: `work` on each value, `limit` at once, and each value's result in
	 * the values' order. A failure fails the value's input items (`inputsOf`): without
	 * "Continue On Fail" nothing new starts after it, and the first failure, in input order,
	 * is the node's error once the work going has settled.
	 */
	async settled<Value, Result>(values: Value[], limit: number, work: (value: Value) => Promise<Result>, inputsOf: (value: Value) => number[]): Promise<Array<{ value: Value; result: Result }>> {
		const settled = await settleInOrder(values, limit, work, !this.run.continueOnFail());
		const done: Array<{ value: Value; result: Result }> = [];
		for (const [index, value] of values.entries()) {
			const result = settled[index];
			if (result?.status === 'rejected') this.fail(inputsOf(value), result.reason);
			if (result?.status === 'fulfilled') done.push({ value, result: result.value });
		}
		return done;
	}
}
