/**
 * The fault matrix: every kind of fault the sandbox can inject, against every family of
 * work (render, batch, template creation, PDF tool), with "Continue On Fail" and several
 * input items. Transient faults of status calls and downloads are retried; the request
 * that starts the work is sent again only after a 429 (refused before anything started), else
 * never twice; every other fault is an error of the item it
 * hit, which a person can act on; no item is lost; the API key appears nowhere.
 *
 * A case runs against the four families at once, each family against a sandbox of its own
 * (faults and timing settings are a sandbox's): most of a case's time is the node's own waits
 * (poll intervals, backoffs, a status call's timeout), which overlap then instead of adding up.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from '@jest/globals';

import type { INodeExecutionData } from 'n8n-workflow';

import type { WorkflowRun } from '../harness/engine';
import type { Fault } from '../sandbox/faults';
import { serveFiles, textPdf, type FileServer } from '../support/fixtures';
import { apiRequests, clearRequestLog, type Sandbox } from '../support/sandbox';
import { useReceiver } from '../support/useReceiver';
import { useSandbox } from '../support/useSandbox';

const receiver = useReceiver();
let files: FileServer;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
/** What the matrix measured, for its summary line: each case asserts its own outcome. */
const measured = { cases: 0, requests: 0, itemsIn: 0, itemsOut: 0, errorItems: 0 };

beforeAll(async () => {
	process.on('unhandledRejection', onUnhandled);
	files = await serveFiles({ '/doc.pdf': await textPdf('Doc', 2) });
});

afterAll(async () => {
	process.off('unhandledRejection', onUnhandled);
	await files.close();
	const { cases, requests, itemsIn, itemsOut, errorItems } = measured;
	console.log(
		`fault matrix: ${cases} cases run, ${requests} requests seen by the sandbox, ${itemsIn} items in, ${itemsOut} items out (${errorItems} of them errors), ${unhandled.length} unhandled rejections`,
	);
	assert.deepEqual(unhandled, [], 'no unhandled rejection');
});

interface Family {
	name: string;
	/** The request that starts the work, and the status calls that follow it. */
	post: string;
	poll: string;
	parameters: () => Record<string, unknown>;
	/** Makes the sandbox answer slowly enough that the node polls. */
	slow: (sandbox: Sandbox) => void;
	/** Makes the work itself fail (for the "work ends FAILED" case). */
	failure: () => { parameters?: Record<string, unknown>; fault?: Fault };
	/** Output items for one input item when all is well. */
	itemsPerInput: number;
	/** Whether one fault of the starting request hits every input item (one batch for all). */
	oneRequestForAll: boolean;
	/** Cases whose outcome differs for this family, by case name. */
	expects?: Record<string, Expectation>;
}

const INPUTS = 2;

const families: Family[] = [
	{
		name: 'render',
		post: '/v1/pdf/sync',
		poll: '/v1/pdf/status/',
		parameters: () => ({ resource: 'document', operation: 'renderFromTemplate', template: { __rl: true, mode: 'id', value: 'letter' }, data: '{}', pollInterval: 1 }),
		slow: (sandbox) => Object.assign(sandbox.context.settings, { syncWaitMs: 50, renderDelayMs: 600 }),
		failure: () => ({ fault: { method: 'RENDER', pathPrefix: '', kind: 'failRender', times: 1 } }),
		itemsPerInput: 1,
		oneRequestForAll: false,
	},
	{
		name: 'batch',
		post: '/v1/pdf/batch',
		poll: '/v1/pdf/batch/status/',
		parameters: () => ({ resource: 'batch', operation: 'renderTemplates', batchSource: 'inputItems', template: { __rl: true, mode: 'id', value: 'letter' }, documentData: '{}', mode: 'async', webhook: receiver.url, waitForCompletion: true, pollInterval: 1 }),
		slow: (sandbox) => Object.assign(sandbox.context.settings, { renderDelayMs: 600 }),
		failure: () => ({ fault: { method: 'RENDER', pathPrefix: '', kind: 'failRender', times: 1 } }),
		itemsPerInput: 1,
		oneRequestForAll: true,
	},
	{
		name: 'template creation',
		post: '/v1/integration/templates/create',
		poll: '/v1/integration/templates/',
		// pdf noodle wants creations polled every 10 s at most; a creation that is done by the
		// node's first (immediate) look keeps the cases quick (the sandbox finishes a creation of
		// 0 ms before it answers the POST), and the faults still hit it.
		parameters: () => ({ resource: 'template', operation: 'createWithAi', prompt: 'A receipt with the shop name, the date and a list of items', displayName: 'Receipt', pollInterval: 10, downloadPreview: true }),
		slow: (sandbox) => Object.assign(sandbox.context.settings, { templateCreationMs: 0, templateFinalizeMs: 60_000 }),
		failure: () => ({ parameters: { prompt: '={{ $itemIndex === 0 ? "Too short" : "A receipt with the shop name, the date and a list of items" }}' } }),
		itemsPerInput: 1,
		oneRequestForAll: false,
		// Right after it is accepted a creation may not be in the creation queue yet: a 404 then
		// is asked again.
		expects: { 'status call 404': 'success' },
	},
	{
		name: 'tool',
		post: '/v1/tools/compress-pdf',
		poll: '/v1/tools/status/',
		parameters: () => ({ resource: 'pdfTool', operation: 'compressPdf', inputType: 'url', url: files.url('/doc.pdf'), pollInterval: 1, toolOptions: { async: true } }),
		slow: (sandbox) => Object.assign(sandbox.context.settings, { toolDelayMs: 600 }),
		failure: () => ({ parameters: { url: `={{ $itemIndex === 0 ? "${files.url('/missing.pdf')}" : "${files.url('/doc.pdf')}" }}` } }),
		itemsPerInput: 1,
		oneRequestForAll: false,
	},
];

/**
 * Each family's own sandbox, by family name. Its renders are the sandbox's prepared one-page
 * PDF, not Chromium's: the matrix checks what the node does with a fault (retries, error
 * items, requests sent), never what a document holds, and a failed render is the injected
 * `failRender` fault, which ends a prepared render FAILED too. (A template creation's preview
 * is still rendered by Chromium.)
 */
const sandboxes = new Map(families.map((family) => [family.name, useSandbox({ fixedRender: true })]));

/**
 * What a fault breaks: nothing (it is retried), one item (one document's file or render),
 * one unit of work (a render, tool job or creation; for the batch family the one batch of
 * every input item), or every unit (a fault that never ends).
 */
type Expectation = 'success' | 'one item fails' | 'one unit fails' | 'every unit fails';

interface FaultCase {
	name: string;
	fault: (family: Family) => Fault | undefined;
	expect: Expectation;
	/** What the error a person reads says. */
	message?: RegExp;
	/** How often the starting request reaches the service, for so many units of work (else once per unit). */
	startingRequestsSent?: (units: number) => number;
}

const faultCases: FaultCase[] = [
	{ name: 'status call 503, twice', fault: (f) => ({ method: 'GET', pathPrefix: f.poll, kind: 'status', status: 503, times: 2 }), expect: 'success' },
	{ name: 'status call 502', fault: (f) => ({ method: 'GET', pathPrefix: f.poll, kind: 'status', status: 502, times: 1 }), expect: 'success' },
	{ name: 'status call 429 with Retry-After', fault: (f) => ({ method: 'GET', pathPrefix: f.poll, kind: 'status', status: 429, headers: { 'Retry-After': '1' }, times: 1 }), expect: 'success' },
	{ name: 'status call reset, twice', fault: (f) => ({ method: 'GET', pathPrefix: f.poll, kind: 'reset', times: 2 }), expect: 'success' },
	{ name: 'status call malformed JSON', fault: (f) => ({ method: 'GET', pathPrefix: f.poll, kind: 'malformed', times: 1 }), expect: 'success' },
	{ name: 'status call hangs past the client timeout', fault: (f) => ({ method: 'GET', pathPrefix: f.poll, kind: 'delay', delayMs: 6500, times: 1 }), expect: 'success' },
	{ name: 'download 503', fault: () => ({ method: 'GET', pathPrefix: '/files/', kind: 'status', status: 503, times: 1 }), expect: 'success' },
	{
		name: 'status call 404',
		fault: (f) => ({ method: 'GET', pathPrefix: f.poll, kind: 'status', status: 404, body: { message: 'Request could not be found' }, times: 1 }),
		expect: 'one unit fails',
		message: /could not be found/,
	},
	{
		name: 'status call 500 beyond the retries',
		// The 500s ask for a 1 s wait (Retry-After) so that the retries run out in seconds, not in
		// the half minute of the growing backoff (1, 2, 4, 8, 8 s), whose steps test/unit/retry.test.ts pins.
		fault: (f) => ({ method: 'GET', pathPrefix: f.poll, kind: 'status', status: 500, headers: { 'Retry-After': '1' }, body: { message: 'Status store unavailable' }, times: 100 }),
		expect: 'every unit fails',
		message: /Status store unavailable/,
	},
	{
		name: 'download refused as expired',
		fault: () => ({ method: 'GET', pathPrefix: '/files/', kind: 'status', status: 403, body: { message: 'Request has expired' }, times: 1 }),
		expect: 'one item fails',
		message: /^Downloading the file failed with status 403/,
	},
	{
		name: 'starting request 500',
		fault: (f) => ({ method: 'POST', pathPrefix: f.post, kind: 'status', status: 500, body: { message: 'Renderer unavailable' }, times: 1 }),
		expect: 'one unit fails',
		message: /Renderer unavailable/,
	},
	{
		name: 'starting request 503',
		fault: (f) => ({ method: 'POST', pathPrefix: f.post, kind: 'status', status: 503, times: 1 }),
		expect: 'one unit fails',
		message: /status 503/,
	},
	{
		name: 'starting request 429 with Retry-After',
		fault: (f) => ({ method: 'POST', pathPrefix: f.post, kind: 'status', status: 429, headers: { 'Retry-After': '1' }, times: 1 }),
		expect: 'success',
		// A 429 is refused before any work starts: that one request is sent again.
		startingRequestsSent: (units) => units + 1,
	},
	{
		name: 'starting request 429 beyond the retries',
		fault: (f) => ({ method: 'POST', pathPrefix: f.post, kind: 'status', status: 429, headers: { 'Retry-After': '0' }, times: 100 }),
		expect: 'every unit fails',
		message: /rate limiting this account/,
		startingRequestsSent: (units) => units * 5,
	},
	{
		name: 'starting request 429 asking for an hour',
		fault: (f) => ({ method: 'POST', pathPrefix: f.post, kind: 'status', status: 429, headers: { 'Retry-After': '3600' }, times: 1 }),
		expect: 'one unit fails',
		message: /rate limiting this account/,
	},
	{ name: 'starting request reset', fault: (f) => ({ method: 'POST', pathPrefix: f.post, kind: 'reset', times: 1 }), expect: 'one unit fails', message: /closed unexpectedly|socket hang up|ECONNRESET/i },
	{
		name: 'starting request malformed JSON',
		fault: (f) => ({ method: 'POST', pathPrefix: f.post, kind: 'malformed', times: 1 }),
		expect: 'one unit fails',
		message: /not JSON/,
	},
	{ name: 'the work ends FAILED', fault: () => undefined, expect: 'one item fails', message: /failed/i },
];

function errorItems(items: INodeExecutionData[]): INodeExecutionData[] {
	return items.filter((item) => item.json.error !== undefined);
}

/** Everything a person or a later node could see of a run. */
function visibleText(run: WorkflowRun & { items: INodeExecutionData[] }): string {
	return JSON.stringify([run.items.map((item) => item.json), run.run.data.resultData]);
}

/** One case against one family, on the family's sandbox: every assertion of the matrix. */
async function runCase(family: Family, faultCase: FaultCase): Promise<void> {
	const sandbox = sandboxes.get(family.name)!;
	measured.cases++;
	clearRequestLog(sandbox);
	sandbox.context.faults.length = 0;
	Object.assign(sandbox.context.settings, { syncWaitMs: 30_000, renderDelayMs: 0, toolDelayMs: 0, templateCreationMs: 600, templateFinalizeMs: 60_000 });
	family.slow(sandbox);
	let parameters = family.parameters();
	const fault = faultCase.fault(family);
	if (faultCase.name === 'the work ends FAILED') {
		const failure = family.failure();
		parameters = { ...parameters, ...failure.parameters };
		if (failure.fault) sandbox.context.faults.push(failure.fault);
	} else if (fault) {
		sandbox.context.faults.push(fault);
	}

	const run = await sandbox.run(parameters, Array.from({ length: INPUTS }, (_, index) => ({ json: { index } })), { onError: 'continueRegularOutput' });
	assert.equal(run.error, undefined, `the node itself did not fail: ${run.error?.message}`);

	const errors = errorItems(run.items);
	measured.requests += apiRequests(sandbox).length;
	measured.itemsIn += INPUTS;
	measured.itemsOut += run.items.length;
	measured.errorItems += errors.length;
	const expectedErrors = {
		success: 0,
		'one item fails': 1,
		'one unit fails': family.oneRequestForAll ? INPUTS : 1,
		'every unit fails': INPUTS,
	}[family.expects?.[faultCase.name] ?? faultCase.expect];
	assert.equal(errors.length, expectedErrors, `errors: ${JSON.stringify(errors.map((item) => item.json.error))}`);
	for (const item of errors) assert.match(String(item.json.error), faultCase.message!);

	assert.equal(run.items.length, INPUTS * family.itemsPerInput, 'every input item is answered');
	const paired = new Set(run.items.map((item) => (item.pairedItem as { item: number }).item));
	assert.equal(paired.size, INPUTS, 'each input item has its answer');

	const posts = apiRequests(sandbox).filter((request) => request.method === 'POST' && request.path === family.post);
	const units = family.oneRequestForAll ? 1 : INPUTS;
	assert.equal(posts.length, faultCase.startingRequestsSent?.(units) ?? units, 'the starting request is sent once per unit of work, again only after a 429');
	const polls = apiRequests(sandbox).filter((request) => request.method === 'GET' && request.path.startsWith(family.poll));
	assert.ok(polls.length <= INPUTS * 20, `polling stays bounded (${polls.length} status calls)`);

	assert.ok(!visibleText(run).includes(sandbox.apiKey), 'the API key appears in no output or error');
}

describe('fault matrix: each case against the render, batch, template creation and tool families at once', () => {
	for (const faultCase of faultCases) {
		test(faultCase.name, async () => {
			const outcomes = await Promise.allSettled(families.map(async (family) => await runCase(family, faultCase)));
			const failed = outcomes.flatMap((outcome, index) => (outcome.status === 'rejected' ? [`${families[index].name}: ${String((outcome.reason as Error)?.stack ?? outcome.reason)}`] : []));
			assert.deepEqual(failed, [], 'every family meets the case');
		});
	}
});
