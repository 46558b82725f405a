import type { IExecuteFunctions, INodeType, NodeOutput } from 'n8n-workflow';

import { asNodeError } from './errors';

type Operation = (this: IExecuteFunctions) => Promise<NodeOutput>;

/**
 * An operation that, when the node runs as a tool (of an AI Agent, or served over MCP), fails
 * with its description in its message too: n8n hands the model only an error's message, and
 * the description is where the node says what to do next ("look it up with Get Status",
 * "Template → Get Many lists the templates"). In a workflow the error stays as it is.
 */
export function withErrorsForModels(operation: Operation): Operation {
	return async function (this: IExecuteFunctions) {
		if (!runsAsTool(this)) return await operation.call(this);
		try {
			return await operation.call(this);
		} catch (error) {
			const nodeError = asNodeError(this, error);
			const description = nodeError.description ?? '';
			if (description !== '' && !nodeError.message.includes(description)) nodeError.message = `${nodeError.message}. ${description}`;
			throw nodeError;
		}
	};
}

/** n8n gives a node usable as a tool a second type, named after it with "Tool" at the end. */
function runsAsTool(context: IExecuteFunctions): boolean {
	return context.getNode().type.endsWith('Tool');
}

/** Every operation of `operations`, with errors for models. */
export function operationsWithErrorsForModels(
	operations: NonNullable<INodeType['customOperations']>,
): NonNullable<INodeType['customOperations']> {
	return Object.fromEntries(
		Object.entries(operations).map(([resource, byName]) => [
			resource,
			Object.fromEntries(Object.entries(byName).map(([name, operation]) => [name, withErrorsForModels(operation)])),
		]),
	);
}
