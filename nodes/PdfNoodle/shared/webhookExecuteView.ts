import type {
	IDataObject,
	IExecuteFunctions,
	IGetNodeParameterOptions,
	INodeExecutionData,
	IWebhookFunctions,
	NodeParameterValueType,
} from 'n8n-workflow';

/**
 * A paused execution resumed by a call: its node's `webhook` must output what the operation
 * would have output, with the operation's own routines, which are written against n8n's
 * execute context. This view gives them what they use of it, from the webhook context.
 * The input items are those the node had when it paused (n8n keeps them with the waiting
 * execution); a parameter is resolved for each item, as in the execute context, by
 * evaluating its expressions against that item.
 */
export function executeViewOfWebhook(webhook: IWebhookFunctions): IExecuteFunctions {
	const items = (webhook.evaluateExpression('{{ $input.all() }}', 0) ?? []) as INodeExecutionData[];
	const node = webhook.getNode();
	const view: Partial<IExecuteFunctions> = {
		getNode: () => node,
		getInputData: () => items,
		getNodeParameter: ((name: string, itemIndex: number, fallbackValue?: unknown, options?: IGetNodeParameterOptions) => {
			const raw = webhook.getNodeParameter(name, fallbackValue, { rawExpressions: true });
			const value = resolveForItem(webhook, raw as NodeParameterValueType, itemIndex);
			return options?.extractValue ? extractLocatorValue(value) : value;
		}) as IExecuteFunctions['getNodeParameter'],
		continueOnFail: () => node.continueOnFail === true || ['continueRegularOutput', 'continueErrorOutput'].includes(node.onError ?? ''),
		getCredentials: (async (type: string) => await webhook.getCredentials(type)) as IExecuteFunctions['getCredentials'],
		// A call to the resume URL cannot be cancelled: its work is done before n8n answers it.
		getExecutionCancelSignal: () => undefined,
		helpers: {
			httpRequest: async (options) => await webhook.helpers.httpRequest(options),
			httpRequestWithAuthentication: async (type, options, extra) =>
				await webhook.helpers.httpRequestWithAuthentication.call(webhook, type, options, extra),
			prepareBinaryData: async (data, fileName, mimeType) => await webhook.helpers.prepareBinaryData(data, fileName, mimeType),
		} as IExecuteFunctions['helpers'],
	};
	return view as IExecuteFunctions;
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
