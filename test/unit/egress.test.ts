/**
 * Which URLs the package may fetch or send a file to (nodes/shared/transport/egress.ts): n8n's
 * egress filter where n8n has one, and the package's own rule against n8n's own network
 * (localAddresses.ts) on every n8n line. The engine tests ask n8n 2.x's real filter.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { assertEgressAllowed } from '../../dist/nodes/shared/transport/egress.js';
import { isLocalHost } from '../../dist/nodes/shared/transport/localAddresses.js';

/** The host as n8n's HTTP client would reach it: `URL` writes every IPv4 spelling in dotted form. */
const hostOf = (url: string) => new URL(url).hostname;

describe('isLocalHost', () => {
	const local = [
		'http://127.0.0.1/',
		'http://127.1.2.3:8080/',
		'http://2130706433/', // 127.0.0.1 as one number
		'http://0x7f.1/', // 127.0.0.1 in hex
		'http://0.0.0.0/',
		'http://10.1.2.3/',
		'http://172.16.0.1/',
		'http://172.31.255.255/',
		'http://192.168.1.20/',
		'http://169.254.169.254/latest/meta-data/', // the clouds' metadata service
		'http://100.64.0.1/',
		'http://198.18.0.1/',
		// n8n's default block list: protocol assignments and documentation ranges.
		'http://192.0.0.8/',
		'http://192.0.2.10/',
		'http://198.51.100.7/',
		'http://203.0.113.99/',
		'http://240.0.0.1/', // reserved
		'http://255.255.255.255/', // broadcast
		'http://224.0.0.251/', // multicast
		'http://[fec0::1]/', // the former site-local
		'http://[ff02::1]/', // multicast
		'http://[64:ff9b::7f00:1]/', // NAT64 in front of 127.0.0.1
		'http://[2002:7f00:1::]/', // 6to4 around 127.0.0.1
		'http://kubernetes.default.svc/',
		'http://vault.service.consul/',
		'http://api.cluster.local/',
		'http://[::1]/',
		'http://[::]/', // ::/128, which n8n 2.x's default list lacks
		'http://[0::]/',
		'http://[0:0:0:0:0:0:0:0]/',
		'http://[::127.0.0.1]/', // the former IPv4-compatible form
		'http://[::ffff:0:127.0.0.1]/', // IPv4-translated
		'http://[2002::1]/', // 6to4
		'http://[64:ff9b::1]/', // NAT64
		'http://[::ffff:127.0.0.1]/',
		'http://[::ffff:a9fe:a9fe]/', // 169.254.169.254 inside IPv6
		'http://[fd00::1]/',
		'http://[fe80::1]/',
		'http://localhost:5678/',
		'http://LOCALHOST./',
		'http://api.localhost/',
		'http://metadata.google.internal/',
		'http://printer.local/',
		'http://router.home.arpa/',
		'http://metadata/',
	];
	for (const url of local) {
		test(`${url} is n8n's own network`, () => assert.equal(isLocalHost(hostOf(url)), true));
	}

	const publicHosts = [
		'https://storage.googleapis.com/file.pdf',
		'https://api.pdfnoodle.com/v1/pdf/status/x',
		'http://8.8.8.8/',
		'http://172.32.0.1/',
		'http://172.15.255.255/',
		'http://192.169.0.1/',
		'http://100.128.0.1/',
		'http://169.255.0.1/',
		'http://192.0.3.1/',
		'http://203.0.114.1/',
		'http://223.255.255.255/',
		'http://[2001:db8::1]/',
		'http://[::ffff:808:808]/', // 8.8.8.8 inside IPv6
		'http://localhost.example.com/',
	];
	for (const url of publicHosts) {
		test(`${url} is not`, () => assert.equal(isLocalHost(hostOf(url)), false));
	}
});

/** A context of an n8n without an egress filter (1.x), or with the given one. */
function contextWith(filter?: (url: string) => { ok: true } | { ok: false; error: Error }) {
	const checked: string[] = [];
	const helpers = filter
		? {
				getSecureEgressFilter: (policy?: string) => ({
					validateUrl: async (url: string) => {
						// Only the checks of URLs are counted, not the probes of the client's own policy.
						if (policy === 'enforced') checked.push(`${policy} ${url}`);
						return filter(url);
					},
				}),
			}
		: {};
	return { context: { getNode: () => ({ name: 'PDF Noodle' }) as never, getItemIndex: () => 3, helpers } as never, checked };
}

describe('assertEgressAllowed', () => {
	test('n8n 1.x (no filter): an address of n8n\'s own network is refused with the rule; a public one passes', async () => {
		const { context } = contextWith();
		await assert.rejects(assertEgressAllowed(context, 'http://169.254.169.254/latest/meta-data/', undefined, 'downloaded'), {
			message: "Not downloaded: http://169.254.169.254 is an address of n8n's own network (loopback, link-local, private or reserved), and only the credential's Base URL may be one",
		});
		await assertEgressAllowed(context, 'https://storage.googleapis.com/bucket/file.pdf', undefined, 'downloaded');
	});

	test('the origin of the credential\'s Base URL is where the service lives: not judged; another port of its host is', async () => {
		const { context } = contextWith();
		await assertEgressAllowed(context, 'http://127.0.0.1:3000/files/a.pdf', 'http://127.0.0.1:3000', 'downloaded');
		await assert.rejects(assertEgressAllowed(context, 'http://127.0.0.1:3001/files/a.pdf', 'http://127.0.0.1:3000', 'uploaded'), /^NodeOperationError: Not uploaded: http:\/\/127\.0\.0\.1:3001 is an address/);
	});

	test('n8n 2.x: its filter is asked with the enforced policy, and a refusal of it is the refusal', async () => {
		const blocked = contextWith(() => ({ ok: false, error: new Error('The request was blocked because it resolves to a restricted IP address') }));
		await assert.rejects(assertEgressAllowed(blocked.context, 'https://127.0.0.1.nip.io/a.pdf', undefined, 'downloaded'), {
			message: "Not downloaded: n8n's SSRF protection blocked https://127.0.0.1.nip.io (The request was blocked because it resolves to a restricted IP address)",
			description: 'If the address is meant to be reached, an n8n admin allows it with N8N_SSRF_ALLOWED_HOSTNAMES (its host name) or N8N_SSRF_ALLOWED_IP_RANGES (its address range); see "For n8n admins" in docs/reliability.md.',
		});
		assert.deepEqual(blocked.checked, ['enforced https://127.0.0.1.nip.io/a.pdf']);
	});

	test('n8n 2.x: an address its filter blocks and the package\'s rule refuses too is not sent to the allow lists, which would change nothing', async () => {
		const blocked = contextWith(() => ({ ok: false, error: new Error('The request was blocked because it resolves to a restricted IP address') }));
		for (const url of ['http://10.0.0.7/file.pdf', 'http://[::1]:5678/', 'http://localhost/a.pdf']) {
			await assert.rejects(assertEgressAllowed(blocked.context, url, undefined, 'downloaded'), {
				message: `Not downloaded: n8n's SSRF protection blocked ${new URL(url).origin} (The request was blocked because it resolves to a restricted IP address)`,
				description: "Only the credential's Base URL may be an address of n8n's own network (loopback, link-local, private or reserved): no n8n setting lets the package reach another.",
			});
		}
	});

	test('n8n 2.x: what n8n lets through is still judged by the package\'s rule (2.x\'s list lacks ::/128, 100.64.0.0/10, 224.0.0.0/4, 2002::/16; a helper without "enforced" lets all through)', async () => {
		const { context, checked } = contextWith(() => ({ ok: true }));
		for (const url of ['http://[::]:8080/', 'http://[0::]/a.pdf', 'http://100.64.0.1/a.pdf', 'http://224.0.0.1/a.pdf', 'http://[2002::1]/a.pdf', 'http://10.0.0.7/file.pdf']) {
			await assert.rejects(assertEgressAllowed(context, url, undefined, 'downloaded'), {
				message: `Not downloaded: ${new URL(url).origin} is an address of n8n's own network (loopback, link-local, private or reserved), and only the credential's Base URL may be one`,
			});
		}
		assert.equal(checked.length, 6, 'n8n was asked first each time');
		await assertEgressAllowed(context, 'https://storage.googleapis.com/bucket/file.pdf', undefined, 'downloaded');
	});

	test('a URL a caller chose that names its host is fetched only where its addresses are judged at the connection: by the package with n8n\'s resolver, or by n8n\'s client', async () => {
		const namesRule = { namesOnlyWhereCheckedAtConnection: true };
		const rebindAdvice = 'Confirm the call with pdf noodle (select a PDF Noodle API credential), or have an n8n admin turn on N8N_SSRF_PROTECTION_ENABLED (n8n 2.x); see "For n8n admins" in docs/reliability.md.';
		const refusalOfName = {
			message:
				"Not downloaded: https://files.example.com names its host, and this n8n gives the package no resolver to judge the name's addresses with (n8n 1.x does not) and does not check the address it connects to (its SSRF protection is off), so the name could lead elsewhere at the connection than at the check",
			description: rebindAdvice,
		};
		// A filter without n8n's resolver, SSRF protection off: the client's own policy lets everything through.
		const off = contextWith(() => ({ ok: true }));
		await assert.rejects(assertEgressAllowed(off.context, 'https://files.example.com/a.pdf', undefined, 'downloaded', namesRule), refusalOfName);
		await assertEgressAllowed(off.context, 'https://93.184.215.14/a.pdf', undefined, 'downloaded', namesRule);
		await assertEgressAllowed(off.context, 'https://files.example.com/a.pdf', undefined, 'downloaded');
		// n8n 1.x: no filter, no check at connection.
		await assert.rejects(assertEgressAllowed(contextWith().context, 'https://files.example.com/a.pdf', undefined, 'downloaded', namesRule), refusalOfName);
		// SSRF protection on: the client's policy refuses loopback, and judges each connection.
		const on = contextWith((url) => (/127\.0\.0\.1|\[::1\]|169\.254/.test(url) ? { ok: false, error: new Error('blocked') } : { ok: true }));
		await assertEgressAllowed(on.context, 'https://files.example.com/a.pdf', undefined, 'downloaded', namesRule);
		// n8n 2.x's filter with its resolver, protection off: the package pins the name to a judged address (connectionAddress.ts).
		const helpers = { getSecureEgressFilter: () => ({ validateUrl: async () => ({ ok: true as const }), createSecureLookup: () => () => undefined }) };
		await assertEgressAllowed({ getNode: () => ({ name: 'PDF Noodle' }), getItemIndex: () => 0, helpers } as never, 'https://files.example.com/a.pdf', undefined, 'downloaded', namesRule);
	});

	test('n8n 2.30 to 2.37.5: a helper that answers no filter (SSRF protection off) counts as none, and the package\'s rule judges', async () => {
		const context = { getNode: () => ({ name: 'PDF Noodle' }) as never, getItemIndex: () => 0, helpers: { getSecureEgressFilter: () => undefined } } as never;
		await assertEgressAllowed(context, 'https://storage.googleapis.com/bucket/file.pdf', undefined, 'downloaded');
		await assert.rejects(assertEgressAllowed(context, 'http://[::]:8080/', undefined, 'downloaded'), /^NodeOperationError: Not downloaded: http:\/\/\[::\]:8080 is an address of n8n's own network/);
		await assert.rejects(assertEgressAllowed(context, 'https://files.example.com/a.pdf', undefined, 'downloaded', { namesOnlyWhereCheckedAtConnection: true }), /names its host/);
	});

	test('only http and https, and only URLs', async () => {
		const { context } = contextWith(() => ({ ok: true }));
		await assert.rejects(assertEgressAllowed(context, 'file:///etc/passwd', undefined, 'downloaded'), { message: 'Not downloaded: file: URLs are not fetched, only http and https' });
		await assert.rejects(assertEgressAllowed(context, 'ftp://files.example.com/a.pdf', undefined, 'downloaded'), { message: 'Not downloaded: ftp: URLs are not fetched, only http and https' });
		await assert.rejects(assertEgressAllowed(context, '/files/a.pdf', undefined, 'downloaded'), { message: 'Not downloaded: "/files/a.pdf" is not a URL' });
	});
});
