import type { IExecuteFunctions, IExecuteSingleFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { FirstStatusCalls } from './firstStatusCalls';

/**
 * What the shared routines need of n8n while they work on one item: the node, the item's
 * parameters and input, the credential, the cancel signal and the HTTP and binary helpers.
 * Every preSend/postReceive step of an operation sees such a view of one item (a slice of
 * n8n's IExecuteSingleFunctions); a custom operation makes one per item with `itemContextOf`.
 */
export type ItemContext = Pick<
	IExecuteSingleFunctions,
	'getNode' | 'getItemIndex' | 'getNodeParameter' | 'getInputData' | 'getCredentials' | 'getExecutionCancelSignal'
> & {
	helpers: Pick<
		IExecuteSingleFunctions['helpers'],
		'httpRequest' | 'httpRequestWithAuthentication' | 'prepareBinaryData' | 'getBinaryDataBuffer'
	>;
	/** Shared by the items of a node run that the package runs itself (shared/routedOperations.ts). */
	firstStatusCalls?: FirstStatusCalls;
};

/** One item of a custom operation's input, seen the way the routing engine shows an item. */
export function itemContextOf(execute: IExecuteFunctions, itemIndex: number): ItemContext {
	const getNodeParameter = ((name: string, fallbackValue?: unknown, options?: object) =>
		execute.getNodeParameter(name, itemIndex, fallbackValue, options)) as ItemContext['getNodeParameter'];
	return {
		getNode: () => execute.getNode(),
		getItemIndex: () => itemIndex,
		getNodeParameter,
		getInputData: () => execute.getInputData()[itemIndex],
		getCredentials: async (type: string) => await execute.getCredentials(type, itemIndex),
		getExecutionCancelSignal: () => execute.getExecutionCancelSignal(),
		helpers: {
			httpRequest: async (options) => await execute.helpers.httpRequest(options),
			httpRequestWithAuthentication: async (type, options, extra) =>
				await execute.helpers.httpRequestWithAuthentication.call(execute, type, options, extra),
			prepareBinaryData: async (data, fileName, mimeType) => await execute.helpers.prepareBinaryData(data, fileName, mimeType),
			getBinaryDataBuffer: async (propertyName) => await execute.helpers.getBinaryDataBuffer(itemIndex, propertyName),
		},
	} as ItemContext;
}

/** What fetching a file into binary data needs: the webhook trigger has no more than this. */
export type FileContext = Pick<ItemContext, 'getNode' | 'getItemIndex' | 'getExecutionCancelSignal'> & {
	helpers: Pick<ItemContext['helpers'], 'httpRequest' | 'prepareBinaryData'>;
};

/** A webhook call seen as the one item it starts; a webhook cannot be cancelled. */
export function fileContextOfWebhook(webhook: IWebhookFunctions): FileContext {
	return {
		getNode: () => webhook.getNode(),
		getItemIndex: () => 0,
		getExecutionCancelSignal: () => undefined,
		helpers: {
			httpRequest: async (options) => await webhook.helpers.httpRequest(options),
			prepareBinaryData: async (data, fileName, mimeType) => await webhook.helpers.prepareBinaryData(data, fileName, mimeType),
		},
	} as FileContext;
}
