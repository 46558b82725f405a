/**
 * Renders of one node run that all answered 202 learn from each other's first status call
 * (shared/firstStatusCalls.ts): as the sandbox counts the status calls of each render.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, beforeEach, test } from '@jest/globals';
import type { INodeParameters } from 'n8n-workflow';

import { runPdfNoodle } from '../harness/engine';
import { apiRequests, clearRequestLog, credentialsFor, type Sandbox, startTestSandbox } from '../support/sandbox';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ fixedRender: true });
});

afterAll(async () => {
	await sandbox.close();
});

beforeEach(() => {
	clearRequestLog(sandbox);
});

const RENDERS = 20;
const render: INodeParameters = {
	resource: 'document',
	operation: 'renderFromTemplate',
	template: { __rl: true, mode: 'id', value: 'letter' },
	data: '={{ JSON.stringify({ recipient: { name: "Person " + $itemIndex } }) }}',
	pollInterval: 1,
};
const input = Array.from({ length: RENDERS }, (_, index) => ({ json: { index } }));

/** Status calls per render id, as the sandbox received them. */
function statusCallsPerRender(): Map<string, number> {
	const counts = new Map<string, number>();
	for (const request of apiRequests(sandbox)) {
		if (!request.path.startsWith('/v1/pdf/status/')) continue;
		const id = request.path.split('/').pop()!;
		counts.set(id, (counts.get(id) ?? 0) + 1);
	}
	return counts;
}

async function renderAll() {
	const run = await runPdfNoodle(render, { credentials: credentialsFor(sandbox), input });
	assert.equal(run.error, undefined, run.error?.message);
	assert.equal(run.items.filter((item) => item.json.renderStatus === 'SUCCESS' && item.binary?.data).length, RENDERS);
	return run;
}

test('when the first status call hears "still going", the other renders ask one interval later: one call each, one more for the first', async () => {
	// Answered 202 after 0.1 s, done 1.4 s later: a call 1 s after the 202 hears ONGOING, one at 2 s SUCCESS.
	Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 1500 });
	await renderAll();
	const perRender = [...statusCallsPerRender().values()].sort();
	assert.equal(perRender.length, RENDERS);
	assert.deepEqual(perRender, [...Array(RENDERS - 1).fill(1), 2]);
});

test('when the first status call hears the render finished, every render is asked once, none put off', async () => {
	// Done 0.4 s after the 202: the first call, 1 s after it, hears SUCCESS.
	Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 500 });
	await renderAll();
	assert.deepEqual([...statusCallsPerRender().values()], Array(RENDERS).fill(1));
	// Each call came one interval after its 202 (0.6 s after the render ended), not two (1.6 s).
	for (const request of apiRequests(sandbox).filter((each) => each.path.startsWith('/v1/pdf/status/'))) {
		const finishedAt = sandbox.context.renders.get(request.path.split('/').pop()!)!.finishedAt!;
		const late = Date.parse(request.at) - finishedAt;
		assert.ok(late < 1100, `a status call came ${late} ms after its render ended`);
	}
});

test('a render on its own is polled as before: at every interval after its 202', async () => {
	Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 1500 });
	const run = await runPdfNoodle(render, { credentials: credentialsFor(sandbox) });
	assert.equal(run.error, undefined, run.error?.message);
	assert.deepEqual([...statusCallsPerRender().values()], [2]);
});
