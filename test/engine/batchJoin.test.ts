/**
 * "Merge Into One PDF" for more documents than one batch takes, in n8n's engine against the
 * sandbox: the batches' merged files joined into one PDF by pdf noodle's merge tool, in input
 * order; failed entries and failed batches; where the join cannot apply (no waiting, a
 * webhook, a pause), refused before anything is sent.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import type { INodeExecutionData } from 'n8n-workflow';

import { binaryBytes } from '../harness/engine';
import { pdfPageTexts, pdfText } from '../support/pdf';
import { apiRequests, callApi, download, type Sandbox } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

// The tests render certificates (Person 1 to 45) and check how the batches' files are joined,
// page by page, not how a certificate looks: each is its words on a page, drawn without Chromium.
const sandbox = useSandbox({ textRender: true });

const renderTemplates = {
	resource: 'batch',
	operation: 'renderTemplates',
	batchSource: 'inputItems',
	template: { __rl: true, mode: 'id', value: '={{ $json.template }}' },
	documentData: '={{ JSON.stringify({ recipient_name: $json.name, course: { title: "Joining", hours: 2 } }) }}',
	pollInterval: 1,
	batchOptions: { merge: true },
};
/** `count` people, each with the certificate template, but those at `broken` (input indexes) with one whose render fails. */
const people = (count: number, broken: number[] = []): INodeExecutionData[] =>
	Array.from({ length: count }, (_, index) => ({ json: { name: `Person ${index + 1}`, template: broken.includes(index) ? 'broken-layout' : 'certificate' } }));
const run = async (parameters: Record<string, unknown>, input: INodeExecutionData[], continueOnFail = false) =>
	await sandbox.run({ ...renderTemplates, ...parameters }, input, continueOnFail ? { onError: 'continueRegularOutput' } : {});

/** Whose certificate each page is: the person's number on it, page by page. */
async function peopleOnPages(bytes: Buffer): Promise<number[]> {
	return (await pdfPageTexts(bytes)).map((page) => Number(/Person (\d+)/.exec(page)?.[1]));
}
const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const paired = (item: INodeExecutionData) => ([] as Array<{ item: number }>).concat(item.pairedItem as { item: number }).map((pair) => pair.item);
/** The POSTs the sandbox received, as "path (entries)" for batches. */
const posts = (from: Sandbox) =>
	apiRequests(from)
		.filter((request) => request.method === 'POST')
		.map((request) => ({ path: request.path, body: request.body as { items?: Array<{ data: { recipient_name: string } }>; urls?: string[]; merge?: boolean } }));

describe('more items than one batch takes, with "Merge Into One PDF"', () => {
	test('one item: a 45-page PDF in input order, paired with all 45; three batches of 20, 20 and 5, then one merge of their three files in order', async () => {
		const { items, error } = await run({}, people(45));
		assert.equal(error, undefined, error?.message);
		assert.equal(items.length, 1, 'one output item');
		const [joined] = items;
		assert.deepEqual(paired(joined), numbers(0, 44));
		assert.deepEqual(await peopleOnPages(await binaryBytes(joined.binary?.data)), numbers(1, 45));

		const sent = posts(sandbox);
		assert.deepEqual(sent.map((post) => post.path), ['/v1/pdf/batch', '/v1/pdf/batch', '/v1/pdf/batch', '/v1/tools/merge-pdfs']);
		// The batches go out side by side, so the sandbox may see them in any order.
		const batches = sent.slice(0, 3).map((post) => post.body);
		assert.ok(batches.every((body) => body.merge === true));
		const spans = batches.map((body) => body.items!.map((entry) => Number(entry.data.recipient_name.split(' ')[1]))).sort((a, b) => a[0] - b[0]);
		assert.deepEqual(spans, [numbers(1, 20), numbers(21, 40), numbers(41, 45)]);
		// The merge names the batches' merged files (nothing uploaded), in input order, and nothing else.
		const merge = sent[3].body;
		assert.deepEqual(Object.keys(merge), ['urls']);
		assert.equal(merge.urls!.length, 3);
		const filePages = await Promise.all(merge.urls!.map(async (url) => await peopleOnPages((await download(url)).bytes)));
		assert.deepEqual(filePages, [numbers(1, 20), numbers(21, 40), numbers(41, 45)]);
		// ...which are the batches' own merged files, as their status records name them.
		const batchIds = (joined.json.batches as Array<{ batchRequestId: string }>).map((batch) => batch.batchRequestId);
		const records = await Promise.all(batchIds.map(async (id) => (await callApi(sandbox, 'GET', `/v1/pdf/batch/status/${id}`)).json));
		assert.deepEqual(records.map((record) => record.mergedUrl), merge.urls);

		// The item: the one PDF's URL as a merged batch item names it, what the merge tool answered, each batch.
		assert.deepEqual(await peopleOnPages((await download(String(joined.json.mergedUrl))).bytes), numbers(1, 45));
		assert.equal(joined.json.mergeRequestId, null, 'the merge answered at once');
		assert.equal(joined.binary?.data.fileName, joined.json.fileName);
		assert.equal(joined.binary?.data.mimeType, 'application/pdf');
		assert.deepEqual((joined.json.batches as Array<{ status: string; total: number }>).map((batch) => [batch.status, batch.total]), [['SUCCESS', 20], ['SUCCESS', 20], ['SUCCESS', 5]]);
	});

	test('"Also Output the Single Files" and "All Files on One Item": one item, the one PDF in data and each document in data_1 to data_25, numbered across the batches', async () => {
		const { items, error } = await run({ batchOptions: { merge: true, alsoSingleFiles: true }, fileOutput: 'oneItem' }, people(25));
		assert.equal(error, undefined, error?.message);
		assert.equal(items.length, 1);
		const binary = items[0].binary ?? {};
		assert.deepEqual(Object.keys(binary).sort(), ['data', ...numbers(1, 25).map((number) => `data_${number}`)].sort());
		assert.deepEqual(await peopleOnPages(await binaryBytes(binary.data)), numbers(1, 25));
		for (const number of [1, 20, 21, 25]) assert.deepEqual(await peopleOnPages(await binaryBytes(binary[`data_${number}`])), [number]);
		assert.deepEqual(paired(items[0]), numbers(0, 24));
	});

	test('"Also Output the Single Files": the one PDF\'s item first, then each document on its own item, as today', async () => {
		const { items, error } = await run({ batchOptions: { merge: true, alsoSingleFiles: true }, downloadFile: false }, people(25));
		assert.equal(error, undefined, error?.message);
		const [joined, ...documents] = items;
		assert.deepEqual(paired(joined), numbers(0, 24));
		assert.equal(typeof joined.json.mergedUrl, 'string');
		assert.equal(documents.length, 25);
		assert.deepEqual(documents.map((item) => paired(item)[0]), numbers(0, 24));
		assert.deepEqual(documents.map((item) => item.json.entryNumber), [...numbers(1, 20), ...numbers(1, 5)]);
		assert.ok(documents.every((item) => item.json.renderStatus === 'SUCCESS' && typeof item.json.signedUrl === 'string'));
		assert.equal(posts(sandbox).at(-1)?.path, '/v1/tools/merge-pdfs', 'joined without a download');
	});
});

describe('entries that fail (PARTIAL_SUCCESS), as a single batch treats them', () => {
	// The 2nd, 22nd and 45th people: one failed entry in each batch.
	const broken = [1, 21, 44];

	test('with Continue On Fail: the good documents reach the one PDF in order, each failed entry is an error item of its input item', async () => {
		const { items, error } = await run({}, people(45, broken), true);
		assert.equal(error, undefined, error?.message);
		const [joined, ...failed] = items;
		assert.deepEqual(await peopleOnPages(await binaryBytes(joined.binary?.data)), numbers(1, 45).filter((number) => !broken.includes(number - 1)));
		assert.deepEqual(paired(joined), numbers(0, 44));
		assert.deepEqual((joined.json.batches as Array<{ status: string }>).map((batch) => batch.status), ['PARTIAL_SUCCESS', 'PARTIAL_SUCCESS', 'PARTIAL_SUCCESS']);
		assert.deepEqual(failed.map((item) => paired(item)), [[1], [21], [44]]);
		assert.deepEqual(failed.map((item) => /^The render of batch entry (\d+) failed \(requestId [\w-]+\)$/.exec(String(item.json.error))?.[1]), ['2', '2', '5']);
		const details = failed.map((item) => item.json.details as { description: string; renderStatus: string; batchStatus: string });
		assert.ok(details.every((detail) => detail.renderStatus === 'FAILED' && detail.batchStatus === 'PARTIAL_SUCCESS'));
		assert.match(details[1].description, /^The document of the 22nd input item; batch [\w-]+ ended PARTIAL_SUCCESS/);
		assert.equal((posts(sandbox).at(-1)?.body.urls ?? []).length, 3);
	});

	test('without Continue On Fail: the node fails naming the failed entries\' input items, before anything is joined or fetched', async () => {
		const { error } = await run({}, people(45, broken));
		assert.equal(error?.message, '3 batch entries failed to render: those of the 2nd, 22nd and 45th input items');
		assert.match(String(error?.description), /^batch [\w-]+ entry 2 \(requestId [\w-]+\); batch [\w-]+ entry 2 \(requestId [\w-]+\); batch [\w-]+ entry 5 \(requestId [\w-]+\)\./);
		assert.deepEqual(posts(sandbox).map((post) => post.path), ['/v1/pdf/batch', '/v1/pdf/batch', '/v1/pdf/batch']);
		assert.deepEqual(sandbox.context.requestLog.filter((request) => !request.path.startsWith('/v1/')), [], 'no file downloaded');
	});

	test('one failed entry without Continue On Fail: its own error, as a single batch\'s, naming its input item', async () => {
		const { error } = await run({}, people(25, [21]));
		assert.match(error?.message ?? '', /^The render of batch entry 2 failed \(requestId [\w-]+\)$/);
		assert.match(String(error?.description), /^The document of the 22nd input item; batch [\w-]+ ended PARTIAL_SUCCESS/);
		assert.ok(!posts(sandbox).some((post) => post.path === '/v1/tools/merge-pdfs'));
	});

	test('a single batch agrees: several failed entries without Continue On Fail fail the node naming their input items', async () => {
		const { error } = await run({ batchOptions: {} }, people(4, [0, 2]));
		assert.equal(error?.message, '2 batch entries failed to render: those of the 1st and 3rd input items');
	});

	test('a whole batch refused by pdf noodle, with Continue On Fail: its items are error items, the other batches still make the one PDF', async () => {
		sandbox.context.faults.push({ method: 'POST', pathPrefix: '/v1/pdf/batch', kind: 'status', status: 500, body: { message: 'Internal failure' }, times: 1 });
		const { items, error } = await run({}, people(45), true);
		assert.equal(error, undefined, error?.message);
		const refused = items.filter((item) => item.json.error !== undefined);
		assert.ok(refused.every((item) => item.json.error === 'Internal failure'));
		const refusedInputs = refused.map((item) => paired(item)[0]);
		// Whichever batch reached the sandbox first was refused: its input items, and only those.
		assert.ok([numbers(0, 19), numbers(20, 39), numbers(40, 44)].some((block) => JSON.stringify(block) === JSON.stringify(refusedInputs)), JSON.stringify(refusedInputs));
		const [joined] = items.filter((item) => item.json.error === undefined);
		const rendered = numbers(1, 45).filter((number) => !refusedInputs.includes(number - 1));
		assert.deepEqual(await peopleOnPages(await binaryBytes(joined.binary?.data)), rendered);
		assert.deepEqual(paired(joined), rendered.map((number) => number - 1));
		assert.equal(posts(sandbox).at(-1)?.body.urls?.length, 2);
	});

	test('the merge tool failing, with Continue On Fail: every joined item gets its error; without, the node fails with it', async () => {
		const refuseMerge = () => sandbox.context.faults.push({ method: 'POST', pathPrefix: '/v1/tools/merge-pdfs', kind: 'status', status: 500, body: { message: 'Merge failed' }, times: 1 });
		refuseMerge();
		const continued = await run({ downloadFile: false }, people(21), true);
		assert.equal(continued.error, undefined, continued.error?.message);
		assert.deepEqual(continued.items.map((item) => [paired(item), item.json.error]), numbers(0, 20).map((index) => [[index], 'Merge failed']));
		refuseMerge();
		const stopped = await run({ downloadFile: false }, people(21));
		assert.equal(stopped.error?.message, 'Merge failed');
	});
});

describe('where the join cannot apply, refused before anything is sent', () => {
	test('"Wait for Completion" off (the asynchronous Mode\'s default): refused, naming it and why', async () => {
		const { error } = await run({ mode: 'async' }, people(45));
		assert.equal(
			error?.message,
			'Invalid "Wait for Completion": must be on: "Merge Into One PDF" joins the 3 batches these items make (up to 20 documents each) into one PDF once every batch has finished',
		);
		assert.match(String(error?.description), /Turn "Wait for Completion" on, or give the node at most 20 items per run.* Nothing was sent to pdf noodle\.$/);
		assert.deepEqual(apiRequests(sandbox), []);
	});

	test('under Continue On Fail the refusal is an error item of every input item, and still nothing is sent', async () => {
		const { items } = await run({ mode: 'async' }, people(25), true);
		assert.deepEqual(items.map((item) => paired(item)[0]), numbers(0, 24));
		assert.ok(items.every((item) => String(item.json.error).startsWith('Invalid "Wait for Completion"')));
		assert.deepEqual(apiRequests(sandbox), []);
	});

	test('a Webhook URL: refused, as pdf noodle would post each batch with only its own merged file', async () => {
		const { error } = await run({ webhook: 'https://example.com/hook' }, people(21));
		assert.equal(
			error?.message,
			'Invalid "Webhook URL": cannot be used: "Merge Into One PDF" joins the 2 batches these items make (up to 20 documents each) into one PDF, and pdf noodle would post each batch to the webhook with only its own merged file',
		);
		assert.deepEqual(apiRequests(sandbox), []);
	});

	test('"Pause Until Called Back": refused, a pause resumes on one batch\'s call back', async () => {
		const { error } = await run({ mode: 'pause', pauseTimeout: 120 }, people(45));
		assert.equal(error?.message, 'Mode "Pause Until Called Back" takes at most 20 items at a time, not 45');
		assert.match(String(error?.description), /^A pause sends one request \(a batch of up to 20 documents\) and resumes on its one call back\./);
		assert.deepEqual(apiRequests(sandbox), []);
	});

	test('a Signed URL Lifetime outside the merge tool\'s 60 to 604800 s: refused, the one PDF\'s URL takes it', async () => {
		const { error } = await run({ batchOptions: { merge: true, signedUrlExpiresIn: 30 } }, people(21));
		assert.match(error?.message ?? '', /^Invalid "Signed URL Lifetime \(Seconds\)": must be from 60 to 604800 \(the merge tool's range\), not 30/);
		assert.deepEqual(apiRequests(sandbox), []);
	});

	test('the asynchronous Mode with "Wait for Completion" on works: the batches polled, then joined, the lifetime passed on', async () => {
		const { items, error } = await run({ mode: 'async', waitForCompletion: true, batchOptions: { merge: true, signedUrlExpiresIn: 7200 } }, people(25));
		assert.equal(error, undefined, error?.message);
		assert.equal(items.length, 1);
		assert.deepEqual(await peopleOnPages(await binaryBytes(items[0].binary?.data)), numbers(1, 25));
		const sent = posts(sandbox);
		assert.deepEqual(sent.map((post) => [post.path, (post.body as { async?: boolean }).async]), [['/v1/pdf/batch', true], ['/v1/pdf/batch', true], ['/v1/tools/merge-pdfs', undefined]]);
		assert.deepEqual(Object.keys(sent[2].body).sort(), ['expiration', 'urls']);
		assert.equal((sent[2].body as { expiration?: number }).expiration, 7200);
		assert.ok(apiRequests(sandbox).some((request) => request.path.startsWith('/v1/pdf/batch/status/')), 'the batches were polled');
	});
});

test('a list per item keeps each item\'s own merged PDF: nothing is joined', async () => {
	const entries = (name: string) => JSON.stringify([1, 2].map((number) => ({ templateId: 'certificate', data: { recipient_name: `${name} ${number}`, course: { title: 'Lists', hours: 1 } } })));
	const { items, error } = await run({ batchSource: 'list', entries: '={{ $json.entries }}' }, [{ json: { entries: entries('Ada') } }, { json: { entries: entries('Grace') } }]);
	assert.equal(error, undefined, error?.message);
	assert.equal(items.length, 2);
	assert.ok((await pdfText(await binaryBytes(items[1].binary?.data))).includes('Grace 2'));
	assert.ok(!posts(sandbox).some((post) => post.path === '/v1/tools/merge-pdfs'));
});
