/**
 * What the items of one node run share, as the sandbox sees it. "Requests at Once": the
 * node's requests to pdf noodle are bounded (the most the sandbox answered at the same time),
 * and renders waiting after a 202 hold no slot between their polls. Waiting renders learn from
 * each other's first status call (nodes/PdfNoodle/runner/firstStatusCalls.ts): the status calls per render.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DEFAULT_REQUESTS_AT_ONCE } from '../../dist/nodes/PdfNoodle/runner/requestsAtOnce.js';
import { serveFiles, textPdf } from '../support/fixtures';
import { apiRequests } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ fixedRender: true });

const render: INodeParameters = { resource: 'document', operation: 'renderFromTemplate', template: { __rl: true, mode: 'id', value: 'letter' }, data: '={{ JSON.stringify({ recipient: { name: "Person " + $itemIndex } }) }}' };
const items = (count: number) => Array.from({ length: count }, (_, index) => ({ json: { index } }));

/** The node with its "Requests at Once" setting. */
async function runWithOption(requestsAtOnce: number, parameters: INodeParameters, count: number) {
	return await sandbox.run({ ...parameters, requestsAtOnce }, items(count));
}

test(`by default, no more than ${DEFAULT_REQUESTS_AT_ONCE} requests at once, and every item gets its file`, async () => {
	sandbox.context.settings.renderDelayMs = 300;
	const { items: output, error } = await sandbox.run(render, items(DEFAULT_REQUESTS_AT_ONCE + 50));
	assert.equal(error, undefined, error?.message);
	assert.equal(output.filter((item) => item.binary?.data).length, DEFAULT_REQUESTS_AT_ONCE + 50);
	const traffic = sandbox.context.traffic.snapshot();
	// One render per item, and one lookup of the template's variables for all of them (Check Data Against Template).
	assert.equal(traffic.apiCalls, DEFAULT_REQUESTS_AT_ONCE + 50 + 1);
	assert.ok(traffic.maxInFlight <= DEFAULT_REQUESTS_AT_ONCE, `at most ${DEFAULT_REQUESTS_AT_ONCE} at once, saw ${traffic.maxInFlight}`);
});

test('the option bounds the requests; renders waiting after a 202 hold no slot, so every render is sent before the first is done', async () => {
	Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 1500 });
	const run = await runWithOption(2, { ...render, pollInterval: 1 }, 6);
	assert.equal(run.error, undefined, run.error?.message);
	assert.equal(run.items.filter((item) => item.json.renderStatus === 'SUCCESS' && item.binary?.data).length, 6);
	assert.ok(sandbox.context.traffic.snapshot().maxInFlight <= 2, `saw ${sandbox.context.traffic.snapshot().maxInFlight} at once`);
	const renders = apiRequests(sandbox).filter((request) => request.method === 'POST');
	const firstFinished = Math.min(...[...new Set(apiRequests(sandbox).map((request) => request.path))].flatMap((path) => {
		const job = sandbox.context.renders.get(path.split('/').pop() ?? '');
		return job?.finishedAt ? [job.finishedAt] : [];
	}));
	assert.equal(renders.length, 6);
	assert.ok(renders.every((request) => Date.parse(request.at) < firstFinished), 'all six renders were sent while the first was still going');
});

test('0 lifts the bound: every item\'s request at once', async () => {
	// Renders long enough that the requests of all items are open together.
	sandbox.context.settings.renderDelayMs = 3000;
	const count = DEFAULT_REQUESTS_AT_ONCE + 50;
	const run = await runWithOption(0, { ...render, downloadFile: false }, count);
	assert.equal(run.error, undefined, run.error?.message);
	assert.ok(sandbox.context.traffic.snapshot().maxInFlight > DEFAULT_REQUESTS_AT_ONCE, `saw ${sandbox.context.traffic.snapshot().maxInFlight} at once`);
});

const RENDERS = 20;
/**
 * The poll interval of these tests, and the render times below, leave about a second between a
 * status call and the end of the render it asks about, either way: a loaded machine may send a
 * call late by a fraction of a second without changing what it hears.
 */
const INTERVAL_S = 2;
const waitingRender: INodeParameters = { ...render, pollInterval: INTERVAL_S };
const input = items(RENDERS);

/** Status calls per render id (or, under `/v1/tools/status/`, per tool job), as the sandbox received them. */
function statusCallsPerId(statusPath = '/v1/pdf/status/'): Map<string, number> {
	const counts = new Map<string, number>();
	for (const request of apiRequests(sandbox)) {
		if (!request.path.startsWith(statusPath)) continue;
		const id = request.path.split('/').pop()!;
		counts.set(id, (counts.get(id) ?? 0) + 1);
	}
	return counts;
}

/**
 * Runs the node on the input items (by default the waiting render), and checks that each
 * came out finished with its file: `statusField` (the render's or the tool job's) SUCCESS.
 */
async function runToSuccess(parameters: INodeParameters = waitingRender, statusField = 'renderStatus', inputItems: INodeExecutionData[] = input): Promise<void> {
	const run = await sandbox.run(parameters, inputItems);
	assert.equal(run.error, undefined, run.error?.message);
	assert.equal(run.items.filter((item) => item.json[statusField] === 'SUCCESS' && item.binary?.data).length, RENDERS);
}

describe('renders, PDF tool jobs and waiting Get Status items of one run learn from each other\'s first status call', () => {
	test('when the first status call hears "still going", the other renders ask one interval later: one call each, one more for the first', async () => {
		// Answered 202 after 0.1 s, done 2.9 s later: a call 2 s after the 202 hears ONGOING, one at 4 s SUCCESS.
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 3000 });
		await runToSuccess();
		const perRender = [...statusCallsPerId().values()].sort();
		assert.equal(perRender.length, RENDERS);
		assert.deepEqual(perRender, [...Array(RENDERS - 1).fill(1), 2]);
	});

	test('when the first status call hears the render finished, every render is asked once', async () => {
		// Done 0.4 s after the 202: the first call, 2 s after it, hears SUCCESS. (When each call
		// came is not asserted: on a busy machine the gaps say more about the load than the node.)
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 500 });
		await runToSuccess();
		assert.deepEqual([...statusCallsPerId().values()], Array(RENDERS).fill(1));
	});

	test('PDF tool jobs learn the same way: one status call each, one more for the first', async () => {
		// Answered 202 after 0.1 s, done 2.9 s later (writing the title takes milliseconds): a call
		// 2 s after the 202 hears ONGOING, one at 4 s SUCCESS.
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, toolDelayMs: 3000 });
		const files = await serveFiles({ '/report.pdf': await textPdf('Report', 1) });
		try {
			const retitle = { resource: 'pdfTool', operation: 'updateMetadata', inputType: 'url', url: files.url('/report.pdf'), pdfProperties: { title: '={{ "Report " + $itemIndex }}' }, pollInterval: INTERVAL_S };
			await runToSuccess(retitle, 'status');
		} finally {
			await files.close();
		}
		const perJob = [...statusCallsPerId('/v1/tools/status/').values()].sort();
		assert.deepEqual(perJob, [...Array(RENDERS - 1).fill(1), 2]);
	});

	test('a waiting Get Status learns the same way: after the lookups, one poll each, one more for the first', async () => {
		// Renders started elsewhere, done 3.5 s from now: each lookup hears ONGOING, a poll 2 s later
		// too (unless starting the run took over 1.5 s), one at 4 s SUCCESS.
		const pdf = await textPdf('Slip', 1);
		const ids = input.map(() => sandbox.context.renders.start(async () => ({ bytes: pdf, mimeType: 'application/pdf', extension: 'pdf' }), { startDelayMs: 3500 }).requestId);
		const getStatus = { resource: 'document', operation: 'getStatus', requestId: '={{ $json.id }}', waitForCompletion: true, pollInterval: INTERVAL_S };
		await runToSuccess(getStatus, 'renderStatus', ids.map((id) => ({ json: { id } })));
		assert.deepEqual([...statusCallsPerId().values()].sort(), [...Array(RENDERS - 1).fill(2), 3]);
	});

	test('a render on its own is polled as before: at every interval after its 202, until it is done', async () => {
		// The render ends when the test lets it (renderGate), not after a delay that a late poll on a loaded machine could outrun.
		let release = () => {};
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderGate: new Promise<void>((resolve) => (release = resolve)) });
		const running = sandbox.run(waitingRender);
		const statusCalls = () => [...statusCallsPerId().values()].reduce((sum, count) => sum + count, 0);
		// Two polls while the render goes on: a lone render keeps asking at its interval.
		for (const stop = Date.now() + 60_000; statusCalls() < 2; ) {
			assert.ok(Date.now() < stop, `${statusCalls()} status calls within a minute`);
			await new Promise((wait) => setTimeout(wait, 50));
		}
		const askedWhileGoing = statusCalls();
		release();
		const run = await running;
		assert.equal(run.error, undefined, run.error?.message);
		// One render, asked until it was done: once more after it ended, and that answer was SUCCESS.
		assert.equal(statusCallsPerId().size, 1);
		assert.equal(statusCalls(), askedWhileGoing + 1);
		assert.equal(run.items[0].json.renderStatus, 'SUCCESS');
	});
});
