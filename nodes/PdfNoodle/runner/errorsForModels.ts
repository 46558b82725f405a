import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { asNodeError } from '../../shared/errors/errors';
import type { RunContext } from './runContext';

/**
 * Runs an operation; when the node runs as a tool (of an AI Agent, or served over MCP), a
 * failure carries its description in its message too: n8n hands the model only an error's
 * message, and the description is where the node says what to do next ("look it up with Get
 * Status", "Template → Get Many lists the templates"). In a workflow the error stays as it is.
 */
export async function runWithErrorsForModels(
	run: RunContext<IExecuteFunctions>,
	operation: (run: RunContext<IExecuteFunctions>) => Promise<INodeExecutionData[][]>,
): Promise<INodeExecutionData[][]> {
	if (!runsAsTool(run.n8n)) return await operation(run);
	try {
		return await operation(run);
	} catch (error) {
		const nodeError = asNodeError(run, error);
		const description = nodeError.description ?? '';
		if (description !== '' && !nodeError.message.includes(description)) nodeError.message = `${nodeError.message}. ${description}`;
		throw nodeError;
	}
}

/** n8n gives a node usable as a tool a second type, named after it with "Tool" at the end. */
function runsAsTool(context: IExecuteFunctions): boolean {
	return context.getNode().type.endsWith('Tool');
}
