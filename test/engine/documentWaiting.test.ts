/**
 * Waiting for renders: a sync call answered 202, asynchronous renders with and without
 * waiting, FAILED renders, the timeout, cancellation, transient errors of status calls,
 * and Get Status.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import type { INodeProperties } from 'n8n-workflow';

import { PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';
import { binaryBytes } from '../harness/engine';
import { pdfText } from '../support/pdf';
import { apiRequests, clearRequestLog } from '../support/sandbox';
import { useReceiver } from '../support/useReceiver';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox();
const receiver = useReceiver();

/** Every variable of the letter given, so that the outputs carry no dataCheck (Check Data Against Template). */
const letterData = {
	sender: { name: 'Acme Supplies Ltd.', address: '1 Main Street' },
	date: '1 May 2026',
	recipient: { name: 'Margaret Hamilton' },
	body_html: '<p>Your order has shipped.</p>',
	closing: 'Kind regards',
};
const renderLetter = {
	resource: 'document',
	operation: 'renderFromTemplate',
	template: { __rl: true, mode: 'id', value: 'letter' },
	data: JSON.stringify(letterData),
	pollInterval: 1,
};

/**
 * For a test that checks the waiting (status calls, retries, the 202 answer, time-outs), not the
 * document: its renders are the sandbox's prepared one-page PDF instead of Chromium's. Several
 * of them finish after their test (a time-out, no waiting), where nobody reads them but
 * Chromium would still take the machine's time. Tests that read a PDF's text or need the broken
 * template to fail render for real.
 */
const preparedDocuments = () => (sandbox.context.settings.fixedRender = true);

const statusCalls = () => apiRequests(sandbox).filter((request) => request.path.startsWith('/v1/pdf/status/'));
const renderCalls = () => apiRequests(sandbox).filter((request) => request.method === 'POST');

describe('a sync render answered 202', () => {
	test('is polled at the status endpoint to the end and gives the file; the POST is sent once', async () => {
		Object.assign(sandbox.context.settings, { syncWaitMs: 200, renderDelayMs: 2500 });
		const { items, error } = await sandbox.run(renderLetter);
		assert.equal(error, undefined, error?.message);
		assert.equal(items[0].json.renderStatus, 'SUCCESS');
		assert.equal(typeof items[0].json.requestId, 'string');
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data))).includes('Dear Margaret Hamilton'));
		assert.equal(renderCalls().length, 1);
		assert.ok(statusCalls().length >= 2, `polled ${statusCalls().length} times`);
		for (const call of statusCalls()) assert.equal(call.path, `/v1/pdf/status/${items[0].json.requestId}`);
	});

	test('with "Wait for Completion" off, the 202 answer is the output', async () => {
		preparedDocuments();
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 1500 });
		const { items } = await sandbox.run({ ...renderLetter, waitForCompletion: false });
		assert.deepEqual(Object.keys(items[0].json).sort(), ['message', 'requestId', 'statusUrl']);
		assert.equal(items[0].binary, undefined);
		assert.equal(statusCalls().length, 0);
	});

	test('running out of time names how long it waited, the request id and the status URL', async () => {
		preparedDocuments();
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 8000 });
		const { error } = await sandbox.run({ ...renderLetter, waitTimeout: 2 });
		assert.ok(error);
		assert.match(error.message, /^Timed out after waiting 2 s for the render to finish \(requestId [\w-]+, last state ONGOING\)$/);
		const requestId = /requestId ([\w-]+)/.exec(error.message)![1];
		assert.equal(error.description, `It may still finish: look it up later with "Get Status". requestId: ${requestId}, statusUrl: ${sandbox.baseUrl}/v1/pdf/status/${requestId}`);
	});

	test('a transient 503 and a 429 with Retry-After of a status call are retried', async () => {
		preparedDocuments();
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 1500 });
		sandbox.context.faults.push(
			{ method: 'GET', pathPrefix: '/v1/pdf/status/', kind: 'status', status: 503, times: 1 },
			{ method: 'GET', pathPrefix: '/v1/pdf/status/', kind: 'status', status: 429, headers: { 'Retry-After': '1' }, times: 1 },
		);
		const { items, error } = await sandbox.run(renderLetter);
		assert.equal(error, undefined, error?.message);
		assert.equal(items[0].json.renderStatus, 'SUCCESS');
		assert.ok(statusCalls().length >= 3);
		assert.equal(renderCalls().length, 1, 'the render was not started again');
	});

	test('a status call whose connection is reset is retried', async () => {
		preparedDocuments();
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 1000 });
		sandbox.context.faults.push({ method: 'GET', pathPrefix: '/v1/pdf/status/', kind: 'reset', times: 2 });
		const { items, error } = await sandbox.run(renderLetter);
		assert.equal(error, undefined, error?.message);
		assert.equal(items[0].json.renderStatus, 'SUCCESS');
		assert.equal(renderCalls().length, 1);
	});

	test('a status call answering 404 ends the wait with that error', async () => {
		preparedDocuments();
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 1500 });
		sandbox.context.faults.push({ method: 'GET', pathPrefix: '/v1/pdf/status/', kind: 'status', status: 404, body: { message: 'Request could not be found' }, times: 1 });
		const { error } = await sandbox.run(renderLetter);
		assert.equal(error?.message, 'Request could not be found');
	});

	test('cancelling the execution stops the wait', async () => {
		preparedDocuments();
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 60_000 });
		let cancel = () => {};
		const running = sandbox.run(renderLetter, undefined, undefined, { onStart: (execution) => (cancel = execution.cancel) });
		while (statusCalls().length < 1) await new Promise((resolve) => setTimeout(resolve, 50));
		cancel();
		const { run } = await running;
		assert.equal(run.status, 'canceled');
		const callsAtCancel = statusCalls().length;
		await new Promise((resolve) => setTimeout(resolve, 2500));
		assert.ok(statusCalls().length <= callsAtCancel + 1, 'no more polling after the cancel');
	});
});

describe('Request Options → Request Timeout at its default', () => {
	test('a sync render that pdf noodle holds 12 s before answering succeeds: the default Request Timeout, above the service\'s 30 s hold, is the one applied', async () => {
		const requestOptions = new PdfNoodle().description.properties.find((property) => property.name === 'requestOptions');
		const timeout = (requestOptions?.options as INodeProperties[]).find((option) => option.name === 'timeout');
		assert.equal(timeout?.displayName, 'Request Timeout (Ms)');
		// pdf noodle holds a synchronous call up to 30 s before it answers 202: the default must outlast that.
		assert.ok((timeout?.default as number) > 30_000, `the default Request Timeout ${String(timeout?.default)} ms outlasts the 30 s hold`);
		// The render takes 12 s before Chromium starts, past n8n's own 10 s request timeout, which
		// would cut the call if the node's default were not the one applied; the sandbox holds the
		// call up to 90 s instead of the service's 30 s, so that Chromium's own time on a loaded
		// machine cannot turn the held call into a 202.
		Object.assign(sandbox.context.settings, { syncWaitMs: 90_000, renderDelayMs: 12_000 });
		const { items, error } = await sandbox.run({ ...renderLetter, requestOptions: { timeout: timeout?.default } });
		assert.equal(error, undefined, error?.message);
		assert.equal(statusCalls().length, 0, 'answered within the synchronous call, not polled');
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data))).includes('Dear Margaret Hamilton'));
	});
});

describe('asynchronous renders', () => {
	test('with waiting: the webhook gets the result, the node polls and outputs the file', async () => {
		const { items, error } = await sandbox.run({ ...renderLetter, mode: 'async', webhook: receiver.url, waitForCompletion: true });
		assert.equal(error, undefined, error?.message);
		const [post] = renderCalls();
		assert.equal(post.path, '/v1/pdf/async');
		assert.deepEqual(post.body, {
			templateId: 'letter',
			data: letterData,
			webhook: receiver.url,
		});
		assert.equal(items[0].json.renderStatus, 'SUCCESS');
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data))).includes('Kind regards'));

		await receiver.waitFor(1);
		const delivered = receiver.received.at(-1)!.body as Record<string, unknown>;
		assert.equal(delivered.requestId, items[0].json.requestId);
		assert.equal(delivered.renderStatus, 'SUCCESS');
		assert.deepEqual(Object.keys(delivered).sort(), ['metadata', 'renderStatus', 'requestId', 'signedUrl']);
	});

	test('by default it does not wait: the acknowledgement {requestId} is the output, nothing is polled', async () => {
		preparedDocuments();
		const { items } = await sandbox.run({ ...renderLetter, mode: 'async', webhook: receiver.url });
		assert.deepEqual(Object.keys(items[0].json), ['requestId']);
		assert.equal(items[0].binary, undefined);
		assert.equal(statusCalls().length, 0);
	});

	test('HTML: posts to /v1/html-to-pdf/async with the webhook', async () => {
		const { items } = await sandbox.run(
			{ resource: 'document', operation: 'renderFromHtml', html: '<p>Async HTML</p>', mode: 'async', webhook: receiver.url, waitForCompletion: true, pollInterval: 1 },
		);
		assert.deepEqual(renderCalls().map((call) => [call.path, call.body]), [['/v1/html-to-pdf/async', { html: '<p>Async HTML</p>', webhook: receiver.url }]]);
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data))).includes('Async HTML'));
	});
});

describe('failed renders', () => {
	const broken = { ...renderLetter, template: { __rl: true, mode: 'id', value: 'broken-layout' } };

	test('an async render that ends FAILED is an error of its item', async () => {
		const { error } = await sandbox.run({ ...broken, mode: 'async', webhook: receiver.url, waitForCompletion: true });
		assert.match(error?.message ?? '', /^The render failed \(requestId [\w-]+\)$/);
	});

	test('a sync render that fails is an error with the service\'s message', async () => {
		const { error } = await sandbox.run(broken);
		assert.match(error?.message ?? '', /^The document could not be rendered/);
	});

	test('with "Continue On Fail" the failed render is an error item and the others are unharmed', async () => {
		const { items, error } = await sandbox.run(
			{ ...renderLetter, mode: 'async', webhook: receiver.url, waitForCompletion: true, template: { __rl: true, mode: 'id', value: '={{ $json.template }}' } },
			[{ json: { template: 'letter' } }, { json: { template: 'broken-layout' } }, { json: { template: 'certificate' } }],
			{ onError: 'continueRegularOutput' },
		);
		assert.equal(error, undefined);
		assert.equal(items.length, 3);
		assert.equal(items[0].json.renderStatus, 'SUCCESS');
		assert.match(String(items[1].json.error), /^The render failed/);
		assert.equal(items[2].json.renderStatus, 'SUCCESS');
		assert.ok(items[0].binary?.data && items[2].binary?.data && !items[1].binary);
	});
});

describe('Get Status', () => {
	async function finishedRender(): Promise<string> {
		const { items } = await sandbox.run({ ...renderLetter, mode: 'async', webhook: receiver.url, waitForCompletion: false });
		const requestId = String(items[0].json.requestId);
		await sandbox.context.renders.get(requestId)!.finished;
		clearRequestLog(sandbox);
		return requestId;
	}

	test('by request ID: the render result and its file', async () => {
		const requestId = await finishedRender();
		const { items } = await sandbox.run({ resource: 'document', operation: 'getStatus', requestId });
		assert.equal(items[0].json.requestId, requestId);
		assert.equal(items[0].json.renderStatus, 'SUCCESS');
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data))).includes('Margaret Hamilton'));
		assert.deepEqual(apiRequests(sandbox).map((request) => `${request.method} ${request.path}`), [`GET /v1/pdf/status/${requestId}`]);
	});

	test('by full status URL', async () => {
		preparedDocuments();
		const requestId = await finishedRender();
		const { items } = await sandbox.run({ resource: 'document', operation: 'getStatus', requestId: `${sandbox.baseUrl}/v1/pdf/status/${requestId}`, downloadFile: false });
		assert.equal(items[0].json.requestId, requestId);
		assert.equal(items[0].binary, undefined);
	});

	test('with "Wait for Completion" it waits for a render it did not start: ONGOING, then SUCCESS and the PDF', async () => {
		sandbox.context.settings.renderDelayMs = 2500;
		const { items: started } = await sandbox.run({ ...renderLetter, mode: 'async', webhook: receiver.url, waitForCompletion: false });
		const requestId = String(started[0].json.requestId);
		clearRequestLog(sandbox);

		const now = await sandbox.run({ resource: 'document', operation: 'getStatus', requestId });
		assert.equal(now.items[0].json.renderStatus, 'ONGOING', 'off by default: the status as it is now');
		assert.equal(now.items[0].binary, undefined);

		const waited = await sandbox.run({ resource: 'document', operation: 'getStatus', requestId, waitForCompletion: true, pollInterval: 1 });
		assert.equal(waited.error, undefined, waited.error?.message);
		assert.equal(waited.items[0].json.requestId, requestId);
		assert.equal(waited.items[0].json.renderStatus, 'SUCCESS');
		assert.ok((await pdfText(await binaryBytes(waited.items[0].binary?.data))).includes('Margaret Hamilton'));
		assert.ok(statusCalls().length >= 3, `${statusCalls().length} status calls`);
		assert.ok(statusCalls().every((call) => call.path === `/v1/pdf/status/${requestId}`));
		assert.equal(renderCalls().length, 0, 'nothing is rendered again');
	});

	test('waiting runs out of time with the request ID to look it up later', async () => {
		preparedDocuments();
		sandbox.context.settings.renderDelayMs = 8000;
		const { items: started } = await sandbox.run({ ...renderLetter, mode: 'async', webhook: receiver.url, waitForCompletion: false });
		const requestId = String(started[0].json.requestId);
		const { error } = await sandbox.run({ resource: 'document', operation: 'getStatus', requestId, waitForCompletion: true, pollInterval: 1, waitTimeout: 2 });
		assert.match(error?.message ?? '', new RegExp(`^Timed out after waiting 2 s for the render to finish \\(requestId ${requestId}, last state ONGOING\\)$`));
	});

	test('an unknown id is a 404 error; a malformed one is refused before sending', async () => {
		const unknown = await sandbox.run({ resource: 'document', operation: 'getStatus', requestId: 'nope' });
		assert.equal(unknown.error?.message, 'Request could not be found');
		clearRequestLog(sandbox);
		const malformed = await sandbox.run({ resource: 'document', operation: 'getStatus', requestId: 'https://example.com/not/a/status' });
		assert.equal(malformed.error?.message, 'Invalid "Request ID or Status URL": must be an ID or a URL ending in /v1/pdf/status/<id>');
		assert.equal(apiRequests(sandbox).length, 0);
	});
});
