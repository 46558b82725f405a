/**
 * Where a file request connects (nodes/shared/transport/connectionAddress.ts): a name resolved
 * once by n8n's resolver, every address judged by the package's rule too, the request sent to
 * the first address with the name kept for `Host` and the certificate. The engine tests
 * (trigger.test.ts) run it with n8n 2.x's real resolver and filter.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { LocalAddressOfName, pinnedToJudgedAddress } from '../../dist/nodes/shared/transport/connectionAddress.js';

/** n8n 2.x's egress helper whose resolver answers `answers` for every name, counting its lookups. */
function resolvingTo(answers: Array<{ address: string; family: number }>) {
	const lookups: string[] = [];
	const helpers = {
		getSecureEgressFilter: (policy?: string) => ({
			validateUrl: async () => ({ ok: true as const }),
			createSecureLookup: () => (hostname: string, options: { all: boolean }, callback: (error: Error | null, addresses: unknown) => void) => {
				lookups.push(`${policy} ${hostname} all=${options.all}`);
				callback(null, answers);
			},
		}),
	};
	return { helpers, lookups };
}

describe('pinnedToJudgedAddress', () => {
	test('an https name: the URL names the first address, Host and the TLS server name keep the name; resolved once, by n8n\'s resolver of its enforced policy', async () => {
		const { helpers, lookups } = resolvingTo([{ address: '93.184.215.14', family: 4 }, { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }]);
		const pinned = await pinnedToJudgedAddress(helpers, { method: 'GET', url: 'https://files.example.com:8443/a/b.pdf?sig=1', headers: { Accept: '*/*' } });
		assert.deepEqual(pinned, {
			method: 'GET',
			url: 'https://93.184.215.14:8443/a/b.pdf?sig=1',
			headers: { Accept: '*/*', Host: 'files.example.com:8443' },
			agentOptions: { servername: 'files.example.com' },
		});
		assert.deepEqual(lookups, ['enforced files.example.com all=true']);
	});

	test('an http name resolving to IPv6: the address in brackets, no server name', async () => {
		const { helpers } = resolvingTo([{ address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }]);
		const pinned = await pinnedToJudgedAddress(helpers, { url: 'http://files.example.com/b.pdf' });
		assert.deepEqual(pinned, { url: 'http://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/b.pdf', headers: { Host: 'files.example.com' } });
	});

	const local = ['::', '::1', '::ffff:127.0.0.1', '100.64.0.1', '169.254.169.254', '10.1.2.3', 'fd00::7'];
	for (const address of local) {
		test(`a name with ${address} among its addresses is refused, whichever comes first`, async () => {
			const family = address.includes(':') ? 6 : 4;
			const { helpers } = resolvingTo([{ address: '93.184.215.14', family: 4 }, { address, family }]);
			await assert.rejects(pinnedToJudgedAddress(helpers, { url: 'https://files.example.com/b.pdf' }), (error: unknown) => {
				assert.ok(error instanceof LocalAddressOfName);
				assert.equal(error.message, `files.example.com resolves to ${address}, an address of n8n's own network`);
				return true;
			});
		});
	}

	test('an address in the URL is not resolved (its text was judged); without n8n\'s resolver (1.x) the request is left as it is', async () => {
		const { helpers, lookups } = resolvingTo([{ address: '127.0.0.1', family: 4 }]);
		const literal = { url: 'https://93.184.215.14/b.pdf' };
		assert.equal(await pinnedToJudgedAddress(helpers, literal), literal);
		assert.deepEqual(lookups, []);
		const named = { url: 'https://files.example.com/b.pdf' };
		assert.equal(await pinnedToJudgedAddress({}, named), named);
	});

	test('n8n\'s own refusal (its list blocks an address) and a name that does not resolve reach the caller as they are', async () => {
		const blocked = new Error('The request was blocked because it resolves to a restricted IP address');
		const helpers = { getSecureEgressFilter: () => ({ validateUrl: async () => ({ ok: true as const }), createSecureLookup: () => (_: string, __: unknown, callback: (error: Error) => void) => callback(blocked) }) };
		await assert.rejects(pinnedToJudgedAddress(helpers, { url: 'https://files.example.com/b.pdf' }), (error) => error === blocked);
	});
});
