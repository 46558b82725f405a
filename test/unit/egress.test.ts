/**
 * Which URLs the package may fetch or send a file to (nodes/shared/transport/egress.ts): n8n's
 * egress filter where n8n has one, else the package's own rule against n8n's own network
 * (localAddresses.ts, for n8n 1.x). The engine tests ask n8n 2.x's real filter.
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
		'http://[::]/',
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
		? { getSecureEgressFilter: (policy: string) => ({ validateUrl: async (url: string) => (checked.push(`${policy} ${url}`), filter(url)) }) }
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

	test('n8n 2.x: its filter is asked with the enforced policy, and its verdict counts, either way', async () => {
		const blocked = contextWith(() => ({ ok: false, error: new Error('The request was blocked because it resolves to a restricted IP address') }));
		await assert.rejects(assertEgressAllowed(blocked.context, 'https://127.0.0.1.nip.io/a.pdf', undefined, 'downloaded'), {
			message: "Not downloaded: n8n's SSRF protection blocked https://127.0.0.1.nip.io (The request was blocked because it resolves to a restricted IP address)",
			description: 'If the address is meant to be reached, an n8n admin allows it with N8N_SSRF_ALLOWED_HOSTNAMES (its host name) or N8N_SSRF_ALLOWED_IP_RANGES (its address range); see "For n8n admins" in docs/reliability.md.',
		});
		assert.deepEqual(blocked.checked, ['enforced https://127.0.0.1.nip.io/a.pdf']);

		// An admin who allowed a private range: the package's own rule does not overrule n8n.
		const allowed = contextWith(() => ({ ok: true }));
		await assertEgressAllowed(allowed.context, 'http://10.0.0.7/file.pdf', undefined, 'downloaded');
		assert.deepEqual(allowed.checked, ['enforced http://10.0.0.7/file.pdf']);
	});

	test('only http and https, and only URLs', async () => {
		const { context } = contextWith(() => ({ ok: true }));
		await assert.rejects(assertEgressAllowed(context, 'file:///etc/passwd', undefined, 'downloaded'), { message: 'Not downloaded: file: URLs are not fetched, only http and https' });
		await assert.rejects(assertEgressAllowed(context, 'ftp://files.example.com/a.pdf', undefined, 'downloaded'), { message: 'Not downloaded: ftp: URLs are not fetched, only http and https' });
		await assert.rejects(assertEgressAllowed(context, '/files/a.pdf', undefined, 'downloaded'), { message: 'Not downloaded: "/files/a.pdf" is not a URL' });
	});
});
