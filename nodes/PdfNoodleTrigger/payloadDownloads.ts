import type { IHttpRequestOptions, IN8nHttpFullResponse, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type FileContext, fileContextOfWebhook } from '../shared/files/fileContext';
import { serviceOrigin } from './confirmation';
import { unconfirmedUrlRefusal } from './localAddresses';

/** The parameter that lets a trigger fetch the files an unconfirmed payload names. */
export const DOWNLOAD_UNCONFIRMED = 'downloadUnconfirmed';

/**
 * Where the trigger may fetch a call's files from, as the file context its downloads go
 * through (a refused download becomes the file's `downloadError`; the workflow still starts):
 * - confirmed by pdf noodle: the files its answer names, as any file of the service;
 * - not confirmed, and the user turned on Download From Unconfirmed Payload URLs: only
 *   http(s) URLs outside n8n's own network (or on the credential's Base URL), without
 *   following redirects, which could lead there;
 * - not confirmed otherwise: none.
 */
export async function payloadFileContext(webhook: IWebhookFunctions, confirmed: boolean): Promise<FileContext> {
	const context = fileContextOfWebhook(webhook);
	if (confirmed) return context;
	const refuse = (reason: string) => new NodeOperationError(webhook.getNode(), `Not downloaded: ${reason}`);
	if (!(webhook.getNodeParameter(DOWNLOAD_UNCONFIRMED, false) as boolean)) {
		const reason =
			'the call was not confirmed with pdf noodle, and the trigger fetches only confirmed files. Select a PDF Noodle API credential (with Confirm With PDF Noodle on), or turn on Download From Unconfirmed Payload URLs';
		return withRequestGuard(context, () => {
			throw refuse(reason);
		});
	}
	const origin = await serviceOrigin(webhook);
	return withRequestGuard(context, (options) => {
		const refusal = unconfirmedUrlRefusal(String(options.url), origin);
		if (refusal !== undefined) throw refuse(refusal);
		return { ...options, disableFollowRedirect: true };
	}, (response, options) => {
		if (response.statusCode >= 300 && response.statusCode < 400) {
			throw refuse(`the file host of ${String(options.url)} redirected (${response.statusCode}), and a file of an unconfirmed payload is fetched only from the URL it names`);
		}
	});
}

/** The context with every file request first checked (and perhaps changed), and its answer checked. */
function withRequestGuard(
	context: FileContext,
	before: (options: IHttpRequestOptions) => IHttpRequestOptions,
	after: (response: IN8nHttpFullResponse, options: IHttpRequestOptions) => void = () => undefined,
): FileContext {
	return {
		...context,
		helpers: {
			...context.helpers,
			httpRequest: async (options: IHttpRequestOptions) => {
				const guarded = before(options);
				const response = (await context.helpers.httpRequest(guarded)) as IN8nHttpFullResponse;
				after(response, guarded);
				return response;
			},
		},
	};
}
