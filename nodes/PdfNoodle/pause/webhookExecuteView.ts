import type { INodeExecutionData, IWebhookFunctions, NodeParameterValueType } from 'n8n-workflow';
import { BINARY_ENCODING, NodeOperationError } from 'n8n-workflow';

import { fileHelpersOf } from '../../shared/files/fileContext';
import type { RunBase } from '../runner/runContext';
import type { PausedPlan } from './plan';
import { keptValuesFor } from './pausedPlan';

/** The parameters that name the operation: fixed choices (no expressions), read as the workflow has them. */
const OPERATION_PARAMETERS = ['resource', 'operation'];

/**
 * A paused execution resumed by a call: its node's `webhook` must output what the operation
 * would have output, with the operation's own routines, which are written against the node
 * run's context. This view gives them that context from the webhook's.
 * The input items are those the node had when it paused (n8n keeps them with the waiting
 * execution). No parameter is evaluated again: the operation's output reads the settings
 * the paused run kept with its plan (pausedPlan.ts), and the node's settings (Request
 * Options, Requests at Once) are answered as the run kept them, item by item. Any other
 * parameter is a setting the plan did not keep, and reading it fails rather than answering
 * a value the paused run never saw.
 */
export function executeViewOfWebhook(webhook: IWebhookFunctions, plan: PausedPlan): RunBase {
	const items = (webhook.evaluateExpression('{{ $input.all() }}', 0) ?? []) as INodeExecutionData[];
	const node = webhook.getNode();
	return {
		getNode: () => node,
		getInputData: () => items,
		getNodeParameter: (name: string, itemIndex: number, fallbackValue?: unknown) => {
			if (name in plan.node) return (keptValuesFor(plan.node, itemIndex)[name] ?? fallbackValue) as NodeParameterValueType;
			if (OPERATION_PARAMETERS.includes(name)) return webhook.getNodeParameter(name, fallbackValue) as NodeParameterValueType;
			throw new NodeOperationError(node, `The resumed run read "${name}", which the paused run did not keep`, {
				description: 'A setting the output reads must be read when the items are planned and kept with the pause (pause/pausedPlan.ts). Please report this.',
			});
		},
		continueOnFail: () => node.continueOnFail === true || ['continueRegularOutput', 'continueErrorOutput'].includes(node.onError ?? ''),
		getCredentials: async (type: string) => await webhook.getCredentials(type),
		// A call to the resume URL cannot be cancelled: its work is done before n8n answers it.
		getExecutionCancelSignal: () => undefined,
		helpers: {
			...fileHelpersOf(webhook.helpers),
			httpRequestWithAuthentication: async (type, options, extra) =>
				await webhook.helpers.httpRequestWithAuthentication.call(webhook, type, options, extra),
			getBinaryDataBuffer: async (itemIndex, propertyName) => {
				const binary = items[itemIndex]?.binary?.[propertyName];
				if (!binary) throw new Error(`The input item ${itemIndex} has no binary field "${propertyName}"`);
				if (binary.id) return await webhook.helpers.binaryToBuffer(await webhook.helpers.getBinaryStream(binary.id));
				return Buffer.from(binary.data, BINARY_ENCODING);
			},
		},
	};
}
