/**
 * The operations of the node, by resource: the description the editor shows (the Resource
 * parameter, then each resource's operations and their fields) and how each operation runs
 * (`operationFor`). Every operation file under resources/<resource>/ exports its `option`
 * (name, action, description), its `description` (its fields, composed with
 * `updateDisplayOptions`) and `execute` (the operation for one item); a resource's index.ts
 * puts them together and says which operations take the whole run instead.
 */
import type { INodeProperties } from 'n8n-workflow';

import type { FinishPaused } from '../pause/callback';
import type { RunOperation } from '../runner/runner';
import { batchDescription, batchOperations, batchResumes } from './batch';
import { documentDescription, documentOperations, documentResumes } from './document';
import { pdfToolDescription, pdfToolOperations } from './pdfTool';
import { templateDescription, templateOperations } from './template';

export const resourceField: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Batch',
			value: 'batch',
		},
		{
			name: 'Document',
			value: 'document',
		},
		{
			name: 'PDF Tool',
			value: 'pdfTool',
		},
		{
			name: 'Template',
			value: 'template',
		},
	],
	default: 'document',
};

export const operationsDescription: INodeProperties[] = [...documentDescription, ...batchDescription, ...templateDescription, ...pdfToolDescription];

const OPERATIONS: Record<string, Record<string, RunOperation>> = {
	document: documentOperations,
	batch: batchOperations,
	template: templateOperations,
	pdfTool: pdfToolOperations,
};

/** What a two-level table holds under these keys, its own entries only (not `constructor` and the like). */
function entryOf<T>(table: Record<string, Record<string, T>>, resource: string, operation: string): T | undefined {
	const own = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);
	return own(table, resource) && own(table[resource], operation) ? table[resource][operation] : undefined;
}

/** The operation a resource and an operation name; undefined for a pair the node does not offer. */
export function operationFor(resource: string, operation: string): RunOperation | undefined {
	return entryOf(OPERATIONS, resource, operation);
}

const RESUMES: Record<string, Record<string, FinishPaused>> = { document: documentResumes, batch: batchResumes };

/** How an operation that can pause outputs its result when pdf noodle's call resumes the execution. */
export function resumeFor(resource: string, operation: string): FinishPaused | undefined {
	return entryOf(RESUMES, resource, operation);
}
