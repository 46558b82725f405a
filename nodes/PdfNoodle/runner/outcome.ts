import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { errorItemsOrThrow } from '../../shared/errors/errors';
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
}
