import type { IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { unconfirmedLimits } from '../shared/files/downloadBounds';
import { type FileContext, fileContextOfWebhook } from '../shared/files/fileContext';

/** The parameter that lets a trigger fetch the files an unconfirmed payload names. */
export const DOWNLOAD_UNCONFIRMED = 'downloadUnconfirmed';

/**
 * Where the trigger may fetch a call's files from, as the file context its downloads go
 * through (a refused download becomes the file's `downloadError`; the workflow still starts):
 * - confirmed by pdf noodle: the files its answer names, as any file of the service;
 * - not confirmed, and the user turned on Download From Unconfirmed Payload URLs: the URLs it
 *   names, without following redirects, which could lead where n8n's egress policy was not asked,
 *   a URL naming its host only where its addresses are judged at the connection, each file at
 *   most 25 MiB and all of them within a minute (downloadBounds.ts);
 * - not confirmed otherwise: none.
 * Every download, confirmed or not, is judged by n8n's egress policy first (nothing in n8n's own
 * network, unless on the credential's Base URL: shared/transport/egress.ts).
 */
export async function payloadFileContext(webhook: IWebhookFunctions, confirmed: boolean): Promise<FileContext> {
	const context = fileContextOfWebhook(webhook);
	if (confirmed) return context;
	const refuse = (reason: string) => new NodeOperationError(webhook.getNode(), `Not downloaded: ${reason}`);
	if (!(webhook.getNodeParameter(DOWNLOAD_UNCONFIRMED, false) as boolean)) {
		const reason =
			'the call was not confirmed with pdf noodle, and the trigger fetches only confirmed files. Confirm calls with pdf noodle (Authentication: Confirm With PDF Noodle; in version 1, a PDF Noodle API credential with Confirm With PDF Noodle on), or turn on Download From Unconfirmed Payload URLs';
		return {
			...context,
			fileRequestGuard: {
				before: () => {
					throw refuse(reason);
				},
			},
		};
	}
	return {
		...context,
		downloadLimits: unconfirmedLimits(),
		fileRequestGuard: {
			before: (options) => ({ ...options, disableFollowRedirect: true }),
			// The caller chose the URL: a name it gives must not lead elsewhere at the connection.
			egressRules: { namesOnlyWhereCheckedAtConnection: true },
			after: (response, options) => {
				if (response.statusCode >= 300 && response.statusCode < 400) {
					throw refuse(`the file host of ${String(options.url)} redirected (${response.statusCode}), and a file of an unconfirmed payload is fetched only from the URL it names`);
				}
			},
		},
	};
}
