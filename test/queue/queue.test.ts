/**
 * Queue mode: the packed package on n8n's distributed engine (PostgreSQL, Redis, a main, a
 * webhook processor, two workers). Executions are started through production webhooks on the
 * webhook processor and run on the workers; binary data is kept in the database, n8n's
 * default for queue mode.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, test } from '@jest/globals';
import axios, { type AxiosInstance } from 'axios';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { answerCounts, BURST_LOOKUPS_PER_SECOND, BURST_SIZE, BURST_TEST_TIMEOUT_MS, burstDeliveries, executionKey, postBurst, sentAgainCount, tally, unansweredCount, unexpectedAnswerSamples } from '../support/burst';
import { pdfText } from '../support/pdf';
import { apiRequests, clearRequestLog, type Sandbox, startTestSandbox } from '../support/sandbox';
import { waitFor } from '../support/processes';
import { EXAMPLE_TRIGGER_TOKEN, example, sandboxCredential, triggerSecretCredential } from '../e2e/examples';
import { packPackage, withRunData } from '../e2e/n8n';
import { LETTER_DATA } from '../e2e/toolNodes';
import { parseExecutionData, QueueCluster } from './cluster';
import { BURST_TRIGGER, burstTriggerWorkflow, PAUSED_RENDER, pausedRenderWorkflow, RENDER_ON_REQUEST, renderOnRequestWorkflow, SLOW_RENDER, slowRenderWorkflow, TRIGGER_THEN_COMPRESS, triggerThenCompressWorkflow } from './workflows';

/** The MCP Server Trigger example: n8n's webhook processor serves MCP in queue mode. */
const MCP_EXAMPLE = example('mcp-pdf-tools');

let sandbox: Sandbox;
let cluster: QueueCluster;
let rest: AxiosInstance;
let packFolder: string;


interface ExecutionRow {
	id: string;
	status: string;
	workflowId: string;
	data: any;
}

beforeAll(async () => {
	sandbox = await startTestSandbox();
	packFolder = mkdtempSync(join(tmpdir(), 'pdf-noodle-pack-'));
	cluster = new QueueCluster();
	await cluster.start(await packPackage(packFolder), async (main) => {
		await main.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl), triggerSecretCredential()]);
		for (const workflow of [renderOnRequestWorkflow(), slowRenderWorkflow(), triggerThenCompressWorkflow(), burstTriggerWorkflow(), pausedRenderWorkflow(), MCP_EXAMPLE]) {
			await main.importWorkflow(workflow);
			await main.cli('publish:workflow', `--id=${workflow.id}`);
		}
	});
	rest = await cluster.ownerClient();
});

afterAll(async () => {
	await cluster?.stop();
	await sandbox?.close();
	if (packFolder) rmSync(packFolder, { recursive: true, force: true });
});

/** The executions of a workflow, with their run data (n8n keeps it in the `flatted` format). */
async function executionsOf(workflowId: string): Promise<ExecutionRow[]> {
	const rows = await cluster.query<ExecutionRow & { data: string | null }>(
		'SELECT e.id, e.status, e."workflowId", d.data FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id WHERE e."workflowId" = $1 ORDER BY e.id',
		[workflowId],
	);
	return rows.map(({ data, ...row }) => withRunData({ ...row, id: String(row.id) }, data, parseExecutionData));
}

/** A binary of an execution, read through the main's REST API as the editor reads it. */
async function binaryFromMain(binary: { id: string }): Promise<Buffer> {
	const response = await rest.get('/rest/binary-data', { params: { id: binary.id, action: 'download' }, responseType: 'arraybuffer' });
	assert.equal(response.status, 200, `binary ${binary.id}: ${response.status}`);
	return Buffer.from(response.data);
}

function workerOf(executionId: string): string | undefined {
	return cluster.workers.find((worker) => worker.startedExecutions().includes(executionId))?.name;
}

/**
 * What the webhook processor said about calls it could not start or answer, if anything: its
 * first error lines here, and its whole log in a file for reading afterwards.
 */
function reportWebhookProcessorErrors(): void {
	const errorLines = cluster.webhookProcessor.log.filter((line) => /error|fail|timeout/i.test(line));
	if (errorLines.length === 0) return;
	const logFile = join(mkdtempSync(join(tmpdir(), 'pdf-noodle-webhook-processor-')), 'webhook.log');
	writeFileSync(logFile, cluster.webhookProcessor.log.join('\n'));
	console.log(`webhook processor (${errorLines.length} error lines, whole log in ${logFile}):\n${errorLines.slice(0, 15).join('\n')}`);
}

describe('n8n in queue mode: main, webhook processor, two workers', () => {
	test('30 renders in one execution and 10 executions side by side: every execution on a worker, both working, every PDF readable from the main', async () => {
		const webhook = axios.create({ baseURL: cluster.webhookUrl });
		const url = `/webhook/${RENDER_ON_REQUEST.path}`;
		const answers = await Promise.all([webhook.post(url, { count: 30 }), ...Array.from({ length: 10 }, async () => await webhook.post(url, { count: 3 }))]);
		assert.ok(answers.every((answer) => answer.status === 200));

		const executions = await waitFor('11 finished executions', async () => {
			const rows = await executionsOf(RENDER_ON_REQUEST.id);
			return rows.length === 11 && rows.every((row) => row.status !== 'running' && row.status !== 'new') ? rows : undefined;
		}, 300_000);
		assert.deepEqual(executions.map((execution) => execution.status), Array(11).fill('success'));
		const workers = executions.map((execution) => workerOf(execution.id));
		assert.ok(workers.every((worker) => worker !== undefined), `every execution ran on a worker: ${workers.join(', ')}`);
		assert.deepEqual([...new Set(workers)].sort(), ['worker-1', 'worker-2'], 'both workers took executions');

		const counts = executions.map((execution) => execution.data.resultData.runData[RENDER_ON_REQUEST.nodeName][0].data.main[0].length).sort((a: number, b: number) => a - b);
		assert.deepEqual(counts, [...Array(10).fill(3), 30]);
		const big = executions.find((execution) => execution.data.resultData.runData[RENDER_ON_REQUEST.nodeName][0].data.main[0].length === 30)!;
		const items = big.data.resultData.runData[RENDER_ON_REQUEST.nodeName][0].data.main[0];
		assert.ok(items.every((item: any) => String(item.binary?.data?.id).startsWith('database:')), 'binary data in database mode');
		for (const index of [0, 14, 29]) {
			const text = await pdfText(await binaryFromMain(items[index].binary.data));
			assert.ok(text.includes(`Person ${index + 1}`), text);
		}
	});

	test('the trigger on the webhook processor: the service\'s webhook, confirmed there, starts an execution on a worker whose next node uses the file; forged calls are refused there', async () => {
		const service = axios.create({ baseURL: sandbox.baseUrl, headers: { Authorization: `Bearer ${sandbox.apiKey}` } });
		const production = `${cluster.webhookUrl}${TRIGGER_THEN_COMPRESS.path}`;
		const { data: ack } = await service.post('/v1/pdf/async', {
			templateId: 'certificate',
			data: { recipient_name: 'Grace Hopper', course: { title: 'Queues', hours: 1 } },
			webhook: `${production}?token=${EXAMPLE_TRIGGER_TOKEN}`,
		});
		// Ended, not only recorded: the webhook processor records the execution as `new` with the
		// trigger's data before a worker takes it, which on a busy machine can take a while.
		const execution = await waitFor('the trigger execution to end', async () =>
			(await executionsOf(TRIGGER_THEN_COMPRESS.id)).find((row) => !['new', 'running'].includes(row.status) && JSON.stringify(row.data).includes(ack.requestId)),
			120_000,
		);
		assert.equal(execution.status, 'success', JSON.stringify(execution.data?.resultData?.error));
		assert.ok(workerOf(execution.id), 'it ran on a worker');
		const delivery = sandbox.context.webhookDeliveries.find((entry) => (entry.payload as { requestId?: string }).requestId === ack.requestId)!;
		assert.deepEqual([delivery.url.startsWith(cluster.webhookUrl), delivery.status, delivery.answer], [true, 200, { received: true, started: true }]);
		const [received] = execution.data.resultData.runData['PDF Noodle Trigger'][0].data.main[0];
		assert.equal(received.json.requestId, ack.requestId);
		assert.match(received.binary.data.id, /^database:/, 'the trigger\'s file is in the database');
		// The next node, on the worker, read the trigger's file from the database and sent it on.
		const [compressed] = execution.data.resultData.runData[TRIGGER_THEN_COMPRESS.compressNode][0].data.main[0];
		assert.ok((await pdfText(await binaryFromMain(compressed.binary.data))).includes('Grace Hopper'));

		const lookups = (id: string) => sandbox.context.requestLog.filter((request) => request.method === 'GET' && request.path === `/v1/pdf/status/${id}`);
		assert.equal(lookups(ack.requestId).length, 1, 'the webhook processor confirmed the call with one status call');

		// The same delivery again, to the webhook processor and to the main: each process reads the
		// trigger's memory from the database, so neither starts it a second time.
		for (const processUrl of [cluster.webhookUrl, cluster.mainUrl]) {
			const replay = await axios.post(`${processUrl}${TRIGGER_THEN_COMPRESS.path}?token=${EXAMPLE_TRIGGER_TOKEN}`, delivery.payload, { validateStatus: () => true });
			assert.deepEqual([replay.status, replay.data], [200, { received: true, started: false, duplicate: true }], `replayed to ${processUrl}`);
		}

		const before = (await executionsOf(TRIGGER_THEN_COMPRESS.id)).length;
		assert.equal(before, 1, 'one execution for one render');
		const forgedRender = { requestId: 'forged', renderStatus: 'SUCCESS', signedUrl: 'http://169.254.169.254/latest/meta-data/', metadata: {} };
		const forged = await axios.post(production, forgedRender, { validateStatus: () => true });
		assert.equal(forged.status, 401);
		// With the token, the webhook processor looks the ID up at pdf noodle before anything reaches the queue.
		const withToken = await axios.post(`${production}?token=${EXAMPLE_TRIGGER_TOKEN}`, forgedRender, { validateStatus: () => true });
		assert.deepEqual([withToken.status, withToken.data], [403, { message: 'pdf noodle knows no render "forged": the call is not confirmed and starts nothing' }]);
		assert.equal(lookups('forged').length, 1);
		await new Promise((wait) => setTimeout(wait, 1500));
		assert.equal((await executionsOf(TRIGGER_THEN_COMPRESS.id)).length, before, 'the forged calls started nothing');
	});

	test('through the webhook processor, two more renders and a batch start one execution each; all four deliveries posted again after the others, to the webhook processor and to the main, start nothing, and PostgreSQL holds the memory', async () => {
		// The render of the test above is the first delivery: the later ones are those whose memory
		// needs n8n to save the static data after it began the run (docs/trigger.md).
		const service = axios.create({ baseURL: sandbox.baseUrl, headers: { Authorization: `Bearer ${sandbox.apiKey}` } });
		const webhook = `${cluster.webhookUrl}${TRIGGER_THEN_COMPRESS.path}?token=${EXAMPLE_TRIGGER_TOKEN}`;
		const before = await executionsOf(TRIGGER_THEN_COMPRESS.id);
		assert.equal(before.length, 1, 'the render of the test above');
		const ids: string[] = [];
		for (const name of ['Ada Lovelace', 'Hedy Lamarr']) {
			const { data: ack } = await service.post('/v1/pdf/async', { templateId: 'certificate', data: { recipient_name: name, course: { title: 'Queues', hours: 1 } }, webhook });
			ids.push(ack.requestId);
		}
		const { data: batch } = await service.post('/v1/html-to-pdf/batch', { items: [{ html: '<p>One</p>' }, { html: '<p>Two</p>' }], webhook });
		ids.push(batch.batchRequestId);
		await waitFor('three more executions to end', async () => {
			const rows = await executionsOf(TRIGGER_THEN_COMPRESS.id);
			return rows.length === 4 && rows.every((row) => !['new', 'running'].includes(row.status)) ? rows : undefined;
		}, 180_000);

		const firstRequestId = String(before[0].data.resultData.runData['PDF Noodle Trigger'][0].data.main[0][0].json.requestId);
		const payloadOf = (id: string) =>
			sandbox.context.webhookDeliveries.find(({ payload }) => [(payload as { requestId?: string }).requestId, (payload as { batchRequestId?: string }).batchRequestId].includes(id))!.payload;
		for (const processUrl of [cluster.webhookUrl, cluster.mainUrl]) {
			for (const id of [firstRequestId, ...ids]) {
				const replay = await axios.post(`${processUrl}${TRIGGER_THEN_COMPRESS.path}?token=${EXAMPLE_TRIGGER_TOKEN}`, payloadOf(id), { validateStatus: () => true });
				assert.deepEqual([replay.status, replay.data], [200, { received: true, started: false, duplicate: true }], `${id} replayed to ${processUrl}`);
			}
		}
		const [row] = await cluster.query<{ staticData: unknown }>('SELECT "staticData" FROM workflow_entity WHERE id = $1', [TRIGGER_THEN_COMPRESS.id]);
		const staticData = (typeof row.staticData === 'string' ? JSON.parse(row.staticData) : row.staticData) as Record<string, { delivered?: string[] }>;
		// In the order they arrived: the two renders may finish in either order.
		assert.deepEqual([...(staticData['node:PDF Noodle Trigger']?.delivered ?? [])].sort(), [`render:${firstRequestId}`, `render:${ids[0]}`, `render:${ids[1]}`, `batch:${ids[2]}`].sort());
		await new Promise((wait) => setTimeout(wait, 1500));
		assert.equal((await executionsOf(TRIGGER_THEN_COMPRESS.id)).length, 4, 'one execution for each render and the batch');
	});

	test(`a burst of ${BURST_SIZE} deliveries (one in ten forged) at the trigger on the webhook processor, its lookups rate-limited: each genuine one starts exactly one execution, on a worker`, async () => {
		const deliveries = await burstDeliveries(sandbox, BURST_SIZE);
		const genuine = deliveries.filter((delivery) => !delivery.forged);
		sandbox.context.settings.statusLookupsPerSecond = BURST_LOOKUPS_PER_SECOND;
		sandbox.context.traffic.reset();
		try {
			const answers = await postBurst(`${cluster.webhookUrl}${BURST_TRIGGER.path}?token=${EXAMPLE_TRIGGER_TOKEN}`, deliveries);
			const traffic = sandbox.context.traffic.snapshot();
			console.log(`queue burst: ${deliveries.length} deliveries (${sentAgainCount(answers)} sent again after a 503 or no answer; ${unansweredCount(answers)} calls unanswered in time); ${traffic.statusCalls} status lookups, ${traffic.rateLimited} of them answered 429`);
			for (const sample of unexpectedAnswerSamples(answers)) console.log(`unexpected answer: ${sample}`);
			assert.deepEqual(answerCounts(answers), { 'genuine 200 started': genuine.length, 'forged 403': deliveries.length - genuine.length });
			assert.ok(traffic.rateLimited > 0, 'the sandbox\'s rate limit was met');
		} finally {
			delete sandbox.context.settings.statusLookupsPerSecond;
			reportWebhookProcessorErrors();
		}
		const executions = await waitFor(`${genuine.length} finished executions`, async () => {
			const rows = await executionsOf(BURST_TRIGGER.id);
			return rows.length >= genuine.length && rows.every((row) => !['new', 'running'].includes(row.status)) ? rows : undefined;
		}, 300_000);
		assert.deepEqual([...new Set(executions.map((row) => row.status))], ['success']);
		const keys = executions.map((row) => executionKey(row.data.resultData.runData['PDF Noodle Trigger'][0].data.main[0][0].json));
		assert.deepEqual(tally(deliveries, keys), { missing: [], twice: [], forgedStarted: [] });
		assert.equal(executions.length, genuine.length);
		const workers = new Set(executions.map((row) => workerOf(row.id)));
		assert.ok(!workers.has(undefined), 'every execution ran on a worker');
	}, BURST_TEST_TIMEOUT_MS);

	test('a render waited on by a worker, cancelled by the worker (the workflow\'s timeout): the node stops polling at once', async () => {
		// n8n 2.40.7 does not forward a stop from the editor to a worker (see README, Queue mode);
		// what a worker does cancel is an execution over its workflow's timeout, through the same
		// cancel signal the node waits on. The render takes 20 s; the timeout is 6 s.
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 20_000 });
		clearRequestLog(sandbox);
		try {
			const statusCalls = () => apiRequests(sandbox).filter((request) => request.path.startsWith('/v1/pdf/status/')).length;
			await axios.post(`${cluster.webhookUrl}/webhook/${SLOW_RENDER.path}`, {});
			const ended = await waitFor('the execution to end', async () => (await executionsOf(SLOW_RENDER.id)).find((row) => !['new', 'running'].includes(row.status)), 60_000);
			const callsAtEnd = statusCalls();
			assert.ok(workerOf(ended.id), 'it ran on a worker');
			assert.ok(callsAtEnd >= 2, 'the node was polling');
			assert.equal(ended.status, 'canceled');
			// Three poll intervals: a node still polling would have called again.
			await new Promise((wait) => setTimeout(wait, SLOW_RENDER.pollIntervalSeconds * 3000));
			assert.equal(statusCalls(), callsAtEnd, 'no status call after the cancel');
		} finally {
			Object.assign(sandbox.context.settings, { syncWaitMs: 30_000, renderDelayMs: 0 });
		}
	});

	test('Pause Until Called Back: while pdf noodle renders the execution is waiting and no worker holds it; the call back on the webhook processor resumes it on a worker, with the PDF', async () => {
		sandbox.context.settings.renderDelayMs = 6000;
		try {
			const webhook = axios.create({ baseURL: cluster.webhookUrl });
			assert.equal((await webhook.post(`/webhook/${PAUSED_RENDER.path}`, { name: 'Barbara Liskov' })).status, 200);
			const paused = await waitFor('the paused execution', async () => (await executionsOf(PAUSED_RENDER.id)).find((row) => row.status === 'waiting'), 60_000);
			const holder = cluster.workers.find((worker) => worker.startedExecutions().includes(paused.id));
			assert.ok(holder, 'a worker started the execution');
			assert.ok(holder.finishedExecutions().includes(paused.id), 'and let go of it when it paused');
			const render = apiRequests(sandbox).find((request) => (request.body as { webhook?: string } | undefined)?.webhook?.includes(`/webhook-waiting/${paused.id}?signature=`));
			assert.equal(render?.path, '/v1/pdf/async');
			assert.ok((render?.body as { webhook: string }).webhook.startsWith(cluster.webhookUrl), 'the resume URL is on the public webhook address');

			const resumed = await waitFor('the resumed execution', async () => (await executionsOf(PAUSED_RENDER.id)).find((row) => row.id === paused.id && row.status === 'success'), 60_000);
			assert.equal(cluster.workers.flatMap((worker) => worker.startedExecutions()).filter((id) => id === paused.id).length, 2, 'run on a worker before and after the pause');
			const [item] = resumed.data.resultData.runData[PAUSED_RENDER.nodeName].at(-1).data.main[0];
			assert.equal(item.json.renderStatus, 'SUCCESS');
			assert.ok((await pdfText(await binaryFromMain(item.binary.data))).includes('Barbara Liskov'));
		} finally {
			sandbox.context.settings.renderDelayMs = 0;
		}
	});

	test('MCP: the webhook processor serves the example\'s PDF Noodle tools; a render called by an MCP client comes back with its signed URL', async () => {
		clearRequestLog(sandbox);
		const mcpUrl = new URL(`${cluster.webhookUrl}/mcp/${MCP_EXAMPLE.nodes.find((node: { type: string }) => node.type.endsWith('mcpTrigger')).parameters.path}`);
		const client = new Client({ name: 'pdf-noodle-queue', version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(mcpUrl));
		try {
			const { tools } = await client.listTools();
			assert.deepEqual(tools.map((tool) => tool.name).sort(), ['Get_template', 'List_templates', 'Markdown_to_PDF', 'Render_batch', 'Render_document']);
			const result = (await client.callTool({ name: 'Render_document', arguments: { templateId: 'letter', data: JSON.stringify(LETTER_DATA) } })) as { isError?: boolean; content: Array<{ text?: string }> };
			const text = result.content.map((part) => part.text ?? '').join('');
			assert.notEqual(result.isError, true, text);
			const [rendered] = [JSON.parse(text)].flat();
			assert.equal(rendered.renderStatus, 'SUCCESS');
			const pdf = await axios.get(rendered.signedUrl, { responseType: 'arraybuffer' });
			assert.ok((await pdfText(Buffer.from(pdf.data))).includes('Ada Lovelace'));
			// As a tool the data is checked against the template's variables first.
			assert.deepEqual(apiRequests(sandbox).map((request) => `${request.method} ${request.path}`), ['GET /v1/integration/templates/letter/variables', 'POST /v1/pdf/sync']);
		} finally {
			await client.close();
		}
	});
});
