/**
 * Whether a URL points into the network n8n runs in rather than at the internet: loopback,
 * link-local (where clouds serve their metadata and credentials), the private ranges, and
 * the names that by convention resolve there. A payload that pdf noodle did not confirm
 * must not make n8n fetch such an address (server-side request forgery).
 *
 * Only what the URL itself says is judged: n8n gives a node no way to resolve a name before
 * its HTTP helper connects, so a public name that resolves to a private address is not
 * caught here. That is why payload URLs are fetched only when pdf noodle confirmed them, or
 * when the user has turned on the option that names this risk.
 */

/** IPv4 ranges as [first octets, prefix length]: this network, private, shared (CGNAT), loopback, link-local, benchmarking. */
const LOCAL_IPV4_RANGES: Array<[number[], number]> = [
	[[0], 8],
	[[10], 8],
	[[100, 64], 10],
	[[127], 8],
	[[169, 254], 16],
	[[172, 16], 12],
	[[192, 168], 16],
	[[198, 18], 15],
];

/** Name endings that only a local resolver answers (RFC 6761, 6762, 8375 and the clouds' own). */
const LOCAL_NAME_SUFFIXES = ['.localhost', '.local', '.localdomain', '.internal', '.home.arpa', '.lan'];

function ipv4Octets(host: string): number[] | undefined {
	const parts = host.split('.');
	if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
	const octets = parts.map(Number);
	return octets.every((octet) => octet <= 255) ? octets : undefined;
}

function inIpv4Range(octets: number[], [start, prefix]: [number[], number]): boolean {
	const address = ((octets[0] << 24) | (octets[1] << 16) | (octets[2] << 8) | octets[3]) >>> 0;
	const first = ((start[0] << 24) | ((start[1] ?? 0) << 16)) >>> 0;
	const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
	return (address & mask) >>> 0 === (first & mask) >>> 0;
}

function isLocalIpv4(octets: number[]): boolean {
	return LOCAL_IPV4_RANGES.some((range) => inIpv4Range(octets, range));
}

/** The IPv4 address an IPv6 literal carries (`::ffff:7f00:1`, as the URL parser writes `::ffff:127.0.0.1`). */
function embeddedIpv4(ipv6: string): number[] | undefined {
	const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(ipv6);
	if (!match) return undefined;
	const [high, low] = [parseInt(match[1], 16), parseInt(match[2], 16)];
	return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

function isLocalIpv6(ipv6: string): boolean {
	if (ipv6 === '::' || ipv6 === '::1') return true;
	const embedded = embeddedIpv4(ipv6);
	if (embedded) return isLocalIpv4(embedded);
	// fc00::/7 (unique local) and fe80::/10 (link-local).
	return /^f[cd][0-9a-f]{0,2}:/.test(ipv6) || /^fe[89ab][0-9a-f]?:/.test(ipv6);
}

/**
 * Whether a host (as `URL.hostname` gives it: IPv4 in dotted form, IPv6 in brackets, names in
 * lower case) is in n8n's own network. A name without a dot (`metadata`, `db`) is one too:
 * only a local resolver knows it.
 */
export function isLocalHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/\.$/, '');
	if (host.startsWith('[')) return isLocalIpv6(host.slice(1, -1));
	const octets = ipv4Octets(host);
	if (octets) return isLocalIpv4(octets);
	if (host === 'localhost' || !host.includes('.')) return true;
	return LOCAL_NAME_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/**
 * Why a URL from a payload that pdf noodle did not confirm must not be fetched, or undefined
 * when it may be: only http(s), and nothing in n8n's own network unless it is on the origin
 * of the credential's Base URL (the sandbox, a self-hosted test server: where the files of
 * the service the user configured really are).
 */
export function unconfirmedUrlRefusal(url: string, serviceOrigin: string | undefined): string | undefined {
	let target: URL;
	try {
		target = new URL(url);
	} catch {
		return `"${url}" is not a URL`;
	}
	if (!['http:', 'https:'].includes(target.protocol)) return `${target.protocol} URLs are not downloaded, only http and https`;
	if (isLocalHost(target.hostname) && target.origin !== serviceOrigin) {
		return `${target.origin} is an address of n8n's own network (loopback, link-local or private), and only pdf noodle's confirmed answers may name one`;
	}
	return undefined;
}
