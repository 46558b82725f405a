import type { IDataObject, IGetNodeParameterOptions, INodeExecutionData, IWebhookFunctions, NodeParameterValueType } from 'n8n-workflow';
import { BINARY_ENCODING } from 'n8n-workflow';

import { egressHelpersOf } from '../../shared/transport/egress';
import type { RunBase } from '../runner/runContext';

/**
 * A paused execution resumed by a call: its node's `webhook` must output what the operation
 * would have output, with the operation's own routines, which are written against the node
 * run's context. This view gives them that context from the webhook's.
 * The input items are those the node had when it paused (n8n keeps them with the waiting
 * execution); a parameter is resolved for each item, as in the execute context, by
 * evaluating its expressions against that item.
 */
export function executeViewOfWebhook(webhook: IWebhookFunctions): RunBase {
	const items = (webhook.evaluateExpression('{{ $input.all() }}', 0) ?? []) as INodeExecutionData[];
	const node = webhook.getNode();
	return {
		getNode: () => node,
		getInputData: () => items,
		getNodeParameter: (name: string, itemIndex: number, fallbackValue?: unknown, options?: IGetNodeParameterOptions) => {
			const raw = webhook.getNodeParameter(name, fallbackValue, { rawExpressions: true });
			const value = resolveForItem(webhook, raw as NodeParameterValueType, itemIndex);
			return options?.extractValue ? extractLocatorValue(value) : value;
		},
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

/** A parameter's value for one item: each expression in it evaluated against that item. */
function resolveForItem(webhook: IWebhookFunctions, value: NodeParameterValueType, itemIndex: number): NodeParameterValueType {
	if (typeof value === 'string' && value.startsWith('=')) {
		// `evaluateExpression` puts the leading "=" back itself.
		return webhook.evaluateExpression(value.slice(1), itemIndex);
	}
	if (Array.isArray(value)) {
		return value.map((entry) => resolveForItem(webhook, entry as NodeParameterValueType, itemIndex)) as NodeParameterValueType;
	}
	if (value !== null && typeof value === 'object') {
		const resolved: IDataObject = {};
		for (const [key, entry] of Object.entries(value)) resolved[key] = resolveForItem(webhook, entry as NodeParameterValueType, itemIndex) as IDataObject[string];
		return resolved as NodeParameterValueType;
	}
	return value;
}

/** The value of a resource locator (`{ __rl, mode, value }`), as `extractValue` gives it. */
function extractLocatorValue(value: NodeParameterValueType): NodeParameterValueType {
	if (value !== null && typeof value === 'object' && !Array.isArray(value) && '__rl' in value) {
		return (value as IDataObject).value as NodeParameterValueType;
	}
	return value;
}
