/**
 * Where the package may fetch or send a file: every URL it did not build from the Base URL
 * (the signed file URLs of renders and batches, the URLs of a trigger call, signed upload
 * URLs) is judged before anything is sent, so that no answer or call can make n8n reach into
 * its own network (server-side request forgery). Two judges, and both must allow it:
 * - n8n's own egress filter, where n8n has one (2.x: `getSecureEgressFilter('enforced')`): the
 *   name resolved, n8n's default blocked ranges and the admin's N8N_SSRF_* lists, even where
 *   n8n's SSRF protection is off;
 * - the package's own rule (localAddresses.ts), on every n8n line: loopback, link-local,
 *   private, shared, reserved and multicast addresses and the IPv6 forms that lead there, n8n
 *   3.x's larger list included. n8n's filter is not enough alone: 2.x's default list lacks
 *   `::/128`, 100.64.0.0/10, 224.0.0.0/4 and more, and builds whose helper predates the
 *   'enforced' argument answer with a filter that lets everything through while the protection
 *   is off. So an address an admin allowed in N8N_SSRF_ALLOWED_IP_RANGES is still refused when
 *   the package's rule names it: only the Base URL may be one (below).
 * A URL on the origin of the credential's Base URL is where the user said the service lives (a
 * self-hosted service, the sandbox): it is not judged here; n8n's SSRF protection, when on,
 * still judges it in n8n's HTTP client, and `ssrfBlockRefusal` words that for a person.
 * A name is judged where the connection is made: fileRequest.ts resolves it once with n8n's own
 * resolver and sends the request to an address both rules judged (connectionAddress.ts). Where
 * n8n gives no resolver (1.x), a name is left to n8n's client, so where a caller chooses the URL
 * (an unconfirmed trigger call) a name is fetched only where that client judges the address it
 * connects to (`namesOnlyWhereCheckedAtConnection`): else a name answering a public address to
 * the check and a local one to the connection (DNS rebinding) would get through.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isLocalHost } from './localAddresses';

/** What the package uses of n8n's egress filter (n8n-workflow's `NodeEgressFilter`). */
export interface EgressFilter {
	validateUrl(url: string): Promise<{ ok: true } | { ok: false; error: Error }>;
	/** n8n's resolver that judges every address by its list (n8n 2.x's egress filter; connectionAddress.ts). */
	createSecureLookup?(): unknown;
}

/** n8n's helper that gives the filter (the policy of its HTTP client when none is named); n8n 1.x has none. */
export interface EgressHelpers {
	getSecureEgressFilter?(useDefaultSsrfPolicy?: 'enforced'): EgressFilter;
}

/** The settings an n8n admin allows an address with, for the messages. */
const ALLOW_ADVICE =
	'If the address is meant to be reached, an n8n admin allows it with N8N_SSRF_ALLOWED_HOSTNAMES (its host name) or N8N_SSRF_ALLOWED_IP_RANGES (its address range); see "For n8n admins" in docs/reliability.md.';

/**
 * For an address that the package's own rule refuses too: advising n8n's allow lists would send
 * an admin to a setting that changes nothing.
 */
export const OWN_NETWORK_ADVICE =
	"Only the credential's Base URL may be an address of n8n's own network (loopback, link-local, private or reserved): no n8n setting lets the package reach another.";

/** n8n's egress filter helper of `helpers`, handed on into a context the package builds (none on n8n 1.x). */
export function egressHelpersOf(helpers: EgressHelpers): EgressHelpers {
	const getFilter = helpers.getSecureEgressFilter;
	return typeof getFilter === 'function' ? { getSecureEgressFilter: (policy) => getFilter.call(helpers, policy) } : {};
}

/** What a caller adds to the judgement of its URLs. */
export interface EgressRules {
	/** A URL that names its host is refused unless its addresses are judged at the connection (by the package, or n8n's client). */
	namesOnlyWhereCheckedAtConnection?: boolean;
}

/**
 * Throws before a URL the package did not build is fetched or sent to, when n8n's egress
 * filter or the package's rule refuses it. `serviceOrigin` is the origin of the credential's
 * Base URL, if the context has the credential.
 */
export async function assertEgressAllowed(
	context: { getNode(): INode; getItemIndex?(): number; helpers: EgressHelpers },
	url: string,
	serviceOrigin: string | undefined,
	action: FileAction,
	rules: EgressRules = {},
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

	const filter = egressFilterOf(context.helpers, 'enforced');
	if (filter) {
		const verdict = await filter.validateUrl(target.href);
		if (!verdict.ok) {
			const advice = adviceFor(target.hostname, verdict.error);
			throw refusal(`n8n's SSRF protection blocked ${target.origin} (${verdict.error.message})`, advice);
		}
	}
	if (isLocalHost(target.hostname)) {
		throw refusal(`${target.origin} is an address of n8n's own network (loopback, link-local, private or reserved), and only the credential's Base URL may be one`);
	}
	if (rules.namesOnlyWhereCheckedAtConnection && !isAddressLiteral(target.hostname) && !hasSecureLookup(context.helpers) && !(await clientJudgesConnections(context.helpers))) {
		throw refusal(
			`${target.origin} names its host, and this n8n gives the package no resolver to judge the name's addresses with (n8n 1.x does not) and does not check the address it connects to (its SSRF protection is off), so the name could lead elsewhere at the connection than at the check`,
			'Confirm the call with pdf noodle (select a PDF Noodle API credential), or have an n8n admin turn on N8N_SSRF_PROTECTION_ENABLED (n8n 2.x); see "For n8n admins" in docs/reliability.md.',
		);
	}
}

/** Whether a host (as `URL.hostname` gives it) is an address, not a name: nothing resolves it. */
export function isAddressLiteral(hostname: string): boolean {
	return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * n8n's egress filter of a policy, or undefined where n8n gives none: 1.x has no helper, and
 * n8n 2.30 to 2.37.5 have one that answers nothing while the SSRF protection is off (it hands
 * on the HTTP client's own, which exists only when the protection is on).
 */
export function egressFilterOf(helpers: EgressHelpers, policy?: 'enforced'): EgressFilter | undefined {
	const getFilter = helpers.getSecureEgressFilter;
	if (typeof getFilter !== 'function') return undefined;
	const filter = getFilter.call(helpers, policy) as EgressFilter | undefined;
	return typeof filter?.validateUrl === 'function' ? filter : undefined;
}

/** Whether n8n gives the resolver a name's addresses are judged with at the connection (connectionAddress.ts). */
function hasSecureLookup(helpers: EgressHelpers): boolean {
	return typeof egressFilterOf(helpers, 'enforced')?.createSecureLookup === 'function';
}

/** Addresses no SSRF protection lets through: its filter refusing one shows that n8n's client judges its connections. */
const ALWAYS_BLOCKED_PROBES = ['http://127.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/'];

/**
 * Whether n8n's HTTP client judges the address it connects to: n8n 2.x with its SSRF
 * protection on. The filter of the client's own policy (the helper without 'enforced') lets
 * everything through when the protection is off; n8n 1.x has none.
 */
async function clientJudgesConnections(helpers: EgressHelpers): Promise<boolean> {
	const filter = egressFilterOf(helpers);
	if (!filter) return false;
	for (const probe of ALWAYS_BLOCKED_PROBES) {
		if (!(await filter.validateUrl(probe)).ok) return true;
	}
	return false;
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
	let hostname = '';
	try {
		hostname = new URL(url).hostname;
	} catch {
		// judged by the address n8n names alone
	}
	return refusalOf(context, action, `n8n's SSRF protection blocked ${origin} (${message})`, adviceFor(hostname, failure));
}

/**
 * What to tell a person whose URL n8n's filter blocked: allowing it in n8n's lists helps only
 * where the package's rule lets it through too, neither for an address of n8n's own network nor
 * for a name resolving to one (n8n names the address it blocked: `ip` of its error).
 */
function adviceFor(hostname: string, blocked: unknown): string {
	const ip = (blocked as { ip?: unknown } | undefined)?.ip;
	const address = typeof ip === 'string' && ip.includes(':') ? `[${ip}]` : ip;
	const local = isLocalHost(hostname) || (typeof address === 'string' && isLocalHost(new URL(`http://${address}/`).hostname));
	return local ? OWN_NETWORK_ADVICE : ALLOW_ADVICE;
}

/** What was not done with the file: fetched from the URL, or sent to it. */
export type FileAction = 'downloaded' | 'uploaded';

/** The refusal of an address of n8n's own network that a name led to (connectionAddress.ts). */
export function ownNetworkRefusal(context: { getNode(): INode; getItemIndex?(): number }, action: FileAction, reason: string): NodeOperationError {
	return refusalOf(context, action, reason, OWN_NETWORK_ADVICE);
}

function refusalOf(context: { getNode(): INode; getItemIndex?(): number }, action: FileAction, reason: string, description?: string): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Not ${action}: ${reason}`, { itemIndex: context.getItemIndex?.(), description });
}
