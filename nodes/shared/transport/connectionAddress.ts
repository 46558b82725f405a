/**
 * Where a file request connects: an address judged, not a name resolved twice. A URL the package
 * did not build from the Base URL names its host; judging the name's addresses at the check and
 * letting n8n's HTTP client resolve it again at the connection would let a name answer a public
 * address to the one and a local one to the other (DNS rebinding), and would leave the addresses
 * n8n's list lacks (`::`, 100.64.0.0/10, a range an admin allowed for other purposes) to n8n's
 * list alone. So the name is resolved once, by n8n's own resolver (the `createSecureLookup` of its
 * egress filter, which n8n's list judges), every address it gives is judged by the package's rule
 * (localAddresses.ts) as well, and the request goes to the first of them as an address: the URL
 * names the address, the `Host` header and the TLS server name (which the certificate is checked
 * against) keep the name. No second resolution happens.
 *
 * Runtime code may not resolve names itself (n8n's verification refuses `dns`), so where n8n
 * gives no resolver (1.x, and 2.x builds before the egress filter) the name is left to n8n's
 * client: egress.ts then refuses a name a caller chose (`namesOnlyWhereCheckedAtConnection`).
 */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { egressFilterOf, type EgressHelpers, isAddressLiteral } from './egress';
import { isLocalHost } from './localAddresses';

/** An address as n8n's resolver gives it. */
interface ResolvedAddress {
	address: string;
	family: number;
}

type LookupCallback = (error: Error | null, addresses: ResolvedAddress[] | string, family?: number) => void;
/** Node's `dns.lookup` shape, as n8n's `createSecureLookup()` returns it. */
export type SecureLookup = (hostname: string, options: { all: true }, callback: LookupCallback) => void;

/** n8n's resolver behind its egress filter (its rules applied to every address), where n8n has one. */
export function secureLookupOf(helpers: EgressHelpers): SecureLookup | undefined {
	const filter = egressFilterOf(helpers, 'enforced');
	if (typeof filter?.createSecureLookup !== 'function') return undefined;
	const lookup = filter.createSecureLookup();
	return typeof lookup === 'function' ? (lookup as SecureLookup) : undefined;
}

/** An address as a URL's host writes it (IPv6 in brackets, `::ffff:127.0.0.1` as `[::ffff:7f00:1]`), as the package's rule reads it. */
function hostOfAddress({ address, family }: ResolvedAddress): string {
	return new URL(`http://${family === 6 || address.includes(':') ? `[${address}]` : address}/`).hostname;
}

async function resolveAll(lookup: SecureLookup, hostname: string): Promise<ResolvedAddress[]> {
	return await new Promise((resolve, reject) => {
		lookup(hostname, { all: true }, (error, addresses) => {
			if (error) reject(error);
			else resolve(Array.isArray(addresses) ? addresses : [{ address: addresses, family: addresses.includes(':') ? 6 : 4 }]);
		});
	});
}

/** A name resolving into n8n's own network: refused like the address itself (the caller words it). */
export class LocalAddressOfName extends Error {
	constructor(
		readonly hostname: string,
		readonly address: string,
	) {
		super(`${hostname} resolves to ${address}, an address of n8n's own network`);
	}
}

/**
 * The request pinned to a judged address of its URL's name, or the request as it is when its URL
 * names an address (judged as text already) or n8n gives no resolver. Throws n8n's own refusal
 * (an address its list blocks), a `LocalAddressOfName`, or the resolver's error (no such name).
 */
export async function pinnedToJudgedAddress(helpers: EgressHelpers, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const url = new URL(String(request.url));
	if (isAddressLiteral(url.hostname)) return request;
	const lookup = secureLookupOf(helpers);
	if (!lookup) return request;
	const addresses = await resolveAll(lookup, url.hostname);
	const local = addresses.find((entry) => isLocalHost(hostOfAddress(entry)));
	if (local || addresses.length === 0) throw new LocalAddressOfName(url.hostname, local?.address ?? 'no address');
	const pinned = new URL(url.href);
	pinned.hostname = hostOfAddress(addresses[0]);
	return {
		...request,
		url: pinned.href,
		headers: { ...request.headers, Host: url.host },
		// The certificate is checked against this name, and it is the name sent for SNI.
		...(url.protocol === 'https:' ? { agentOptions: { ...request.agentOptions, servername: url.hostname } } : {}),
	};
}
