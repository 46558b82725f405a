/** The Batch resource in n8n's engine against the sandbox: chunking, merge, states, waiting. */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import type { INodeExecutionData } from 'n8n-workflow';

import { binaryBytes } from '../harness/engine';
import { pdfPageCount, pdfText } from '../support/pdf';
import { apiRequests, callApi, clearRequestLog } from '../support/sandbox';
import { useReceiver } from '../support/useReceiver';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ textRender: true });
const receiver = useReceiver();

const byExpression = { __rl: true, mode: 'id', value: '={{ $json.template }}' };
const renderTemplates = {
	resource: 'batch',
	operation: 'renderTemplates',
	batchSource: 'inputItems',
	template: byExpression,
	documentData: '={{ JSON.stringify({ recipient_name: $json.name, course: { title: "Batching", hours: 2 } }) }}',
	pollInterval: 1,
};
const people = (count: number, template = 'certificate'): INodeExecutionData[] =>
	Array.from({ length: count }, (_, index) => ({ json: { name: `Person ${index + 1}`, template } }));
const batchPosts = () => apiRequests(sandbox).filter((request) => request.method === 'POST');
const run = async (parameters: Record<string, unknown>, input: INodeExecutionData[], continueOnFail = false) =>
	await sandbox.run(parameters, input, continueOnFail ? { onError: 'continueRegularOutput' } : {});
/**
 * For a test that checks what is sent, paired and reported, not what is in the documents:
 * every render is the sandbox's prepared one-page PDF instead of a Chromium render (the
 * template is still looked up). Tests that read a document's text or pages, or need a broken
 * template to fail, render for real.
 */
const preparedDocuments = () => (sandbox.context.settings.fixedRender = true);

describe('from input items', () => {
	test('45 items make 3 batches of at most 20, and every item gets its document', async () => {
		preparedDocuments();
		const { items, error } = await run({ ...renderTemplates, downloadFile: false }, people(45));
		assert.equal(error, undefined, error?.message);
		// The batches go out side by side, so the sandbox may see them in any order.
		const sent = batchPosts().map((post) => (post.body as { items: Array<{ data: { recipient_name: string } }> }).items);
		assert.deepEqual(sent.map((entries) => entries.length).sort((a, b) => a - b), [5, 20, 20]);
		assert.ok(batchPosts().every((post) => post.path === '/v1/pdf/batch'));
		assert.deepEqual(sent.find((entries) => entries[0].data.recipient_name === 'Person 1')?.[0], {
			templateId: 'certificate',
			data: { recipient_name: 'Person 1', course: { title: 'Batching', hours: 2 } },
		});
		assert.equal(items.length, 45);
		assert.deepEqual(items.map((item) => (item.pairedItem as { item: number }).item), Array.from({ length: 45 }, (_, index) => index));
		assert.ok(items.every((item) => item.json.renderStatus === 'SUCCESS' && typeof item.json.batchRequestId === 'string' && item.json.batchStatus === 'SUCCESS'));
		assert.deepEqual(items.slice(0, 3).map((item) => item.json.entryNumber), [1, 2, 3]);
		assert.equal(items[20].json.entryNumber, 1, 'the 21st item is the first entry of the second batch');
	});

	test('the batches are sent side by side, and the items still come out in input order', async () => {
		// Each batch outlasts the sync wait, so the node polls it; the last batch (5 entries)
		// finishes long before the first two (20 entries). Every document is the same prepared PDF.
		Object.assign(sandbox.context.settings, { syncWaitMs: 50, batchStaggerMs: 60, fixedRender: true });
		const { items, error } = await run({ ...renderTemplates, downloadFile: false }, people(45));
		assert.equal(error, undefined, error?.message);
		const log = apiRequests(sandbox).map((request) => `${request.method} ${request.path.startsWith('/v1/pdf/batch/status/') ? 'status' : request.path}`);
		// One lookup of the template's variables for all 45 documents (Check Data Against Template).
		assert.deepEqual(log.slice(0, 4), ['GET /v1/integration/templates/certificate/variables', 'POST /v1/pdf/batch', 'POST /v1/pdf/batch', 'POST /v1/pdf/batch'], 'all three batches before the first status call');
		assert.deepEqual(items.map((item) => (item.pairedItem as { item: number }).item), Array.from({ length: 45 }, (_, index) => index));
		assert.deepEqual(items.slice(18, 22).map((item) => item.json.entryNumber), [19, 20, 1, 2]);
	});

	test('each document is downloaded as the binary of its own item', async () => {
		const { items, error } = await run(renderTemplates, people(3));
		assert.equal(error, undefined, error?.message);
		assert.equal(items.length, 3, 'one item per document');
		const texts = await Promise.all(items.map(async (item) => await pdfText(await binaryBytes(item.binary?.data))));
		texts.forEach((text, index) => assert.ok(text.includes(`Person ${index + 1}`), text));
	});

	test('merge gives one PDF whose pages are the documents\' pages, in order', async () => {
		const input = people(3);
		const { items, error } = await run({ ...renderTemplates, batchOptions: { merge: true, alsoSingleFiles: true } }, input);
		assert.equal(error, undefined, error?.message);
		assert.equal((batchPosts()[0].body as { merge: boolean }).merge, true);
		const [merged, ...singles] = items;
		assert.match(String(merged.json.mergedUrl), /-merged\.pdf\?/);
		assert.deepEqual(merged.pairedItem, [{ item: 0 }, { item: 1 }, { item: 2 }]);
		assert.equal(singles.length, 3);
		const mergedBytes = await binaryBytes(merged.binary?.data);
		const singleCounts = await Promise.all(singles.map(async (item) => await pdfPageCount(await binaryBytes(item.binary?.data))));
		assert.equal(await pdfPageCount(mergedBytes), singleCounts.reduce((sum, count) => sum + count, 0));
		const pages = (await pdfText(mergedBytes)).split('\n');
		assert.ok(pages[0].includes('Person 1') && pages.at(-1)!.includes('Person 3'));
	});

	test('merge without the single files is one item', async () => {
		preparedDocuments();
		const { items } = await run({ ...renderTemplates, batchOptions: { merge: true } }, people(2));
		assert.equal(items.length, 1);
		assert.equal(items[0].json.status, 'SUCCESS');
	});

	test('merge with PNG output is refused before any request', async () => {
		const { error } = await run({ ...renderTemplates, options: { outputFormat: 'png' }, batchOptions: { merge: true } }, people(2));
		assert.equal(error?.message, 'Invalid "Merge Into One PDF": cannot be used when an entry asks for PNG output');
		assert.equal(apiRequests(sandbox).length, 0);
	});

	test('a bad item stops the node before anything is sent, or becomes an error item under Continue On Fail', async () => {
		const input = [...people(2), { json: { name: 'x', template: '' } }];
		const stopped = await run(renderTemplates, input);
		assert.equal(stopped.error?.message, 'Invalid "Template": must not be empty');
		assert.equal(apiRequests(sandbox).length, 0);

		const { items } = await run(renderTemplates, input, true);
		assert.equal(items.length, 3);
		assert.deepEqual(items.map((item) => (item.pairedItem as { item: number }).item).sort(), [0, 1, 2]);
		assert.match(String(items.find((item) => (item.pairedItem as { item: number }).item === 2)!.json.error), /Template/);
		assert.equal((batchPosts()[0].body as { items: unknown[] }).items.length, 2);
	});

	test('HTML batches send html and pdfParams per entry', async () => {
		const { items, error } = await run(
			{
				resource: 'batch',
				operation: 'renderHtml',
				batchSource: 'inputItems',
				documentHtml: '={{ "<h1>" + $json.name + "</h1>" }}',
				printSettings: { format: 'A5' },
				options: { debug: true },
			},
			people(2),
		);
		assert.equal(error, undefined, error?.message);
		assert.equal(batchPosts()[0].path, '/v1/html-to-pdf/batch');
		assert.deepEqual((batchPosts()[0].body as { items: unknown[] }).items, [
			{ html: '<h1>Person 1</h1>', pdfParams: { format: 'A5' }, debug: true },
			{ html: '<h1>Person 2</h1>', pdfParams: { format: 'A5' }, debug: true },
		]);
		assert.ok((await pdfText(await binaryBytes(items[1].binary?.data))).includes('Person 2'));
	});

	test('batches are also cut to stay under 3 MB', async () => {
		preparedDocuments();
		const big = 'x'.repeat(900 * 1024);
		const { error } = await run(
			{ resource: 'batch', operation: 'renderHtml', batchSource: 'inputItems', documentHtml: `={{ "<p>" + $json.name + "</p><!--${big}-->" }}`, downloadFile: false },
			people(7),
		);
		assert.equal(error, undefined, error?.message);
		const sizes = batchPosts().map((post) => (post.body as { items: unknown[] }).items.length);
		assert.ok(sizes.length >= 3, `sent ${JSON.stringify(sizes)}`);
		assert.equal(sizes.reduce((sum, size) => sum + size, 0), 7);
	});

	test('an entry too large for any batch fails its own item; the others are rendered, in input order', async () => {
		const huge = 'x'.repeat(3 * 1024 * 1024);
		const documentHtml = `={{ "<p>" + $json.name + "</p>" + ($json.name === "Person 2" ? "<!--${huge}-->" : "") }}`;
		const { items, error } = await run({ resource: 'batch', operation: 'renderHtml', batchSource: 'inputItems', documentHtml, downloadFile: false }, people(3), true);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(items.map((item) => (item.pairedItem as { item: number }).item), [0, 1, 2]);
		assert.equal(items[1].json.error, 'Invalid "HTML": makes an entry of 3.0 MB, over the 3 MB a batch may carry');
		assert.deepEqual([items[0].json.renderStatus, items[2].json.renderStatus], ['SUCCESS', 'SUCCESS']);
		assert.deepEqual(batchPosts().map((post) => (post.body as { items: Array<{ html: string }> }).items.map((entry) => entry.html)), [['<p>Person 1</p>', '<p>Person 3</p>']]);
	});
});

describe('states', () => {
	const mixed = (): INodeExecutionData[] => [
		{ json: { name: 'Good 1', template: 'certificate' } },
		{ json: { name: 'Bad', template: 'broken-layout' } },
		{ json: { name: 'Good 2', template: 'certificate' } },
	];

	test('PARTIAL_SUCCESS without Continue On Fail: the failed entry is the node\'s error', async () => {
		const { error } = await run(renderTemplates, mixed());
		assert.match(error?.message ?? '', /^The render of batch entry 2 failed \(requestId [\w-]+\)$/);
	});

	test('PARTIAL_SUCCESS with Continue On Fail: good documents and an error item, nothing dropped', async () => {
		const { items } = await run(renderTemplates, mixed(), true);
		assert.equal(items.length, 3);
		const byInput = new Map(items.map((item) => [(item.pairedItem as { item: number }).item, item]));
		assert.equal(byInput.get(0)!.json.renderStatus, 'SUCCESS');
		assert.equal(byInput.get(0)!.json.batchStatus, 'PARTIAL_SUCCESS');
		assert.match(String(byInput.get(1)!.json.error), /batch entry 2 failed/);
		assert.equal((byInput.get(1)!.json.details as { renderStatus: string }).renderStatus, 'FAILED');
		assert.ok((await pdfText(await binaryBytes(byInput.get(2)!.binary?.data))).includes('Good 2'));
	});

	test('FAILED with Continue On Fail: an error item for every entry', async () => {
		const { items } = await run(renderTemplates, people(2, 'broken-layout'), true);
		assert.equal(items.length, 2);
		assert.ok(items.every((item) => /failed/.test(String(item.json.error)) && (item.json.details as { batchStatus: string }).batchStatus === 'FAILED'));
	});
});

describe('waiting and status', () => {
	test('a batch over the sync wait is answered 202 and polled at the batch status', async () => {
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, batchStaggerMs: 400 });
		preparedDocuments();
		const { items, error } = await run({ ...renderTemplates, downloadFile: false }, people(4));
		assert.equal(error, undefined, error?.message);
		assert.equal(items.length, 4);
		const polls = apiRequests(sandbox).filter((request) => request.path.startsWith('/v1/pdf/batch/status/'));
		assert.ok(polls.length >= 1);
		assert.equal(batchPosts().length, 1);
	});

	test('async with waiting: the webhook gets the batch record, the node polls and outputs the documents', async () => {
		preparedDocuments();
		const { items, error } = await run({ ...renderTemplates, mode: 'async', webhook: receiver.url, waitForCompletion: true }, people(2));
		assert.equal(error, undefined, error?.message);
		const body = batchPosts()[0].body as { async: boolean; webhook: string };
		assert.equal(body.async, true);
		assert.equal(body.webhook, receiver.url);
		assert.equal(items.length, 2);
		await receiver.waitFor(1);
		const record = receiver.received.at(-1)!.body as { batchRequestId: string; status: string; results: unknown[] };
		assert.equal(record.batchRequestId, items[0].json.batchRequestId);
		assert.equal(record.status, 'SUCCESS');
		assert.equal(record.results.length, 2);
	});

	test('async does not wait by default: it outputs the acknowledgement; Get Status gives the record and the files', async () => {
		const { items } = await run({ ...renderTemplates, mode: 'async', webhook: receiver.url, batchOptions: { merge: true } }, people(2));
		assert.equal(items.length, 1);
		assert.deepEqual(Object.keys(items[0].json).sort(), ['batchRequestId', 'message', 'statusUrl', 'subRequestIds', 'total']);
		assert.deepEqual(items[0].pairedItem, [{ item: 0 }, { item: 1 }]);
		await sandbox.context.batches.get(String(items[0].json.batchRequestId))!.finished;

		const status = await run({ resource: 'batch', operation: 'getStatus', batchRequestId: String(items[0].json.statusUrl) }, [{ json: {} }]);
		assert.equal(status.error, undefined, status.error?.message);
		// One item per file: the merged PDF with the whole record, then each document.
		const [merged, ...documents] = status.items;
		assert.equal(merged.json.status, 'SUCCESS');
		assert.equal(merged.json.completed, 2);
		assert.equal(await pdfPageCount(await binaryBytes(merged.binary?.data)), 2);
		assert.deepEqual(documents.map((item) => item.json.entryNumber), [1, 2]);
		assert.ok((await pdfText(await binaryBytes(documents[1].binary?.data))).includes('Person 2'));

		const onOneItem = await run({ resource: 'batch', operation: 'getStatus', batchRequestId: String(items[0].json.batchRequestId), fileOutput: 'oneItem' }, [{ json: {} }]);
		const [record] = onOneItem.items;
		assert.equal(onOneItem.items.length, 1);
		assert.equal(record.json.status, 'SUCCESS');
		assert.deepEqual(Object.keys(record.binary ?? {}).sort(), ['data', 'data_1', 'data_2']);
		assert.ok((await pdfText(await binaryBytes(record.binary?.data_2))).includes('Person 2'));
	});
});

describe('Get Status with "Wait for Completion"', () => {
	test('waits for a batch it did not start: ONGOING, then SUCCESS and the files', async () => {
		sandbox.context.settings.renderDelayMs = 2500;
		const { items: started } = await run({ ...renderTemplates, mode: 'async', webhook: receiver.url, waitForCompletion: false }, people(2));
		const batchRequestId = String(started[0].json.batchRequestId);
		clearRequestLog(sandbox);

		const getStatus = { resource: 'batch', operation: 'getStatus', batchRequestId };
		const now = await run(getStatus, [{ json: {} }]);
		assert.equal(now.items[0].json.status, 'ONGOING', 'off by default: the status as it is now');
		assert.equal(now.items[0].binary, undefined);

		const waited = await run({ ...getStatus, waitForCompletion: true, pollInterval: 1 }, [{ json: {} }]);
		assert.equal(waited.error, undefined, waited.error?.message);
		assert.deepEqual(waited.items.map((item) => [item.json.batchStatus, item.json.entryNumber]), [['SUCCESS', 1], ['SUCCESS', 2]]);
		assert.ok((await pdfText(await binaryBytes(waited.items[1].binary?.data))).includes('Person 2'));
		const calls = apiRequests(sandbox).map((request) => `${request.method} ${request.path}`);
		assert.ok(calls.length >= 3 && calls.every((call) => call === `GET /v1/pdf/batch/status/${batchRequestId}`), calls.join(', '));
	});

	test('a status the API does not name is not the end of the batch: the wait asks again and outputs the finished one', async () => {
		preparedDocuments();
		const { items: started } = await run({ ...renderTemplates, mode: 'async', webhook: receiver.url, waitForCompletion: false }, people(2));
		const batchRequestId = String(started[0].json.batchRequestId);
		await sandbox.context.batches.get(batchRequestId)!.finished;
		const record = (await callApi(sandbox, 'GET', `/v1/pdf/batch/status/${batchRequestId}`)).json;
		clearRequestLog(sandbox);
		// The first lookup answers a state pdf noodle's spec does not have; the next, the record as it is.
		sandbox.context.faults.push({ method: 'GET', pathPrefix: '/v1/pdf/batch/status/', kind: 'status', status: 200, body: { ...record, status: 'QUEUED' }, times: 1 });

		const waited = await run({ resource: 'batch', operation: 'getStatus', batchRequestId, waitForCompletion: true, pollInterval: 1 }, [{ json: {} }]);
		assert.equal(waited.error, undefined, waited.error?.message);
		assert.deepEqual(waited.items.map((item) => [item.json.batchStatus, item.json.entryNumber]), [['SUCCESS', 1], ['SUCCESS', 2]]);
		assert.deepEqual(apiRequests(sandbox).map((request) => `${request.method} ${request.path}`), Array(2).fill(`GET /v1/pdf/batch/status/${batchRequestId}`));
	});
});

describe('from a list per item', () => {
	const listOf = (entries: unknown) => ({ resource: 'batch', operation: 'renderTemplates', batchSource: 'list', entries: JSON.stringify(entries), downloadFile: false });

	test('each item is one batch; every entry\'s document is paired with it', async () => {
		preparedDocuments();
		const entries = [1, 2, 3].map((n) => ({ templateId: 'certificate', data: { recipient_name: `L${n}` } }));
		const { items, error } = await run(listOf(entries), [{ json: {} }]);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(batchPosts()[0].body, { items: entries });
		assert.equal(items.length, 3);
		assert.ok(items.every((item) => (item.pairedItem as { item: number }).item === 0));
	});

	const bad: Array<[string, unknown, string]> = [
		['an empty list', [], 'Invalid "Entries (JSON)": must hold 1 to 20 entries, not 0'],
		['21 entries', Array.from({ length: 21 }, () => ({ templateId: 'letter', data: {} })), 'Invalid "Entries (JSON)": must hold 1 to 20 entries, not 21'],
		['an entry without data', [{ templateId: 'letter' }], 'Invalid "Entries (JSON)": entry 1 needs data as an object'],
		['an unknown field', [{ templateId: 'letter', data: {}, colour: 'red' }], 'Invalid "Entries (JSON)": entry 1 has unknown fields: colour'],
		['s3_key without s3_bucket', [{ templateId: 'letter', data: {}, s3_key: 'a/b' }], 'Invalid "Entries (JSON)": entry 1: s3_key can only be used with s3_bucket'],
	];
	for (const [name, entries, message] of bad) {
		test(`${name} is refused before sending`, async () => {
			const { error } = await run(listOf(entries), [{ json: {} }]);
			assert.equal(error?.message, message);
			assert.equal(apiRequests(sandbox).length, 0);
		});
	}
});

describe('batches like single renders', () => {
	test('"Map Each Variable" for entries from input items: each item\'s mapped values become its entry\'s nested data', async () => {
		const { items, error } = await run(
			{
				...renderTemplates,
				template: { __rl: true, mode: 'id', value: 'letter' },
				documentDataMode: 'map',
				documentVariables: { mappingMode: 'defineBelow', value: { 'recipient.name': '={{ $json.name }}', closing: 'With thanks' } },
			},
			people(2, 'letter'),
		);
		assert.equal(error, undefined, error?.message);
		const body = batchPosts()[0].body as { items: unknown[] };
		assert.deepEqual(body.items, [
			{ templateId: 'letter', data: { recipient: { name: 'Person 1' }, closing: 'With thanks' } },
			{ templateId: 'letter', data: { recipient: { name: 'Person 2' }, closing: 'With thanks' } },
		]);
		const text = await pdfText(await binaryBytes(items[1].binary?.data));
		assert.ok(text.includes('Person 2') && text.includes('With thanks'), text);
	});

	test('"File Name" names each document by an expression on its own input item', async () => {
		const { items, error } = await run({ ...renderTemplates, fileName: '={{ $json.name.replace(" ", "-") }}-certificate.pdf' }, people(3));
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(items.map((item) => item.binary?.data.fileName), ['Person-1-certificate.pdf', 'Person-2-certificate.pdf', 'Person-3-certificate.pdf']);
		assert.ok((await pdfText(await binaryBytes(items[2].binary?.data))).includes('Person 3'));
	});

	test('"All Files on One Item": each batch is one item with its documents numbered from 1, paired with its input items', async () => {
		const { items, error } = await run({ ...renderTemplates, fileOutput: 'oneItem' }, people(22));
		assert.equal(error, undefined, error?.message);
		assert.equal(items.length, 2, 'two batches: 20 and 2 documents');
		assert.equal(Object.keys(items[0].binary ?? {}).length, 20);
		assert.deepEqual(Object.keys(items[1].binary ?? {}).sort(), ['data_1', 'data_2']);
		assert.deepEqual(items[1].pairedItem, [{ item: 20 }, { item: 21 }]);
		assert.equal(items[1].json.status, 'SUCCESS');
		assert.equal((items[1].json.results as unknown[]).length, 2);
		assert.ok((await pdfText(await binaryBytes(items[1].binary?.data_2))).includes('Person 22'));
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data_20))).includes('Person 20'));
	});

	test('"All Files on One Item" with a merge: the merged PDF in the field, each document numbered beside it', async () => {
		const { items, error } = await run({ ...renderTemplates, fileOutput: 'oneItem', batchOptions: { merge: true, alsoSingleFiles: true } }, people(3));
		assert.equal(error, undefined, error?.message);
		assert.equal(items.length, 1);
		assert.deepEqual(Object.keys(items[0].binary ?? {}).sort(), ['data', 'data_1', 'data_2', 'data_3']);
		assert.equal(await pdfPageCount(await binaryBytes(items[0].binary?.data)), 3);
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data_1))).includes('Person 1'));
	});

	test('a synchronous batch may notify a webhook: the body has the webhook and no async, the receiver gets the record', async () => {
		preparedDocuments();
		const { error } = await run({ ...renderTemplates, webhook: receiver.url, downloadFile: false }, people(2));
		assert.equal(error, undefined, error?.message);
		const body = batchPosts()[0].body as Record<string, unknown>;
		assert.equal(body.webhook, receiver.url);
		assert.equal(body.async, undefined);
		await receiver.waitFor(1);
		const record = receiver.received.at(-1)!.body as { status: string; results: unknown[] };
		assert.equal(record.status, 'SUCCESS');
		assert.equal(record.results.length, 2);
	});

	test('an asynchronous batch may be polled without a webhook', async () => {
		const { items, error } = await run({ ...renderTemplates, mode: 'async', waitForCompletion: true }, people(2));
		assert.equal(error, undefined, error?.message);
		const body = batchPosts()[0].body as Record<string, unknown>;
		assert.equal(body.async, true);
		assert.equal(body.webhook, undefined);
		assert.equal(items.length, 2);
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data))).includes('Person 1'));
	});
});
