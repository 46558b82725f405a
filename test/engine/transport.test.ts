/**
 * What every request of the node goes through (nodes/shared/transport/transport.ts), seen
 * from outside: redirects of the API are followed with method and body intact only to the
 * service's own host, and n8n's Request Options of the node apply to every request of an
 * operation (the first, the status polls, the downloads).
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, test } from '@jest/globals';

import { binaryBytes, runPdfNoodle } from '../harness/engine';
import { startSandbox } from '../sandbox/server';
import { selfSignedCertificate } from '../support/certificates';
import { pdfText } from '../support/pdf';
import { apiRequests, clearRequestLog, credentialsFor, type Sandbox } from '../support/sandbox';
import { runAgainst } from '../support/useSandbox';

const renderHtml = (html: string) => ({ resource: 'document', operation: 'renderFromHtml', html, pollInterval: 1 });

/** A server on 127.0.0.1 that answers every request with a redirect to `location` + path, and logs what it got. */
async function redirecting(status: number, location: string): Promise<{ url: string; received: IncomingMessage[]; server: Server }> {
	const received: IncomingMessage[] = [];
	const server = createServer((request, response) => {
		received.push(request);
		request.resume();
		response.writeHead(status, { Location: `${location}${request.url ?? '/'}` }).end();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

async function close(server: Server): Promise<void> {
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('redirects of the API', () => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, formerPort: 0, testControls: true, apiKey: 'redirect-test-key-5d1e' });
	});

	afterAll(async () => {
		await sandbox.close();
	});

	test('a proxy to a plain-http Base URL is refused before anything is sent: it could read the key', async () => {
		clearRequestLog(sandbox);
		const { error } = await runAgainst(sandbox, { ...renderHtml('<p>x</p>'), requestOptions: { proxy: 'http://proxy.example:3128' } });
		assert.equal(
			error?.message,
			`Invalid "Request Options → Proxy": would send the pdf noodle API key through the proxy proxy.example:3128: the request goes to ${new URL(sandbox.baseUrl).origin} over plain http, so the proxy could read the key. Use an https Base URL, or no proxy`,
		);
		assert.equal(sandbox.context.requestLog.length, 0);
	});

	test('a redirect within the Base URL\'s origin is sent again with its method, body and key', async () => {
		const received: Array<{ method?: string; url?: string; body: string; authorization?: string }> = [];
		const server = createServer((request, response) => {
			let body = '';
			request.on('data', (chunk) => (body += chunk));
			request.on('end', () => {
				received.push({ method: request.method, url: request.url, body, authorization: request.headers.authorization });
				if (request.url?.startsWith('/moved/')) {
					response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ signedUrl: 'https://files.example.com/a.pdf', metadata: {} }));
				} else {
					response.writeHead(307, { Location: `/moved${request.url}` }).end();
				}
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
			const { items, error } = await runPdfNoodle({ ...renderHtml('<p>Moved</p>'), downloadFile: false }, { credentials: credentialsFor(sandbox, { baseUrl }) });
			assert.equal(error, undefined, error?.message);
			assert.equal(items[0].json.signedUrl, 'https://files.example.com/a.pdf');
			assert.deepEqual(
				received.map(({ method, url, body, authorization }) => [method, url, JSON.parse(body), authorization]),
				[
					['POST', '/v1/html-to-pdf/sync', { html: '<p>Moved</p>' }, `Bearer ${sandbox.apiKey}`],
					['POST', '/moved/v1/html-to-pdf/sync', { html: '<p>Moved</p>' }, `Bearer ${sandbox.apiKey}`],
				],
			);
		} finally {
			await close(server);
		}
	});

	test('a redirect to another port of the Base URL\'s host is not followed: another origin, so the key stays', async () => {
		clearRequestLog(sandbox);
		// The sandbox's former-address listener answers 301 to the sandbox on its own port.
		const { error } = await runPdfNoodle(renderHtml('<p>x</p>'), { credentials: credentialsFor(sandbox, { baseUrl: sandbox.formerBaseUrl }) });
		assert.equal(error?.message, `The pdf noodle API answered with a redirect to ${sandbox.baseUrl}, which is not the pdf noodle service: it was not followed, so your API key stays with the service`);
		assert.deepEqual(sandbox.context.requestLog.map((request) => `${request.method} ${request.path}`), ['POST former:/v1/html-to-pdf/sync']);
	});

	test.each(['http://api.pdfnoodle.com', 'http://api.pdfnoodle.com:8080', 'https://api.pdfnoodle.com:8443'])(
		'a redirect to the service\'s host at %s (plain http or another port) is not followed',
		async (target) => {
			const redirector = await redirecting(308, target);
			try {
				const { error } = await runPdfNoodle(renderHtml('<p>x</p>'), { credentials: credentialsFor(sandbox, { baseUrl: redirector.url }) });
				assert.equal(error?.message, `The pdf noodle API answered with a redirect to ${target}, which is not the pdf noodle service: it was not followed, so your API key stays with the service`);
				assert.equal(redirector.received.length, 1);
			} finally {
				await close(redirector.server);
			}
		},
	);

	test('the credential\'s Allowed HTTP Request Domains hold for the node too: a redirect to the service outside the list is blocked by n8n', async () => {
		// https://api.pdfnoodle.com is where the key may go; the credential allows only the
		// Base URL's host, so n8n refuses the second request before it leaves the machine.
		const redirector = await redirecting(307, 'https://api.pdfnoodle.com');
		try {
			const { error } = await runPdfNoodle(renderHtml('<p>x</p>'), {
				credentials: { pdfNoodleApi: { apiKey: sandbox.apiKey, baseUrl: redirector.url, allowedHttpRequestDomains: 'domains', allowedDomains: 'files.example.com' } },
			});
			assert.match(`${error?.message} ${error?.description}`, /Domain not allowed: This credential is restricted from accessing api\.pdfnoodle\.com\. Only the following domains are allowed: 127\.0\.0\.1, files\.example\.com/);
			assert.equal(redirector.received.length, 1, 'the Base URL\'s own host is allowed beside the list');
		} finally {
			await close(redirector.server);
		}
	});

	test.each([301, 302, 307, 308])('a %d to another host is not followed: a clear error, and the key is not sent there', async (status) => {
		const elsewhere = await redirecting(200, '');
		// "localhost" is another host name than the credential's 127.0.0.1, on purpose.
		const redirector = await redirecting(status, elsewhere.url.replace('127.0.0.1', 'localhost'));
		try {
			const { error } = await runPdfNoodle(renderHtml('<p>x</p>'), { credentials: credentialsFor(sandbox, { baseUrl: redirector.url }) });
			assert.match(error?.message ?? '', /^The pdf noodle API answered with a redirect to http:\/\/localhost:\d+, which is not the pdf noodle service: it was not followed, so your API key stays with the service$/);
			assert.equal(redirector.received.length, 1);
			assert.equal(elsewhere.received.length, 0, 'nothing reached the other host');
		} finally {
			await close(redirector.server);
			await close(elsewhere.server);
		}
	});
});

describe("n8n's Request Options on every request of an operation", () => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		// The sandbox over HTTPS with a certificate nobody trusts, as a test server behind a
		// self-signed certificate would be; its signed file URLs are https:// too.
		const certificate = selfSignedCertificate(['127.0.0.1']);
		sandbox = await startSandbox({ port: 0, testControls: true, apiKey: 'tls-test-key-0b7a', tls: certificate });
	});

	afterAll(async () => {
		await sandbox.close();
	});

	test('without "Ignore SSL Issues" the self-signed certificate is refused before anything is rendered', async () => {
		clearRequestLog(sandbox);
		const { error } = await runAgainst(sandbox, renderHtml('<p>x</p>'));
		assert.match(`${error?.message} ${error?.description}`, /self[- ]signed certificate/i);
		assert.equal(apiRequests(sandbox).length, 0);
	});

	test('with "Ignore SSL Issues" the render, its status polls after a 202, and the download all go through', async () => {
		clearRequestLog(sandbox);
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 1500 });
		try {
			const { items, error } = await runAgainst(
				sandbox,
				{ ...renderHtml('<p>Over HTTPS</p>'), requestOptions: { allowUnauthorizedCerts: true } },
			);
			assert.equal(error, undefined, error?.message);
			const paths = sandbox.context.requestLog.map((request) => `${request.method} ${request.path.replace(/^\/v1\/pdf\/status\/.+$/, '/v1/pdf/status/<id>')}`);
			assert.equal(paths[0], 'POST /v1/html-to-pdf/sync');
			assert.ok(paths.includes('GET /v1/pdf/status/<id>'), paths.join(', '));
			assert.ok(paths.some((path) => path.startsWith('GET /files/')), 'the file was downloaded from its https:// URL');
			assert.match(String(items[0].json.signedUrl), /^https:\/\/127\.0\.0\.1:\d+\/files\//);
			assert.ok((await pdfText(await binaryBytes(items[0].binary?.data))).includes('Over HTTPS'));
		} finally {
			Object.assign(sandbox.context.settings, { syncWaitMs: 30_000, renderDelayMs: 0 });
		}
	});

	test('"Batching" paces the items: with one item per batch and 1 s between, item n is sent no sooner than n s after the run began', async () => {
		clearRequestLog(sandbox);
		const runBegan = Date.now();
		const { error } = await runAgainst(
			sandbox,
			{ ...renderHtml('<p>Paced</p>'), downloadFile: false, requestOptions: { allowUnauthorizedCerts: true, batching: { batch: { batchSize: 1, batchInterval: 1000 } } } },
			[{ json: {} }, { json: {} }, { json: {} }],
		);
		assert.equal(error, undefined, error?.message);
		const arrivals = apiRequests(sandbox).filter((request) => request.method === 'POST').map((request) => Date.parse(request.at) - runBegan);
		assert.equal(arrivals.length, 3);
		// What the node decided, and what a loaded machine cannot break: it waits the interval
		// before it sends each next item, so item n reaches the sandbox n intervals after the run
		// began at the earliest. Gaps between arrivals are not asserted: a busy machine may
		// deliver one request late and the next at once. Unpaced, all three arrive together.
		arrivals.forEach((arrival, item) => assert.ok(arrival >= item * 1000, `arrivals at ${arrivals.join(', ')} ms after the run began`));
	});

	test('a proxy with "Ignore SSL Issues" on is refused before anything is sent: it could answer as the service and read the key', async () => {
		clearRequestLog(sandbox);
		const unchecked = await runAgainst(sandbox, { ...renderHtml('<p>x</p>'), requestOptions: { proxy: 'http://proxy.example:3128', allowUnauthorizedCerts: true } });
		assert.equal(
			unchecked.error?.message,
			`Invalid "Request Options → Proxy": would send the pdf noodle API key through the proxy proxy.example:3128 with the certificate check off: the proxy could answer as ${new URL(sandbox.baseUrl).origin} and read the key. Turn the certificate check back on (Ignore SSL Issues off), or use no proxy`,
		);
		assert.equal(unchecked.error?.description, 'Remove the proxy, or use it only with an https Base URL and the certificate check on. Nothing was sent to pdf noodle.');
		assert.equal(sandbox.context.requestLog.length, 0);
	});

	test('a proxy that is not a URL is refused before anything is sent, naming the option', async () => {
		clearRequestLog(sandbox);
		const { error } = await runAgainst(
			sandbox,
			{ ...renderHtml('<p>x</p>'), requestOptions: { proxy: 'not a proxy' } },
		);
		assert.equal(error?.message, 'Invalid "Request Options → Proxy": must be a URL such as http://proxy.example.com:3128');
		assert.equal(sandbox.context.requestLog.length, 0);
	});
});
