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

	test('the former-address listener on a local port as the Base URL: the POST is sent again to the new address with its body, and the render comes back', async () => {
		clearRequestLog(sandbox);
		const { items, error } = await runPdfNoodle(renderHtml('<p>Sent again intact</p>'), {
			credentials: credentialsFor(sandbox, { baseUrl: sandbox.formerBaseUrl }),
		});
		assert.equal(error, undefined, error?.message);
		const log = sandbox.context.requestLog.filter((request) => request.path.includes('/v1/'));
		assert.deepEqual(log.slice(0, 2).map((request) => `${request.method} ${request.path}`), ['POST former:/v1/html-to-pdf/sync', 'POST /v1/html-to-pdf/sync']);
		assert.deepEqual(log[1].body, { html: '<p>Sent again intact</p>' });
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data))).includes('Sent again intact'));
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
		const { error } = await runPdfNoodle(renderHtml('<p>x</p>'), { credentials: credentialsFor(sandbox) });
		assert.match(`${error?.message} ${error?.description}`, /self[- ]signed certificate/i);
		assert.equal(apiRequests(sandbox).length, 0);
	});

	test('with "Ignore SSL Issues" the render, its status polls after a 202, and the download all go through', async () => {
		clearRequestLog(sandbox);
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 1500 });
		try {
			const { items, error } = await runPdfNoodle(
				{ ...renderHtml('<p>Over HTTPS</p>'), requestOptions: { allowUnauthorizedCerts: true } },
				{ credentials: credentialsFor(sandbox) },
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
		const { error } = await runPdfNoodle(
			{ ...renderHtml('<p>Paced</p>'), downloadFile: false, requestOptions: { allowUnauthorizedCerts: true, batching: { batch: { batchSize: 1, batchInterval: 1000 } } } },
			{ credentials: credentialsFor(sandbox), input: [{ json: {} }, { json: {} }, { json: {} }] },
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

	test('a proxy that is not a URL is refused before anything is sent, naming the option', async () => {
		clearRequestLog(sandbox);
		const { error } = await runPdfNoodle(
			{ ...renderHtml('<p>x</p>'), requestOptions: { proxy: 'not a proxy' } },
			{ credentials: credentialsFor(sandbox) },
		);
		assert.equal(error?.message, 'Invalid "Request Options → Proxy": must be a URL such as http://proxy.example.com:3128');
		assert.equal(sandbox.context.requestLog.length, 0);
	});
});
