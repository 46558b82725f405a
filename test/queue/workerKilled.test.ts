/**
 * Queue mode: a worker killed (SIGKILL) while its executions wait on renders. Its own cluster,
 * because Bull's lock settings are set when each process starts: the lock of a job is held
 * for 10 s (renewed every 2 s) and workers look for stalled jobs every 3 s, so that n8n
 * notices the dead worker within seconds instead of one to two minutes (its defaults: a
 * 60 s lock, renewed every 10 s, checked every 30 s).
 *
 * What n8n 2.40.7 does (see README, Queue mode): the dead worker's jobs keep their place in
 * Bull's `active` list until their locks expire; the next stalled-job check of a surviving
 * worker then fails them, never re-queues them (n8n sets Bull's `maxStalledCount` to 0 in
 * `ScalingService.setupQueue`), and the process that enqueued each one (here the webhook
 * processor, waiting on `job.finished()` in `WorkflowRunner.enqueueExecution`) records the
 * execution as `error` with `MaxStalledCountError`'s message. The render goes on at the service;
 * the editor's Retry has nothing to resume from and ends at once with the same error.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, test } from '@jest/globals';
import axios, { type AxiosInstance } from 'axios';

import { pdfText } from '../support/pdf';
import { apiRequests, callApi, clearRequestLog, download, type Sandbox, startTestSandbox } from '../support/sandbox';
import { descendantPids, isRunning, waitFor } from '../support/processes';
import { sandboxCredential } from '../e2e/examples';
import { packPackage } from '../e2e/n8n';
import { type ClusterProcess, QueueCluster, WORKER_CONCURRENCY } from './cluster';
import { binaryFromMain, type ExecutionView, executionFromMain } from './mainApi';
import { NAMED_RENDER, namedRenderWorkflow } from './workflows';

/** Bull's lock and stalled-job check, shortened (milliseconds; n8n's env vars, @n8n/config's `queue.bull.settings`). */
const LOCK_DURATION_MS = 10_000;
const LOCK_RENEW_MS = 2_000;
const STALLED_INTERVAL_MS = 3_000;
/** How long each render takes in the sandbox: long enough that none ends before the kill, also on a loaded machine. */
const HELD_RENDER_MS = 20_000;
/** One more execution than a worker runs at once: while all run, both workers hold some. */
const HELD_COUNT = WORKER_CONCURRENCY + 1;
/** The message of n8n's `MaxStalledCountError`, what the editor shows on the killed executions. */
const STALLED_MESSAGE = /This execution failed to be processed too many times and will no longer retry/;

let sandbox: Sandbox;
let cluster: QueueCluster;
let rest: AxiosInstance;
let packFolder: string;
/** Processes the killed worker had started (its task runner): ended after the test if still there. */
let orphanCandidates: number[] = [];

beforeAll(async () => {
	sandbox = await startTestSandbox();
	packFolder = mkdtempSync(join(tmpdir(), 'pdf-noodle-pack-'));
	cluster = new QueueCluster({
		QUEUE_WORKER_LOCK_DURATION: String(LOCK_DURATION_MS),
		QUEUE_WORKER_LOCK_RENEW_TIME: String(LOCK_RENEW_MS),
		QUEUE_WORKER_STALLED_INTERVAL: String(STALLED_INTERVAL_MS),
	});
	await cluster.start(await packPackage(packFolder), async (main) => {
		await main.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl)]);
		await main.importWorkflow(namedRenderWorkflow());
		await main.cli('publish:workflow', `--id=${NAMED_RENDER.id}`);
	});
	rest = await cluster.ownerClient();
});

afterAll(async () => {
	await cluster?.stop();
	for (const pid of orphanCandidates.filter(isRunning)) process.kill(pid, 'SIGKILL');
	await sandbox?.close();
	if (packFolder) rmSync(packFolder, { recursive: true, force: true });
});

/** The certificate names the sandbox was asked to render, one entry per render request. */
function renderedNames(): string[] {
	return apiRequests(sandbox)
		.filter((request) => request.method === 'POST' && request.path === '/v1/pdf/sync')
		.map((request) => (request.body as { data: { recipient_name: string } }).data.recipient_name);
}

/** The request IDs whose status was asked, in `requests` (the sandbox's log, or a part of it). */
function polledRequestIds(requests = apiRequests(sandbox)): Set<string> {
	return new Set(requests.flatMap((request) => /^\/v1\/pdf\/status\/(.+)$/.exec(request.path)?.[1] ?? []).map(decodeURIComponent));
}

async function startRender(name: string): Promise<void> {
	const answer = await axios.post(`${cluster.webhookUrl}/webhook/${NAMED_RENDER.path}`, { name });
	assert.equal(answer.status, 200);
}

/** The render an execution ended with: its name, its request ID, and its PDF as the main serves it. */
async function renderOf(execution: ExecutionView): Promise<{ name: string; requestId: string; text: string }> {
	const [item] = execution.data.resultData.runData[NAMED_RENDER.nodeName][0].data.main[0];
	const text = await pdfText(await binaryFromMain(rest, item.binary.data));
	return { name: /Held \d+|After \d+/.exec(text)?.[0] ?? '', requestId: item.json.requestId, text };
}

describe('n8n in queue mode: a worker killed while its executions wait on renders', () => {
	test('the killed worker\'s executions end as errors (stalled jobs, not re-run, each render sent once, Retry renders nothing); the other worker\'s executions and new ones finish with their PDFs', async () => {
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: HELD_RENDER_MS });
		clearRequestLog(sandbox);
		const heldNames = Array.from({ length: HELD_COUNT }, (_, index) => `Held ${index + 1}`);
		await Promise.all(heldNames.map(startRender));

		// Every execution on a worker, its render sent, and the node polling its status.
		await waitFor(`${HELD_COUNT} executions on the workers, each polling its render`, () =>
			cluster.workers.flatMap((worker) => worker.startedExecutions()).length === HELD_COUNT && polledRequestIds().size === HELD_COUNT ? true : undefined,
			90_000,
		);
		const [victim, survivor] = [...cluster.workers].sort((a, b) => b.startedExecutions().length - a.startedExecutions().length) as [ClusterProcess, ClusterProcess];
		const killedIds = victim.startedExecutions();
		const survivingIds = survivor.startedExecutions();
		assert.ok(killedIds.length > 0 && survivingIds.length > 0, 'both workers hold some of the executions');
		assert.ok(
			[...polledRequestIds()].every((requestId) => sandbox.context.renders.get(requestId)?.renderStatus === 'ONGOING'),
			'every render is still going when the worker dies',
		);

		orphanCandidates = descendantPids(victim.child.pid!);
		await victim.kill();
		const requestsBeforeKill = apiRequests(sandbox).length;
		// New executions after the kill render at once; only the surviving worker is left to run them.
		sandbox.context.settings.renderDelayMs = 0;
		const afterNames = ['After 1', 'After 2', 'After 3'];
		await Promise.all(afterNames.map(startRender));

		// The killed worker's task runner ends with it (it exits when its broker's connection closes).
		await waitFor('the killed worker\'s task runner to exit', () => (orphanCandidates.some(isRunning) ? undefined : true), 30_000);

		const afterIds = await waitFor('the executions started after the kill on the surviving worker', () => {
			const ids = survivor.startedExecutions().filter((id) => !survivingIds.includes(id));
			return ids.length === afterNames.length ? ids : undefined;
		}, 60_000);
		const allIds = [...killedIds, ...survivingIds, ...afterIds];
		const executions = await waitFor('every execution to end', async () => {
			const views = await Promise.all(allIds.map(async (id) => await executionFromMain(rest, id)));
			return views.every((view) => !['new', 'running'].includes(view.status)) ? new Map(views.map((view) => [view.id, view])) : undefined;
		}, 90_000);

		// What the editor shows for the killed worker's executions: an error, n8n's stalled-job message.
		for (const id of killedIds) {
			const execution = executions.get(id)!;
			assert.equal(execution.status, 'error', `execution ${id}`);
			assert.match(execution.data.resultData.error.message, STALLED_MESSAGE);
			assert.deepEqual(execution.data.resultData.runData, {}, 'no run data: the worker died before saving any');
			// The webhook processor enqueued it and waited on the job: it records the failure.
			assert.ok(cluster.webhookProcessor.log.some((line) => line.includes(`Problem with execution ${id}: `)), `the webhook processor recorded ${id}`);
		}
		// Not re-run: the surviving worker never took them, and each render was asked for once.
		assert.deepEqual(survivor.startedExecutions().filter((id) => killedIds.includes(id)), []);
		assert.deepEqual([...renderedNames()].sort(), [...heldNames, ...afterNames].sort());

		// The surviving worker's executions and the new ones: finished, each with its own PDF.
		const finished = [...survivingIds, ...afterIds].map((id) => executions.get(id)!);
		assert.deepEqual(finished.map((execution) => execution.status), finished.map(() => 'success'));
		const renders = await Promise.all(finished.map(renderOf));
		assert.ok(renders.every((render) => render.text.includes(render.name)));
		assert.deepEqual(renders.filter((render) => render.name.startsWith('After')).map((render) => render.name).sort(), afterNames);
		const survivingNames = renders.filter((render) => render.name.startsWith('Held')).map((render) => render.name);
		assert.equal(new Set(survivingNames).size, survivingIds.length);

		// The killed executions' renders went on at pdf noodle: nobody asked for them after the
		// kill, and Get Status with their request IDs gives their PDFs.
		const orphanedIds = [...polledRequestIds(apiRequests(sandbox).slice(0, requestsBeforeKill))].filter((requestId) => !renders.some((render) => render.requestId === requestId));
		assert.equal(orphanedIds.length, killedIds.length);
		const polledAfterKill = polledRequestIds(apiRequests(sandbox).slice(requestsBeforeKill));
		assert.deepEqual(orphanedIds.filter((requestId) => polledAfterKill.has(requestId)), []);
		const orphanedNames: string[] = [];
		for (const requestId of orphanedIds) {
			// It may still be rendering: it started with the others, but the killed executions end sooner.
			const status = await waitFor(`render ${requestId} to end`, async () => {
				const answer = await callApi(sandbox, 'GET', `/v1/pdf/status/${requestId}`);
				return answer.json.renderStatus === 'ONGOING' ? undefined : answer;
			}, 60_000);
			assert.equal(status.json.renderStatus, 'SUCCESS');
			const text = await pdfText((await download(status.json.signedUrl)).bytes);
			orphanedNames.push(/Held \d+/.exec(text)![0]);
		}
		assert.deepEqual([...orphanedNames, ...survivingNames].sort(), heldNames, 'the killed executions\' PDFs are those the other executions lack');

		// The editor's Retry does not help: n8n saved nothing to resume from (no node waits on
		// the stack), so the retry ends at once with the same error and renders nothing.
		const retry = await rest.post(`/rest/executions/${killedIds[0]}/retry`, { loadWorkflow: false });
		assert.equal(retry.status, 200, JSON.stringify(retry.data));
		assert.deepEqual([retry.data.data.mode, retry.data.data.retryOf, retry.data.data.status], ['retry', killedIds[0], 'error']);
		assert.match(retry.data.data.data.resultData.error.message, STALLED_MESSAGE);
		assert.equal(renderedNames().length, heldNames.length + afterNames.length, 'the retry sent no render');
	});
});
