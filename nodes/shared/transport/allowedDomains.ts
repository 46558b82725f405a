/**
 * The credential's "Allowed HTTP Request Domains" (fields n8n adds to a credential with an
 * `authenticate`) for this node's requests with the key: this node is the credential's own
 * surface, so
 * - "All" (or no setting) allows every domain;
 * - "None" does not block it: n8n means it for the HTTP Request node;
 * - "Specific Domains" allows the list plus the Base URL's host (the host alone when the list
 *   is empty).
 * n8n applies the answer (the request's `allowedDomains`) to every hop in its HTTP client.
 *
 * That is the rule n8n's own nodes follow since n8n-workflow's `getCredentialAllowedDomains`
 * took `credentialOwnedSurface` and `nodeEndpointUrl` (n8n 2.36.8, 2.37.4, 2.38.0 and later).
 * The package reads the two fields itself rather than calling that helper, because its earlier
 * shapes still ship: n8n 2.22.6 to 2.37.1 throw on "None" and leave the Base URL's host out of
 * the list (the node could not reach its own service), and n8n 2.20.0 to 2.22.0 and 1.123 take
 * the credential data positionally (the list was silently not applied).
 * test/engine/allowedDomains.test.ts runs the node against each shape.
 */
import type { IDataObject } from 'n8n-workflow';

/** What the node's requests with the key may reach; undefined allows every domain. */
export function credentialAllowedDomains(credentials: IDataObject, baseUrl: string): string | undefined {
	if (credentials.allowedHttpRequestDomains !== 'domains') return undefined;
	const list = typeof credentials.allowedDomains === 'string' ? credentials.allowedDomains.trim() : '';
	const host = hostOf(baseUrl);
	if (host === undefined || listCovers(list, host)) return list === '' ? undefined : list;
	return list === '' ? host : `${host}, ${list}`;
}

/**
 * The host of the Base URL as n8n matches hosts (lower case, no trailing dot); undefined when
 * there is none, or when it holds a comma, which would split into two entries of the list.
 */
function hostOf(url: string): string | undefined {
	let hostname: string;
	try {
		hostname = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
	} catch {
		return undefined;
	}
	return hostname === '' || hostname.includes(',') ? undefined : hostname;
}

/** Whether a list ("a.com, *.b.com") already allows the host: `*.b.com` covers its subdomains, not b.com. */
function listCovers(list: string, host: string): boolean {
	return list
		.split(',')
		.map((entry) => entry.trim().toLowerCase().replace(/\.$/, ''))
		.some((entry) => (entry.startsWith('*.') ? entry.length > 2 && host.endsWith(entry.slice(1)) : entry === host));
}
