/**
 * The package's own rule for addresses of n8n's own network, applied on every n8n line beside
 * n8n's own egress filter (egress.ts): loopback, link-local (where clouds serve their metadata
 * and credentials), the private, shared, documentation, benchmarking, reserved and multicast
 * ranges (n8n's default block list, n8n 3.x's additions and more), the IPv6 forms that lead to
 * them, and the names that by convention resolve there. Only the URL's text is judged: a public
 * name that resolves to a private address is caught by n8n 2.x's filter, not here.
 */

/** IPv4 ranges as [first address, prefix length]. */
const LOCAL_IPV4_RANGES: Array<[number[], number]> = [
	[[0, 0, 0, 0], 8], // this network
	[[10, 0, 0, 0], 8], // private
	[[100, 64, 0, 0], 10], // shared (carrier-grade NAT)
	[[127, 0, 0, 0], 8], // loopback
	[[169, 254, 0, 0], 16], // link-local
	[[172, 16, 0, 0], 12], // private
	[[192, 0, 0, 0], 24], // IETF protocol assignments
	[[192, 0, 2, 0], 24], // documentation
	[[192, 168, 0, 0], 16], // private
	[[198, 18, 0, 0], 15], // benchmarking
	[[198, 51, 100, 0], 24], // documentation
	[[203, 0, 113, 0], 24], // documentation
	[[224, 0, 0, 0], 4], // multicast
	[[240, 0, 0, 0], 4], // reserved, and the broadcast address
];

/** Name endings that only a local resolver answers (RFC 6761, 6762, 8375, the clouds', Kubernetes' and Consul's own). */
const LOCAL_NAME_SUFFIXES = ['.localhost', '.local', '.localdomain', '.internal', '.home.arpa', '.lan', '.svc', '.consul'];

function ipv4Octets(host: string): number[] | undefined {
	const parts = host.split('.');
	if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
	const octets = parts.map(Number);
	return octets.every((octet) => octet <= 255) ? octets : undefined;
}

function inIpv4Range(octets: number[], [start, prefix]: [number[], number]): boolean {
	const asNumber = (parts: number[]) => ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
	const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
	return (asNumber(octets) & mask) >>> 0 === (asNumber(start) & mask) >>> 0;
}

function isLocalIpv4(octets: number[]): boolean {
	return LOCAL_IPV4_RANGES.some((range) => inIpv4Range(octets, range));
}

/**
 * The IPv4 address an IPv6 literal carries, as the URL parser writes it: IPv4-mapped
 * (`::ffff:7f00:1` for `::ffff:127.0.0.1`), IPv4-translated (`::ffff:0:7f00:1`) and the former
 * IPv4-compatible form (`::7f00:1` for `::127.0.0.1`, `::7f` for `::0.0.0.127`).
 */
function embeddedIpv4(ipv6: string): number[] | undefined {
	const match = /^::(?:ffff:(?:0:)?)?(?:([0-9a-f]{1,4}):)?([0-9a-f]{1,4})$/.exec(ipv6);
	if (!match) return undefined;
	const [high, low] = [parseInt(match[1] ?? '0', 16), parseInt(match[2], 16)];
	return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

function isLocalIpv6(ipv6: string): boolean {
	if (ipv6 === '::' || ipv6 === '::1') return true; // ::/128 unspecified (n8n 3.x blocks it; 2.x does not), ::1 loopback
	const embedded = embeddedIpv4(ipv6);
	if (embedded) return isLocalIpv4(embedded);
	return (
		/^f[cd][0-9a-f]{0,2}:/.test(ipv6) || // fc00::/7, unique local
		/^fe[89ab][0-9a-f]?:/.test(ipv6) || // fe80::/10, link-local
		/^fe[c-f][0-9a-f]?:/.test(ipv6) || // fec0::/10, the former site-local
		/^ff[0-9a-f]{0,2}:/.test(ipv6) || // ff00::/8, multicast
		/^64:ff9b:/.test(ipv6) || // 64:ff9b::/96, NAT64: an IPv4 address behind a translator
		/^2002:/.test(ipv6) // 2002::/16, 6to4: an IPv4 address inside
	);
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
