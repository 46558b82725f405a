import type { IBinaryData, IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { SleepContext } from '../transport/retry';
import { egressHelpersOf } from '../transport/egress';
import type { FileTransportContext } from '../transport/transport';

/** What a download may cost (downloadBounds.ts reads them). */
export interface DownloadLimits {
	/** Most bytes one file may have. */
	maxBytes?: number;
	/** When (ms since the epoch) every download under these limits must have ended, and the rule in words. */
	deadline?: { at: number; rule: string };
	/** Whose file these limits are for, as a message names it: "a file of an unconfirmed trigger call". */
	whose: string;
}

/** What n8n's `prepareBinaryData` takes: the bytes (a Buffer or a stream), a name and a MIME type. */
type BinaryContent = Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];

/**
 * What fetching a file into n8n's binary data needs of n8n: whose work it is, the cancel
 * signal, the HTTP helper without credentials and the binary helper. An item of the action
 * node has more than this; the trigger's webhook has no more (`fileContextOfWebhook`).
 */
export interface FileContext extends FileTransportContext, SleepContext {
	getItemIndex(): number;
	/** Bounds of this context's downloads beyond the size the API announces (an unconfirmed trigger call's: downloadBounds.ts). */
	downloadLimits?: DownloadLimits;
	helpers: FileTransportContext['helpers'] & {
		prepareBinaryData(data: BinaryContent, fileName?: string, mimeType?: string): Promise<IBinaryData>;
	};
}

/**
 * n8n's helpers that a file's work uses (its egress filter, HTTP without credentials, binary
 * data) taken from an n8n context's `helpers`: each called on them, as n8n binds them there.
 * Every context the package builds from n8n's starts with these.
 */
export function fileHelpersOf(helpers: FileContext['helpers']): FileContext['helpers'] {
	return {
		...egressHelpersOf(helpers),
		httpRequest: async (options) => await helpers.httpRequest(options),
		prepareBinaryData: async (data, fileName, mimeType) => await helpers.prepareBinaryData(data, fileName, mimeType),
	};
}

/** A webhook call seen as the one item it starts; a webhook cannot be cancelled. */
export function fileContextOfWebhook(webhook: IWebhookFunctions): FileContext {
	return {
		getNode: () => webhook.getNode(),
		getItemIndex: () => 0,
		getExecutionCancelSignal: () => undefined,
		// The API credential, where the trigger has one: where the service's files live (transport/egress.ts).
		getCredentials: async (type) => await webhook.getCredentials(type),
		helpers: fileHelpersOf(webhook.helpers),
	};
}
