import type {
	IAdditionalCredentialOptions,
	ICredentialDataDecryptedObject,
	IGetNodeParameterOptions,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	NodeParameterValueType,
} from 'n8n-workflow';

import type { FileContext } from '../../shared/files/fileContext';
import { egressHelpersOf } from '../../shared/transport/egress';
import type { FirstStatusCalls } from './firstStatusCalls';

/**
 * What an operation needs of n8n while it works on one input item: the node, the item's
 * parameters and input, the credential, the cancel signal and the HTTP and binary helpers.
 * The runner makes one per item (`itemContextOf`) from n8n's execute context; the request
 * slots and the credential read once are put in between (runner.ts).
 */
export interface ItemContext extends FileContext {
	getNodeParameter(name: string, fallbackValue?: unknown, options?: IGetNodeParameterOptions): NodeParameterValueType | object;
	getInputData(): INodeExecutionData;
	getCredentials(type: string): Promise<ICredentialDataDecryptedObject>;
	helpers: FileContext['helpers'] & {
		httpRequestWithAuthentication(type: string, options: IHttpRequestOptions, extra?: IAdditionalCredentialOptions): Promise<unknown>;
		getBinaryDataBuffer(propertyName: string): Promise<Buffer>;
	};
	/** What the items of one node run learn from each other's first status call. */
	firstStatusCalls?: FirstStatusCalls;
	/**
	 * A value every item of the node run shares (a lookup made once per run, what the run has
	 * to report at its end), made by `make` for the first item that asks for `key`.
	 */
	sharedInRun<T>(key: string, make: () => T): T;
}

/**
 * What the operations need of the whole node run: n8n's execute context, or, when pdf noodle's
 * call resumes a paused execution, the same seen from the webhook (pause/webhookExecuteView.ts).
 */
export interface RunContext {
	getNode(): INode;
	getInputData(): INodeExecutionData[];
	getNodeParameter(name: string, itemIndex: number, fallbackValue?: unknown, options?: IGetNodeParameterOptions): NodeParameterValueType | object;
	getCredentials(type: string, itemIndex?: number): Promise<ICredentialDataDecryptedObject>;
	getExecutionCancelSignal(): AbortSignal | undefined;
	continueOnFail(): boolean;
	helpers: Omit<ItemContext['helpers'], 'getBinaryDataBuffer'> & {
		getBinaryDataBuffer(itemIndex: number, propertyName: string): Promise<Buffer>;
	};
}

/**
 * The values the items of each node run share, by n8n's context of the run: every item's
 * context is made from it (however many times, by the runner, a batch or a pause), and it
 * is dropped with it once the run is over.
 */
const SHARED_IN_RUN = new WeakMap<RunContext, Map<string, unknown>>();

/** The value the items of this node run share under `key`, made on first use. */
export function sharedInRun<T>(execute: RunContext, key: string, make: () => T): T {
	let values = SHARED_IN_RUN.get(execute);
	if (!values) SHARED_IN_RUN.set(execute, (values = new Map()));
	if (!values.has(key)) values.set(key, make());
	return values.get(key) as T;
}

/** The value shared under `key` if an item of this run made one. */
export function sharedInRunIfAny<T>(execute: RunContext, key: string): T | undefined {
	return SHARED_IN_RUN.get(execute)?.get(key) as T | undefined;
}

/** One input item of the node run, as the operations see it. */
export function itemContextOf(execute: RunContext, itemIndex: number): ItemContext {
	return {
		getNode: () => execute.getNode(),
		getItemIndex: () => itemIndex,
		getNodeParameter: (name, fallbackValue, options) => execute.getNodeParameter(name, itemIndex, fallbackValue, options),
		getInputData: () => execute.getInputData()[itemIndex],
		getCredentials: async (type) => await execute.getCredentials(type, itemIndex),
		getExecutionCancelSignal: () => execute.getExecutionCancelSignal(),
		sharedInRun: (key, make) => sharedInRun(execute, key, make),
		helpers: {
			...egressHelpersOf(execute.helpers),
			httpRequest: async (options) => await execute.helpers.httpRequest(options),
			httpRequestWithAuthentication: async (type, options, extra) =>
				await execute.helpers.httpRequestWithAuthentication.call(execute, type, options, extra),
			prepareBinaryData: async (data, fileName, mimeType) => await execute.helpers.prepareBinaryData(data, fileName, mimeType),
			getBinaryDataBuffer: async (propertyName) => await execute.helpers.getBinaryDataBuffer(itemIndex, propertyName),
		},
	};
}
