import type {
	IAdditionalCredentialOptions,
	ICredentialDataDecryptedObject,
	IGetNodeParameterOptions,
	IHttpRequestOptions,
	INodeExecutionData,
	NodeParameterValueType,
} from 'n8n-workflow';

import type { FileContext } from '../../shared/files/fileContext';
import { egressHelpersOf } from '../../shared/transport/egress';
import type { FirstStatusCalls } from './firstStatusCalls';
import type { RunBase } from './runContext';

/**
 * What an operation needs of n8n while it works on one input item: the node, the item's
 * parameters and input, the credential, the cancel signal and the HTTP and binary helpers.
 * The node run makes one per item (`RunContext.item`, runContext.ts) from n8n's context, with
 * the run's request slots, credential read once and first status calls put in between.
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
 * The values the items of each node run share, by n8n's context of the run: every item's
 * context is made from it (however many times, by the runner, a batch or a pause), and it
 * is dropped with it once the run is over.
 */
const SHARED_IN_RUN = new WeakMap<RunBase, Map<string, unknown>>();

/** The value the items of this node run share under `key`, made on first use. */
export function sharedInRun<T>(base: RunBase, key: string, make: () => T): T {
	let values = SHARED_IN_RUN.get(base);
	if (!values) SHARED_IN_RUN.set(base, (values = new Map()));
	if (!values.has(key)) values.set(key, make());
	return values.get(key) as T;
}

/** The value shared under `key` if an item of this run made one. */
export function sharedInRunIfAny<T>(base: RunBase, key: string): T | undefined {
	return SHARED_IN_RUN.get(base)?.get(key) as T | undefined;
}

/**
 * One input item of what the node run is made from, without the run's services: the runner's
 * `RunContext.item` adds them; the operations ask that, never this.
 */
export function itemContextOf(base: RunBase, itemIndex: number): ItemContext {
	return {
		getNode: () => base.getNode(),
		getItemIndex: () => itemIndex,
		getNodeParameter: (name, fallbackValue, options) => base.getNodeParameter(name, itemIndex, fallbackValue, options),
		getInputData: () => base.getInputData()[itemIndex],
		getCredentials: async (type) => await base.getCredentials(type, itemIndex),
		getExecutionCancelSignal: () => base.getExecutionCancelSignal(),
		sharedInRun: (key, make) => sharedInRun(base, key, make),
		helpers: {
			...egressHelpersOf(base.helpers),
			httpRequest: async (options) => await base.helpers.httpRequest(options),
			httpRequestWithAuthentication: async (type, options, extra) =>
				await base.helpers.httpRequestWithAuthentication.call(base, type, options, extra),
			prepareBinaryData: async (data, fileName, mimeType) => await base.helpers.prepareBinaryData(data, fileName, mimeType),
			getBinaryDataBuffer: async (propertyName) => await base.helpers.getBinaryDataBuffer(itemIndex, propertyName),
		},
	};
}
