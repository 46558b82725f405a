/**
 * The credential's "Allowed HTTP Request Domains" on n8n builds whose n8n-workflow has an older
 * `getCredentialAllowedDomains` than the n8n-workflow 2.40.1 these tests run on. Read from the
 * published n8n-workflow packages (docs/compatibility.md):
 * - n8n 2.20.0 to 2.22.0 (n8n-workflow 2.20.0 to 2.22.0), and n8n 1.123.81 (1.120.31), take the
 *   credential data as the first argument, not an options object;
 * - n8n 2.22.6 and 2.23.0 to 2.37.1 (n8n-workflow 2.22.3 to 2.37.0) take `{ node,
 *   credentialData, surface }` but know neither `credentialOwnedSurface` nor
 *   `nodeEndpointUrl`: "None" throws (it is meant for the HTTP Request node) and "Specific
 *   Domains" returns the list without the Base URL's host.
 * Each shape stands in for n8n-workflow's own here (test/harness/olderAllowedDomains.ts);
 * everything else is n8n's: the engine, its HTTP client, which refuses a host outside the list
 * the node hands it.
 * The node must work as on the newest n8n: "None" does not stop it, "Specific Domains" allows
 * the Base URL's host beside the list, and the list still bounds the node's requests.
 */
// First: it puts the older shapes in place of n8n-workflow's helper before the engine loads.
import { ALLOWED_DOMAINS_SHAPES, useAllowedDomainsShape } from '../harness/olderAllowedDomains';

import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, test } from '@jest/globals';

import { runPdfNoodle } from '../harness/engine';
import { startSandbox } from '../sandbox/server';
import { apiRequests, clearRequestLog, type Sandbox } from '../support/sandbox';

const renderHtml = { resource: 'document', operation: 'renderFromHtml', html: '<p>Allowed</p>', downloadFile: false };

/** A server on 127.0.0.1 that answers every request with a 307 to `location` + path, and logs what it got. */
async function redirecting(location: string): Promise<{ url: string; received: IncomingMessage[]; server: Server }> {
	const received: IncomingMessage[] = [];
	const server = createServer((request, response) => {
		received.push(request);
		request.resume();
		response.writeHead(307, { Location: `${location}${request.url ?? '/'}` }).end();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

describe.each(ALLOWED_DOMAINS_SHAPES)('n8n-workflow\'s older getCredentialAllowedDomains%s', (_shape, helper) => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, testControls: true, apiKey: 'allowed-domains-key-8c2f' });
	});

	beforeEach(() => {
		useAllowedDomainsShape(helper);
		clearRequestLog(sandbox);
	});

	afterAll(async () => {
		await sandbox.close();
	});

	const credential = (fields: Record<string, string>) => ({ pdfNoodleApi: { apiKey: sandbox.apiKey, baseUrl: sandbox.baseUrl, ...fields } });

	/** The render went through to the sandbox, with the key, and the node gave its answer. */
	function assertRendered(run: Awaited<ReturnType<typeof runPdfNoodle>>): void {
		assert.equal(run.error, undefined, run.error?.message);
		assert.match(String(run.items[0]?.json.signedUrl), /^http:\/\/127\.0\.0\.1:\d+\/files\//);
		assert.deepEqual(
			apiRequests(sandbox).map((request) => [request.method, request.path, request.headers.authorization]),
			[['POST', '/v1/html-to-pdf/sync', `Bearer ${sandbox.apiKey}`]],
		);
	}

	test('"None" does not stop the node (it keeps only the HTTP Request node from using the credential)', async () => {
		assertRendered(await runPdfNoodle(renderHtml, { credentials: credential({ allowedHttpRequestDomains: 'none' }) }));
	});

	test('"Specific Domains" without the Base URL\'s host: its host is allowed beside the list', async () => {
		assertRendered(await runPdfNoodle(renderHtml, { credentials: credential({ allowedHttpRequestDomains: 'domains', allowedDomains: 'files.example.com, *.example.org' }) }));
	});

	test('"Specific Domains" with an empty list: the Base URL\'s host is allowed', async () => {
		assertRendered(await runPdfNoodle(renderHtml, { credentials: credential({ allowedHttpRequestDomains: 'domains', allowedDomains: ' ' }) }));
	});

	test('the list still bounds the node: a redirect to the service outside it is refused by n8n before it leaves', async () => {
		// https://api.pdfnoodle.com is where the key may go, but not in this list.
		const redirector = await redirecting('https://api.pdfnoodle.com');
		try {
			const { error } = await runPdfNoodle(renderHtml, {
				credentials: { pdfNoodleApi: { apiKey: sandbox.apiKey, baseUrl: redirector.url, allowedHttpRequestDomains: 'domains', allowedDomains: 'files.example.com' } },
			});
			assert.match(`${error?.message} ${error?.description}`, /Domain not allowed: This credential is restricted from accessing api\.pdfnoodle\.com\. Only the following domains are allowed: 127\.0\.0\.1, files\.example\.com/);
			assert.equal(redirector.received.length, 1, 'the Base URL\'s own host was allowed');
		} finally {
			redirector.server.closeAllConnections();
			await new Promise<void>((resolve) => redirector.server.close(() => resolve()));
		}
	});
});
