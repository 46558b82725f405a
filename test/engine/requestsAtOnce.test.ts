/**
 * "Requests at Once": the node's requests to pdf noodle are bounded, as the sandbox counts
 * them (the most it answered at the same time), and renders waiting after a 202 hold no
 * slot between their polls.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, beforeEach, test } from '@jest/globals';
import type { INode, INodeParameters } from 'n8n-workflow';

import { PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';
import { DEFAULT_REQUESTS_AT_ONCE, requestsAtOnceField } from '../../dist/nodes/PdfNoodle/shared/requestsAtOnce.js';
import { runPdfNoodle, runWorkflow } from '../harness/engine';
import { INPUT_NODE_TYPE } from '../harness/nodeTypes';
import { apiRequests, clearRequestLog, credentialsFor, type Sandbox, startTestSandbox } from '../support/sandbox';

/** The node with the option on its panel, as it is once the node's properties list it. */
class PdfNoodleWithOption extends PdfNoodle {
	constructor() {
		super();
		this.description = { ...this.description, properties: [...this.description.properties, requestsAtOnceField] };
	}
}
const WITH_OPTION = 'test.pdfNoodleWithOption';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ fixedRender: true });
});

afterAll(async () => {
	await sandbox.close();
});

beforeEach(() => {
	clearRequestLog(sandbox);
	sandbox.context.traffic.reset();
	Object.assign(sandbox.context.settings, { syncWaitMs: 30_000, renderDelayMs: 0 });
});

const render: INodeParameters = { resource: 'document', operation: 'renderFromTemplate', template: { __rl: true, mode: 'id', value: 'letter' }, data: '={{ JSON.stringify({ recipient: { name: "Person " + $itemIndex } }) }}' };
const items = (count: number) => Array.from({ length: count }, (_, index) => ({ json: { index } }));

async function runWithOption(requestsAtOnce: number, parameters: INodeParameters, count: number) {
	const node: INode = { id: 'bounded', name: 'Bounded', type: WITH_OPTION, typeVersion: 1, position: [200, 0], parameters: { ...parameters, requestsAtOnce }, credentials: { pdfNoodleApi: { id: '1', name: 'PDF Noodle account' } } };
	return await runWorkflow(
		{ nodes: [{ id: 'input', name: 'Input', type: INPUT_NODE_TYPE, typeVersion: 1, position: [0, 0], parameters: {} }, node], connections: { Input: { main: [[{ node: 'Bounded', type: 'main', index: 0 }]] } } },
		{ credentials: credentialsFor(sandbox), input: items(count), extraNodeTypes: { [WITH_OPTION]: new PdfNoodleWithOption() } },
	);
}

test(`by default, no more than ${DEFAULT_REQUESTS_AT_ONCE} requests at once, and every item gets its file`, async () => {
	sandbox.context.settings.renderDelayMs = 300;
	const { items: output, error } = await runPdfNoodle(render, { credentials: credentialsFor(sandbox), input: items(DEFAULT_REQUESTS_AT_ONCE + 50) });
	assert.equal(error, undefined, error?.message);
	assert.equal(output.filter((item) => item.binary?.data).length, DEFAULT_REQUESTS_AT_ONCE + 50);
	const traffic = sandbox.context.traffic.snapshot();
	assert.equal(traffic.apiCalls, DEFAULT_REQUESTS_AT_ONCE + 50);
	assert.ok(traffic.maxInFlight <= DEFAULT_REQUESTS_AT_ONCE, `at most ${DEFAULT_REQUESTS_AT_ONCE} at once, saw ${traffic.maxInFlight}`);
});

test('the option bounds the requests; renders waiting after a 202 hold no slot, so every render is sent before the first is done', async () => {
	Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 1500 });
	const run = await runWithOption(2, { ...render, pollInterval: 1 }, 6);
	assert.equal(run.error, undefined, run.error?.message);
	assert.equal(run.output('Bounded').filter((item) => item.json.renderStatus === 'SUCCESS' && item.binary?.data).length, 6);
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
