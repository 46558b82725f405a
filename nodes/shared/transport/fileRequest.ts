/**
 * A transfer to or from a signed file URL (a download, an upload), without the API key. The URL
 * came from an answer or a call, not from the Base URL, so each hop is judged before anything is
 * sent: its text by n8n's egress policy and the package's rule (egress.ts), and its name's
 * addresses where the connection is made (connectionAddress.ts: the request goes to an address
 * so judged). Redirects are followed here, hop by hop, each judged the same way (at most five),
 * unless the caller's guard turned them off; n8n's client follows none itself. The node's
 * Request Options apply as they do to the API's requests.
 */
import type { IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import { normalizeBaseUrl } from './baseUrl';
import { LocalAddressOfName, pinnedToJudgedAddress } from './connectionAddress';
import { assertEgressAllowed, type FileAction, ownNetworkRefusal, ssrfBlockRefusal } from './egress';
import { CREDENTIAL_TYPE, type FileTransportContext, requestOptionsOf } from './transport';

/** Hops of one file transfer, as browsers and n8n's own client allow (fewer). */
const MAX_HOPS = 6;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

export async function fileRequest(context: FileTransportContext, options: IHttpRequestOptions): Promise<IN8nHttpFullResponse> {
	const { timeout, ...asked } = options;
	const request = context.fileRequestGuard?.before(asked) ?? asked;
	const action: FileAction = (request.method ?? 'GET') === 'GET' ? 'downloaded' : 'uploaded';
	const followsRedirects = request.disableFollowRedirect !== true;
	const serviceOrigin = await serviceOriginOf(context);
	let hop: IHttpRequestOptions = request;
	for (let hops = 1; ; hops++) {
		const response = await sendHop(context, { ...hop, ...requestOptionsOf(context, timeout) }, serviceOrigin, action);
		const location = response.headers?.location;
		if (!followsRedirects || !REDIRECT_STATUSES.includes(response.statusCode) || typeof location !== 'string' || hops === MAX_HOPS) {
			context.fileRequestGuard?.after?.(response, hop);
			return response;
		}
		discardBody(response.body);
		const url = new URL(location, String(hop.url)).href;
		// 303 means "look the answer up elsewhere": a GET, as HTTP prescribes. The others keep the method and body.
		hop = response.statusCode === 303 ? { ...hop, method: 'GET', body: undefined, url } : { ...hop, url };
	}
}

/** One hop: judged, pinned to a judged address where it names a host, sent without following a redirect. */
async function sendHop(
	context: FileTransportContext,
	hop: IHttpRequestOptions,
	serviceOrigin: string | undefined,
	action: FileAction,
): Promise<IN8nHttpFullResponse> {
	const url = String(hop.url);
	await assertEgressAllowed(context, url, serviceOrigin, action, context.fileRequestGuard?.egressRules);
	try {
		// The Base URL's origin is where the user said the service lives: reached as n8n reaches it.
		const pinned = new URL(url).origin === serviceOrigin ? hop : await pinnedToJudgedAddress(context.helpers, hop);
		return (await context.helpers.httpRequest({
			...pinned,
			disableFollowRedirect: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		if (error instanceof LocalAddressOfName) {
			throw ownNetworkRefusal(context, action, `${new URL(url).origin} resolves to ${error.address}, an address of n8n's own network (loopback, link-local, private or reserved), and only the credential's Base URL may be one`);
		}
		throw ssrfBlockRefusal(context, error, url, action) ?? error;
	}
}

/** A redirect's body is not read: its stream is closed, so that its socket is let go. */
function discardBody(body: unknown): void {
	const stream = body as { destroy?: () => void } | undefined;
	if (typeof stream?.destroy === 'function') stream.destroy();
}

/** The origin of the credential's Base URL, when the context has the API credential. */
async function serviceOriginOf(context: FileTransportContext): Promise<string | undefined> {
	if (typeof context.getCredentials !== 'function') return undefined;
	try {
		return new URL(normalizeBaseUrl((await context.getCredentials(CREDENTIAL_TYPE)).baseUrl)).origin;
	} catch {
		// No API credential on this node (an unconfirmed trigger): no service origin to trust.
		return undefined;
	}
}
