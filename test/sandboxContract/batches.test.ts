/** The sandbox's batch endpoints, as the spec describes them, over HTTP. */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { pdfPageCount, pdfText } from '../support/pdf';
import { callApi, download, finishedCall } from '../support/sandbox';
import { useReceiver } from '../support/useReceiver';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox();
const receiver = useReceiver();

const entry = (name: string, templateId = 'certificate') => ({ templateId, data: { recipient_name: name } });

describe('states', () => {
	test('SUCCESS: the batch record with every result', async () => {
		// The sync answer's shape is the subject, not the documents: the sandbox's prepared PDF, well within the sync wait.
		sandbox.context.settings.fixedRender = true;
		const response = await callApi(sandbox, 'POST', '/v1/pdf/batch', { items: [entry('A'), entry('B')] });
		assert.equal(response.status, 200);
		assert.deepEqual(Object.keys(response.json).sort(), ['batchRequestId', 'completed', 'merge', 'results', 'status', 'total']);
		assert.equal(response.json.status, 'SUCCESS');
		assert.equal(response.json.total, 2);
		assert.equal(response.json.completed, 2);
		assert.equal(response.json.merge, false);
		assert.deepEqual(Object.keys(response.json.results[0]).sort(), ['metadata', 'renderStatus', 'requestId', 'signedUrl']);
	});

	test('PARTIAL_SUCCESS and FAILED, and a missing template is a failed entry, not an HTTP error', async () => {
		// Real renders (the prepared PDF would make the broken and the missing template succeed),
		// waited for past a 202 as a user would: the record at the status URL is the sync answer's.
		const partial = await finishedCall(sandbox, '/v1/pdf/batch', { items: [entry('A'), entry('B', 'broken-layout'), entry('C', 'no-such-template')] });
		assert.equal(partial.status, 200);
		assert.equal(partial.json.status, 'PARTIAL_SUCCESS');
		assert.deepEqual(partial.json.results.map((result: { renderStatus: string }) => result.renderStatus), ['SUCCESS', 'FAILED', 'FAILED']);
		assert.deepEqual(partial.json.results[1].metadata, {});
		assert.equal(partial.json.results[1].signedUrl, '');
		const failed = await finishedCall(sandbox, '/v1/pdf/batch', { items: [entry('A', 'broken-layout')] });
		assert.equal(failed.json.status, 'FAILED');
	});

	test('ONGOING while running, with completed below total; each entry is readable at the single status', async () => {
		Object.assign(sandbox.context.settings, { batchStaggerMs: 700 });
		const ack = await callApi(sandbox, 'POST', '/v1/pdf/batch', { items: [entry('A'), entry('B'), entry('C')], async: true });
		assert.equal(ack.status, 200);
		assert.deepEqual(Object.keys(ack.json).sort(), ['batchRequestId', 'message', 'statusUrl', 'subRequestIds', 'total']);
		assert.equal(ack.json.total, 3);
		assert.equal(ack.json.statusUrl, `${sandbox.baseUrl}/v1/pdf/batch/status/${ack.json.batchRequestId}`);
		const batch = sandbox.context.batches.get(ack.json.batchRequestId)!;
		await sandbox.context.renders.get(ack.json.subRequestIds[0])!.finished;
		const running = await callApi(sandbox, 'GET', `/v1/pdf/batch/status/${ack.json.batchRequestId}`);
		assert.equal(running.json.status, 'ONGOING');
		assert.ok(running.json.completed >= 1 && running.json.completed < running.json.total, JSON.stringify(running.json));
		await batch.finished;
		assert.equal(ack.json.subRequestIds.length, 3, 'one render per entry');
		for (const requestId of ack.json.subRequestIds) {
			const single = await callApi(sandbox, 'GET', `/v1/pdf/status/${requestId}`);
			assert.equal(single.json.renderStatus, 'SUCCESS');
		}
	});

	test('a batch over the sync wait is 202 with batchRequestId, statusUrl and message', async () => {
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 800 });
		const response = await callApi(sandbox, 'POST', '/v1/html-to-pdf/batch', { items: [{ html: '<p>x</p>' }] });
		assert.equal(response.status, 202);
		assert.deepEqual(Object.keys(response.json).sort(), ['batchRequestId', 'message', 'statusUrl']);
		assert.match(response.json.statusUrl, /\/v1\/pdf\/batch\/status\//);
	});
});

describe('merge and webhook', () => {
	test('the merged PDF holds the successful documents in order', async () => {
		// Real renders (pages and text are read), waited for past a 202.
		const response = await finishedCall(sandbox, '/v1/pdf/batch', { items: [entry('First'), entry('Broken', 'broken-layout'), entry('Third')], merge: true });
		assert.equal(response.json.merge, true);
		const merged = (await download(response.json.mergedUrl)).bytes;
		assert.equal(await pdfPageCount(merged), 2);
		const pages = (await pdfText(merged)).split('\n');
		assert.ok(pages[0].includes('First') && pages[1].includes('Third'));
	});

	test('the webhook receives the full batch record', async () => {
		const ack = await callApi(sandbox, 'POST', '/v1/html-to-pdf/batch', { items: [{ html: '<p>1</p>' }, { html: '<p>2</p>' }], async: true, webhook: receiver.url });
		await receiver.waitFor(1);
		const record = receiver.received.at(-1)!.body as Record<string, unknown>;
		assert.equal(record.batchRequestId, ack.json.batchRequestId);
		assert.equal(record.status, 'SUCCESS');
		assert.equal((record.results as unknown[]).length, 2);
	});
});

describe('rules', () => {
	const cases: Array<[string, unknown, number, RegExp]> = [
		['no items', { items: [] }, 400, /1 to 20/],
		['21 items', { items: Array.from({ length: 21 }, () => entry('x')) }, 400, /1 to 20/],
		['merge with a PNG entry', { items: [{ ...entry('x'), convertToImage: true }], merge: true }, 400, /merge cannot be used/],
		['a body over 3 MB', { items: [{ templateId: 'letter', data: { body_html: 'x'.repeat(3 * 1024 * 1024) } }] }, 413, /request entity too large/i],
	];
	for (const [name, body, status, message] of cases) {
		test(`${name} is ${status}`, async () => {
			const response = await callApi(sandbox, 'POST', '/v1/pdf/batch', body);
			assert.equal(response.status, status);
			assert.match(response.json.message, message);
		});
	}

	test('an unknown batch is 404', async () => {
		assert.equal((await callApi(sandbox, 'GET', '/v1/pdf/batch/status/nope')).status, 404);
	});
});
