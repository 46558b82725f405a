/**
 * The operations of the node, by resource: each resource is the list of its operations
 * (<resource>/index.ts), each operation one value (operation.ts). From this one list come the
 * description the editor shows (the Resource parameter, then each resource's operations and
 * their fields), how each operation runs (`operationFor`) and how a paused one resumes
 * (`resumeFor`).
 */
import type { INodeProperties } from 'n8n-workflow';

import type { FinishPaused } from '../pause/callback';
import { batchResource } from './batch';
import { documentResource } from './document';
import type { Operation, Resource } from './operation';
import { resourceDescription } from './operation';
import { pdfToolResource } from './pdfTool';
import { templateResource } from './template';

/** The resources, in the order their parameters come in the description. */
export const RESOURCES: Resource[] = [documentResource, batchResource, templateResource, pdfToolResource];

const defaultResource = documentResource.option.value;

export const resourceField: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	// Alphabetical, as n8n's node guidelines have options.
	options: RESOURCES.map((resource) => resource.option).sort((a, b) => a.name.localeCompare(b.name)),
	default: defaultResource,
};

export const operationsDescription: INodeProperties[] = RESOURCES.flatMap(resourceDescription);

/** Every operation the node offers. */
export const OPERATIONS: Operation[] = RESOURCES.flatMap((resource) => resource.operations);

/** The operation of a resource and an operation name; undefined for a pair the node does not offer. */
export function operationFor(resource: string, operation: string): Operation | undefined {
	return OPERATIONS.find((candidate) => candidate.resource === resource && candidate.option.value === operation);
}

/** How an operation that can pause outputs its result when pdf noodle's call resumes the execution. */
export function resumeFor(resource: string, operation: string): FinishPaused | undefined {
	return operationFor(resource, operation)?.resume;
}
