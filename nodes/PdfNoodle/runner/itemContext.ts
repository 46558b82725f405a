import type {
	IAdditionalCredentialOptions,
	ICredentialDataDecryptedObject,
	IGetNodeParameterOptions,
	IHttpRequestOptions,
	INodeExecutionData,
	NodeParameterValueType,
} from 'n8n-workflow';

import type { FileContext } from '../../shared/files/fileContext';
import type { FirstStatusCalls } from './firstStatusCalls';

/**
 * What an operation needs of n8n while it works on one input item: the node, the item's
 * parameters and input, the credential, the cancel signal and the HTTP and binary helpers.
 * The node run makes one per item (`RunContext.item`, runContext.ts) from n8n's context, with
 * the run's request slots, credential read once, first status calls and shared values put in
 * between.
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
