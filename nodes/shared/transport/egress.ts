/**
 * Where the package may fetch or send a file: every URL it did not build from the Base URL
 * (the signed file URLs of renders and batches, the URLs of a trigger call, signed upload
 * URLs) is judged before anything is sent, so that no answer or call can make n8n reach into
 * its own network (server-side request forgery).
 * - n8n 2.x judges it with its own egress filter (`getSecureEgressFilter('enforced')`): the name
 *   resolved, n8n's default blocked ranges and the admin's N8N_SSRF_* lists, even where n8n's
 *   SSRF protection is off. Its verdict is the one that counts: an address the admin allowed
 *   may be fetched.
 * - n8n 1.x has no such filter: the package's own rule (localAddresses.ts) refuses what the URL
 *   itself says is n8n's own network.
 * A URL on the origin of the credential's Base URL is where the user said the service lives (a
 * self-hosted service, the sandbox): it is not judged here; n8n's SSRF protection, when on,
 * still judges it in n8n's HTTP client, and `ssrfBlockRefusal` words that for a person.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isLocalHost } from './localAddresses';

/** What the package uses of n8n's egress filter (n8n-workflow's `NodeEgressFilter`). */
export interface EgressFilter {
	validateUrl(url: string): Promise<{ ok: true } | { ok: false; error: Error }>;
}

/** n8n's helper that gives the filter; n8n 1.x has none. */
export interface EgressHelpers {
	getSecureEgressFilter?(useDefaultSsrfPolicy: 'enforced'): EgressFilter;
}

/** The settings an n8n admin allows an address with, for the messages. */
const ALLOW_ADVICE =
	'If the address is meant to be reached, an n8n admin allows it with N8N_SSRF_ALLOWED_HOSTNAMES (its host name) or N8N_SSRF_ALLOWED_IP_RANGES (its address range); see "For n8n admins" in docs/reliability.md.';

/** n8n's egress filter helper of `helpers`, handed on into a context the package builds (none on n8n 1.x). */
export function egressHelpersOf(helpers: EgressHelpers): EgressHelpers {
	const getFilter = helpers.getSecureEgressFilter;
	return typeof getFilter === 'function' ? { getSecureEgressFilter: (policy) => getFilter.call(helpers, policy) } : {};
}

/**
 * Throws before a URL the package did not build is fetched or sent to, when n8n's egress
 * policy (or, on n8n 1.x, the package's rule) refuses it. `serviceOrigin` is the origin of
 * the credential's Base URL, if the context has the credential.
 */
export async function assertEgressAllowed(
	context: { getNode(): INode; getItemIndex?(): number; helpers: EgressHelpers },
	url: string,
	serviceOrigin: string | undefined,
	action: FileAction,
): Promise<void> {
	const refusal = (reason: string, description?: string) => refusalOf(context, action, reason, description);
	let target: URL;
	try {
		target = new URL(url);
	} catch {
		throw refusal(`"${url}" is not a URL`);
	}
	if (!['http:', 'https:'].includes(target.protocol)) throw refusal(`${target.protocol} URLs are not fetched, only http and https`);
	if (target.origin === serviceOrigin) return;

	const getFilter = context.helpers.getSecureEgressFilter;
	if (typeof getFilter === 'function') {
		const verdict = await getFilter.call(context.helpers, 'enforced').validateUrl(target.href);
		if (!verdict.ok) throw refusal(`n8n's SSRF protection blocked ${target.origin} (${verdict.error.message})`, ALLOW_ADVICE);
		return;
	}
	if (isLocalHost(target.hostname)) {
		throw refusal(`${target.origin} is an address of n8n's own network (loopback, link-local, private or reserved), and only the credential's Base URL may be one`);
	}
}

/**
 * The message for a request that n8n's HTTP client itself refused under its SSRF protection
 * (N8N_SSRF_PROTECTION_ENABLED), or undefined for any other failure: it is no fault of the
 * host, and running the node again will not help.
 */
export function ssrfBlockRefusal(
	context: { getNode(): INode; getItemIndex?(): number },
	failure: unknown,
	url: string,
	action: FileAction,
): NodeOperationError | undefined {
	const message = (failure as { message?: unknown })?.message;
	if (typeof message !== 'string' || !/^The request was blocked because /.test(message)) return undefined;
	let origin = url;
	try {
		origin = new URL(url).origin;
	} catch {
		// the URL as it was given
	}
	return refusalOf(context, action, `n8n's SSRF protection blocked ${origin} (${message})`, ALLOW_ADVICE);
}

/** What was not done with the file: fetched from the URL, or sent to it. */
export type FileAction = 'downloaded' | 'uploaded';

function refusalOf(context: { getNode(): INode; getItemIndex?(): number }, action: FileAction, reason: string, description?: string): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Not ${action}: ${reason}`, { itemIndex: context.getItemIndex?.(), description });
}
