/**
 * One run context for every operation: Request Options → Batching and "Requests at Once" hold
 * for the operations that answer for several items at once (Batch → Render Templates / Render
 * HTML, Merge PDFs with All Input Items, Pause Until Called Back) as for those run item by item.
 * What the node decided is asserted: the most requests the sandbox saw open at once (each held
 * open a moment, so that requests sent together overlap there), with the bound and, so that
 * the test can fail, without it; and that a paced piece of work never reached the sandbox
 * before its turn (arrival gaps are not asserted).
 */
import assert from 'node:assert/strict';
import { beforeAll, describe, test } from '@jest/globals';

import { prepareBinaryData } from 'n8n-core';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { binaryDataService, runPdfNoodle } from '../harness/engine';
import { textPdf } from '../support/fixtures';
import { apiRequests, credentialsFor } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ fixedRender: true });

const items = (count: number) => Array.from({ length: count }, (_, index) => ({ json: { index } }));
const batchHtml: INodeParameters = { resource: 'batch', operation: 'renderHtml', batchSource: 'inputItems', documentHtml: '={{ "<p>Document " + $itemIndex + "</p>" }}', downloadFile: false };
const oneAfterAnother = (intervalMs: number) => ({ batching: { batch: { batchSize: 1, batchInterval: intervalMs } } });

/** The most requests the sandbox had open at once since the test began. */
const mostAtOnce = () => sandbox.context.traffic.snapshot().maxInFlight;

/** Holds the next `times` requests of `method` to paths starting with `pathPrefix` open `delayMs` at the sandbox. */
function holdOpen(method: string, pathPrefix: string, times: number, delayMs = 400): void {
	sandbox.context.faults.push({ method, pathPrefix, kind: 'delay', delayMs, times });
}

/** When each request of `method` to a path matching `path` arrived, in ms after `began`. */
function arrivals(method: string, path: RegExp, began: number): number[] {
	return apiRequests(sandbox)
		.filter((request) => request.method === method && path.test(request.path))
		.map((request) => Date.parse(request.at) - began);
}

describe('Batch → Render HTML (three batches of one run)', () => {
	test('Requests at Once 1: one request open at a time, and every document rendered', async () => {
		// Batches long enough that, unbounded, the three are open together.
		sandbox.context.settings.renderDelayMs = 600;
		const { items: output, error } = await runPdfNoodle({ ...batchHtml, requestsAtOnce: 1 }, { credentials: credentialsFor(sandbox), input: items(45) });
		assert.equal(error, undefined, error?.message);
		assert.equal(output.filter((item) => item.json.renderStatus === 'SUCCESS').length, 45);
		assert.equal(arrivals('POST', /^\/v1\/html-to-pdf\/batch$/, 0).length, 3);
		assert.equal(sandbox.context.traffic.snapshot().maxInFlight, 1);
	});

	test('the rule itself: without a bound the three batches are open together', async () => {
		sandbox.context.settings.renderDelayMs = 600;
		const { error } = await runPdfNoodle({ ...batchHtml, requestsAtOnce: 0 }, { credentials: credentialsFor(sandbox), input: items(45) });
		assert.equal(error, undefined, error?.message);
		assert.ok(sandbox.context.traffic.snapshot().maxInFlight > 1, `saw ${sandbox.context.traffic.snapshot().maxInFlight} at once`);
	});

	test('Batching of one per 1 s: batch n is sent no sooner than n s after the run began', async () => {
		const began = Date.now();
		const { error } = await runPdfNoodle({ ...batchHtml, requestOptions: oneAfterAnother(1000) }, { credentials: credentialsFor(sandbox), input: items(45) });
		assert.equal(error, undefined, error?.message);
		const sent = arrivals('POST', /^\/v1\/html-to-pdf\/batch$/, began);
		assert.equal(sent.length, 3);
		// Unpaced, the three batches go together (BATCHES_IN_FLIGHT is 5).
		sent.forEach((arrival, batch) => assert.ok(arrival >= batch * 1000, `batches sent at ${sent.join(', ')} ms after the run began`));
	});
});

describe('Batch → Render HTML with Merge Into One PDF (three batches, then the join of their files)', () => {
	test('Batching of one per 1 s: the join is the fourth turn, after the three batches', async () => {
		const began = Date.now();
		const { items: output, error } = await runPdfNoodle({ ...batchHtml, batchOptions: { merge: true }, requestOptions: oneAfterAnother(1000) }, { credentials: credentialsFor(sandbox), input: items(45) });
		assert.equal(error, undefined, error?.message);
		assert.equal(output.length, 1);
		const batches = arrivals('POST', /^\/v1\/html-to-pdf\/batch$/, began);
		const merges = arrivals('POST', /^\/v1\/tools\/merge-pdfs$/, began);
		assert.equal(batches.length, 3);
		assert.equal(merges.length, 1);
		assert.ok(merges[0] >= 3000, `batches sent at ${batches.join(', ')} ms, the join at ${merges[0]} ms after the run began`);
	});
});

describe('PDF Tool → Merge PDFs with All Input Items', () => {
	let pdfItems: INodeExecutionData[];
	beforeAll(async () => {
		await binaryDataService();
		pdfItems = [];
		for (const page of ['one', 'two', 'three']) {
			pdfItems.push({ json: {}, binary: { data: await prepareBinaryData(await textPdf(page, 1), 'engine-test', 'engine-test-execution', `${page}.pdf`, 'application/pdf') } });
		}
	});
	const mergeAll: INodeParameters = { resource: 'pdfTool', operation: 'mergePdfs', mergeInputs: 'allItems', inputType: 'binary', downloadFile: false };

	test('Requests at Once 1: the three uploads one at a time; without a bound, side by side', async () => {
		for (const requestsAtOnce of [1, 0]) {
			sandbox.context.traffic.reset();
			holdOpen('GET', '/v1/tools/get-signed-upload-url', 3);
			const { items: output, error } = await runPdfNoodle({ ...mergeAll, requestsAtOnce }, { credentials: credentialsFor(sandbox), input: pdfItems });
			assert.equal(error, undefined, error?.message);
			assert.equal(output.length, 1);
			if (requestsAtOnce === 1) assert.equal(mostAtOnce(), 1, 'Requests at Once 1');
			else assert.ok(mostAtOnce() >= 3, `without a bound the three uploads overlap: saw ${mostAtOnce()} at once`);
		}
		assert.equal(arrivals('POST', /^\/v1\/tools\/merge-pdfs$/, 0).length, 2, 'one merge per run');
	});

	test('Batching of one per 1 s: upload n, and then the merge, no sooner than their turn', async () => {
		const began = Date.now();
		const { items: output, error } = await runPdfNoodle({ ...mergeAll, requestOptions: oneAfterAnother(1000) }, { credentials: credentialsFor(sandbox), input: pdfItems });
		assert.equal(error, undefined, error?.message);
		assert.equal(output.length, 1);
		const uploads = arrivals('GET', /^\/v1\/tools\/get-signed-upload-url/, began);
		const merges = arrivals('POST', /^\/v1\/tools\/merge-pdfs$/, began);
		assert.equal(uploads.length, 3);
		assert.equal(merges.length, 1);
		uploads.forEach((arrival, upload) => assert.ok(arrival >= upload * 1000, `uploads asked for at ${uploads.join(', ')} ms`));
		assert.ok(merges[0] >= 3000, `merge sent at ${merges[0]} ms`);
	});
});

describe('Pause Until Called Back (three items of three templates, their variables looked up before the one batch)', () => {
	const pauseRenders: INodeParameters = {
		resource: 'document',
		operation: 'renderFromTemplate',
		template: { __rl: true, mode: 'id', value: '={{ $json.template }}' },
		data: '={{ JSON.stringify({}) }}',
		mode: 'pause',
	};
	const threeTemplates = ['invoice', 'certificate', 'letter'].map((template) => ({ json: { template } }));

	test('Requests at Once 1: the lookups and the batch one at a time; without a bound, the lookups side by side', async () => {
		for (const requestsAtOnce of [1, 0]) {
			sandbox.context.traffic.reset();
			holdOpen('GET', '/v1/integration/templates/', 3);
			const { run, error } = await runPdfNoodle({ ...pauseRenders, requestsAtOnce }, { credentials: credentialsFor(sandbox), input: threeTemplates });
			assert.equal(error, undefined, error?.message);
			assert.ok(run.waitTill, 'the execution was put to wait');
			if (requestsAtOnce === 1) assert.equal(mostAtOnce(), 1, 'Requests at Once 1');
			else assert.ok(mostAtOnce() >= 3, `without a bound the three lookups overlap: saw ${mostAtOnce()} at once`);
		}
		const lookups = apiRequests(sandbox).filter((request) => /^\/v1\/integration\/templates\/[\w-]+\/variables$/.test(request.path));
		assert.equal(lookups.length, 6, 'each template looked up once per run');
		assert.equal(arrivals('POST', /^\/v1\/pdf\/batch$/, 0).length, 2, 'one batch per run');
	});
});
