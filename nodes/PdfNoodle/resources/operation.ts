/**
 * An operation is one value: its resource, its entry in the Operation list, its parameters, how
 * it runs (for each input item, or once for the whole node run) and, for one that can pause,
 * how it outputs its result when pdf noodle's call resumes the execution. A resource is the list
 * of its operations (a `Resource` value, each <resource>/index.ts exporting one); the node builds
 * its description, its dispatch and its resume table from the resources (index.ts). Where a
 * parameter shows is derived from these values (`shownFor`), never written by hand.
 */
import type { IDisplayOptions, IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { FinishPaused } from '../pause/callback';
import type { RunContext } from '../runner/runContext';
import { type ItemOperation, runEachItem, type RunOperation } from '../runner/runner';

/** An entry of the Operation list: the action is what n8n shows and hands to AI agents as the tool's description. */
export interface OperationOption extends INodePropertyOptions {
	value: string;
	action: string;
	description: string;
}

interface OperationParts {
	resource: string;
	option: OperationOption;
	/** Its own parameters, written without any resource or operation condition. */
	fields: INodeProperties[];
	/** How it outputs its result when pdf noodle's call resumes a paused execution. */
	resume?: FinishPaused;
}

/** How it runs: `forEachItem` for one input item at a time (the runner runs every item), or `forWholeRun` once. */
export type Operation = OperationParts & ({ forEachItem: ItemOperation } | { forWholeRun: RunOperation });

/** Runs the operation in the node run. */
export async function runOperation(operation: Operation, run: RunContext<IExecuteFunctions>): Promise<INodeExecutionData[][]> {
	return 'forEachItem' in operation ? await runEachItem(run, operation.forEachItem) : await operation.forWholeRun(run);
}

/** Where parameters show: for these operations (of one resource), and what else is chosen. */
export function shownFor(operations: Operation[], also: NonNullable<IDisplayOptions['show']> = {}): IDisplayOptions {
	return { show: { resource: [operations[0].resource], operation: operations.map((operation) => operation.option.value), ...also } };
}

/** Parameters that several operations of a resource share, shown for those (and what else is chosen). */
export function sharedFields(operations: Operation[], fields: INodeProperties[], also: NonNullable<IDisplayOptions['show']> = {}): INodeProperties[] {
	return updateDisplayOptions(shownFor(operations, also), fields);
}

/** A resource: its entry in the Resource list, its operations (in the order the Operation list shows them), its parameters. */
export interface Resource {
	option: { name: string; value: string };
	operations: Operation[];
	/** The Operation chosen when the resource is. */
	defaultOperation: Operation;
	/**
	 * Its parameters in the order the editor shows them: an operation stands for its own
	 * fields (shown for it alone), the others are shared (`sharedFields`). Each operation once.
	 */
	fields: Array<Operation | INodeProperties[]>;
}

/** The resource's Operation parameter and its fields. */
export function resourceDescription(resource: Resource): INodeProperties[] {
	const laidOut = resource.fields.filter((part) => !Array.isArray(part));
	const misplaced = resource.operations.filter((operation) => operation.resource !== resource.option.value || laidOut.filter((part) => part === operation).length !== 1);
	if (misplaced.length > 0 || laidOut.length !== resource.operations.length) {
		throw new Error(`The resource ${resource.option.value} lays out its operations' fields wrongly: ${misplaced.map((operation) => operation.option.value).join(', ')}`);
	}
	const defaultOperation = resource.defaultOperation.option.value;
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.option.value] } },
			options: resource.operations.map((operation) => operation.option),
			default: defaultOperation,
		},
		...resource.fields.flatMap((part) => (Array.isArray(part) ? part : updateDisplayOptions(shownFor([part]), part.fields))),
	];
}
