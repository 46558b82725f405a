import type { INodeExecutionData, IWebhookFunctions, NodeParameterValueType } from 'n8n-workflow';
import { BINARY_ENCODING } from 'n8n-workflow';

import { egressHelpersOf } from '../../shared/transport/egress';
import type { RunBase } from '../runner/runContext';
import { keptParameter, type PausedPlan } from './pausedPlan';

/**
 * A paused execution resumed by a call: its node's `webhook` must output what the operation
 * would have output, with the operation's own routines, which are written against the node
 * run's context. This view gives them that context from the webhook's.
 * The input items are those the node had when it paused (n8n keeps them with the waiting
 * execution). A parameter is not evaluated again: its value is the one the paused run kept
 * with its plan (pausedPlan.ts), item by item.
 */
export function executeViewOfWebhook(webhook: IWebhookFunctions, plan: PausedPlan): RunBase {
	const items = (webhook.evaluateExpression('{{ $input.all() }}', 0) ?? []) as INodeExecutionData[];
	const node = webhook.getNode();
	return {
		getNode: () => node,
		getInputData: () => items,
		getNodeParameter: (name: string, itemIndex: number, fallbackValue?: unknown) => keptParameter(plan, name, itemIndex, fallbackValue) as NodeParameterValueType,
		continueOnFail: () => node.continueOnFail === true || ['continueRegularOutput', 'continueErrorOutput'].includes(node.onError ?? ''),
		getCredentials: async (type: string) => await webhook.getCredentials(type),
		// A call to the resume URL cannot be cancelled: its work is done before n8n answers it.
		getExecutionCancelSignal: () => undefined,
		helpers: {
			...egressHelpersOf(webhook.helpers),
			httpRequest: async (options) => await webhook.helpers.httpRequest(options),
			httpRequestWithAuthentication: async (type, options, extra) =>
				await webhook.helpers.httpRequestWithAuthentication.call(webhook, type, options, extra),
			prepareBinaryData: async (data, fileName, mimeType) => await webhook.helpers.prepareBinaryData(data, fileName, mimeType),
			getBinaryDataBuffer: async (itemIndex, propertyName) => {
				const binary = items[itemIndex]?.binary?.[propertyName];
				if (!binary) throw new Error(`The input item ${itemIndex} has no binary field "${propertyName}"`);
				if (binary.id) return await webhook.helpers.binaryToBuffer(await webhook.helpers.getBinaryStream(binary.id));
				return Buffer.from(binary.data, BINARY_ENCODING);
			},
		},
	};
}
