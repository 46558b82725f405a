/**
 * Queue mode with two webhook processors behind one public address (issue 60, item 5): what
 * copies of one genuine delivery, reaching both processors at the same instant, start; and
 * what a delivery that reaches a webhook processor while Redis is unreachable becomes. Each
 * process keeps the trigger's Start Once memory in the workflow's static data, which n8n reads
 * and saves whole per call, with nothing to claim an ID across processes (docs/queue-mode.md).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, test } from '@jest/globals';
import axios from 'axios';

import { burstDeliveries, type Delivery, executionKey } from '../support/burst';
import { apiRequests, type Sandbox, startTestSandbox } from '../support/sandbox';
import { waitFor } from '../support/processes';
import { EXAMPLE_TRIGGER_TOKEN, sandboxCredential, triggerSecretCredential } from '../e2e/examples';
import { packPackage } from '../e2e/n8n';
import { parseExecutionData, QueueCluster } from './cluster';
import { BURST_TRIGGER, burstTriggerWorkflow } from './workflows';

/** Deliveries, and copies of each posted at once: half to each webhook processor. */
const DELIVERIES = 10;
const COPIES = 4;
/**
 * How long a process of n8n waits for an unreachable Redis before it exits: n8n's default
 * (`QUEUE_BULL_REDIS_TIMEOUT_THRESHOLD`) on the webhook processors; the main and the workers
 * wait longer here, so that the cluster lives on to show what became of the delivery.
 */
const WEBHOOK_PROCESSOR_REDIS_WAIT_MS = 10_000;

let sandbox: Sandbox;
let cluster: QueueCluster;
let packFolder: string;

beforeAll(async () => {
	sandbox = await startTestSandbox();
	packFolder = mkdtempSync(join(tmpdir(), 'pdf-noodle-pack-'));
	cluster = new QueueCluster({ QUEUE_BULL_REDIS_TIMEOUT_THRESHOLD: '600000' });
	await cluster.start(await packPackage(packFolder), async (main) => {
		await main.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl), triggerSecretCredential()]);
		await main.importWorkflow(burstTriggerWorkflow());
		await main.cli('publish:workflow', `--id=${BURST_TRIGGER.id}`);
	}, 2, { webhookProcessors: 2, webhookProcessorSettings: { QUEUE_BULL_REDIS_TIMEOUT_THRESHOLD: String(WEBHOOK_PROCESSOR_REDIS_WAIT_MS) } });
});

afterAll(async () => {
	await cluster?.stop();
	await sandbox?.close();
	if (packFolder) rmSync(packFolder, { recursive: true, force: true });
});

interface Row {
	id: string;
	status: string;
	key: string | undefined;
}

/** The trigger's executions, each with what it is about (the key of its first item), if n8n stored its data. */
async function executions(): Promise<Row[]> {
	const rows = await cluster.query<{ id: string; status: string; data: string | null }>(
		'SELECT e.id, e.status, d.data FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id WHERE e."workflowId" = $1 ORDER BY e.id',
		[BURST_TRIGGER.id],
	);
	return rows.map((row) => {
		const first = row.data ? parseExecutionData(row.data)?.resultData?.runData?.['PDF Noodle Trigger']?.[0]?.data?.main?.[0]?.[0]?.json : undefined;
		// An execution not yet run holds the trigger's items on its stack, not in its run data.
		const waiting = row.data ? parseExecutionData(row.data)?.executionData?.nodeExecutionStack?.[0]?.data?.main?.[0]?.[0]?.json : undefined;
		const item = first ?? waiting;
		return { id: String(row.id), status: row.status, key: item ? executionKey(item) : undefined };
	});
}

const triggerUrl = (processor: number) => `${cluster.webhookUrls[processor]}${BURST_TRIGGER.path}?token=${EXAMPLE_TRIGGER_TOKEN}`;

async function post(processor: number, delivery: Delivery, timeout = 120_000): Promise<{ status: number; data: unknown }> {
	return await axios
		.post(triggerUrl(processor), delivery.body, { validateStatus: () => true, timeout })
		.then((answer) => ({ status: answer.status, data: answer.data as unknown }))
		.catch((error: Error) => ({ status: 0, data: `no answer: ${error.message}` }));
}

const isStarted = (answer: { status: number; data: unknown }) => answer.status === 200 && (answer.data as { started?: unknown }).started === true;

describe('n8n in queue mode with two webhook processors', () => {
	test(`${DELIVERIES} deliveries, ${COPIES} copies of each at the same instant, alternating between the two webhook processors: at most one execution per webhook processor, and one for every "200 started"`, async () => {
		const deliveries = await burstDeliveries(sandbox, DELIVERIES, 0);
		const calls = deliveries.flatMap((delivery) => Array.from({ length: COPIES }, (_, copy) => ({ delivery, processor: copy % 2 })));
		const answers = await Promise.all(calls.map(async ({ delivery, processor }) => ({ delivery, processor, answer: await post(processor, delivery) })));
		assert.deepEqual(answers.filter(({ answer }) => answer.status !== 200).map(({ answer }) => answer), [], 'every copy was answered 200');
		const startedAnswers = answers.filter(({ answer }) => isStarted(answer));

		const rows = await waitFor('an ended execution for every "200 started"', async () => {
			const found = await executions();
			return found.length >= startedAnswers.length && found.every((row) => !['new', 'running'].includes(row.status)) ? found : undefined;
		}, 300_000);
		await new Promise((wait) => setTimeout(wait, 3000));
		const settled = await executions();
		assert.equal(settled.length, rows.length, 'no execution came after');

		const perDelivery = deliveries.map((delivery) => ({
			executions: settled.filter((row) => row.key === delivery.key).length,
			started: startedAnswers.filter((answer) => answer.delivery.key === delivery.key).length,
			processors: new Set(startedAnswers.filter((answer) => answer.delivery.key === delivery.key).map((answer) => answer.processor)).size,
		}));
		console.log(`two webhook processors, ${COPIES} copies of each of ${DELIVERIES} deliveries at once: executions per delivery ${JSON.stringify(perDelivery.map((each) => each.executions))}`);
		// What a user checks: each "200 started" has its execution, and no execution started unanswered.
		assert.deepEqual(perDelivery.map((each) => each.executions), perDelivery.map((each) => each.started), 'one execution for each "200 started"');
		assert.ok(perDelivery.every((each) => each.executions >= 1), 'every delivery started');
		// Within one process copies never both start (claimHere): at most one per webhook processor.
		assert.deepEqual(perDelivery.filter((each) => each.started > each.processors), [], 'at most one execution per webhook processor');
		assert.deepEqual([...new Set(settled.map((row) => row.status))], ['success']);
	}, 600_000);

	test('Redis unreachable when a delivery arrives: the webhook processor cannot find the trigger (n8n\'s cache is in Redis), answers nothing and exits; nothing starts or is remembered, and the delivery sent again later starts once', async () => {
		const delivery = (await burstDeliveries(sandbox, 2, 0)).find((each) => each.key.startsWith('render:'))!;
		const before = await executions();
		await cluster.redis.stop();
		const answer = await post(1, delivery, 60_000);
		await redisBackAfterWebhookProcessorsExit();
		const after = (await executions()).filter((row) => !before.some((old) => old.id === row.id));
		console.log(`Redis down before the call: answer ${answer.status} ${JSON.stringify(answer.data)}; executions after Redis came back: ${JSON.stringify(after)}`);
		assert.deepEqual([answer.status, after], [0, []]);
		// The sender, answered nothing, sends it again: it is not remembered, so it starts.
		const again = await post(await freshWebhookProcessor(), delivery);
		assert.deepEqual([again.status, again.data], [200, { received: true, started: true }]);
		await waitFor('its execution', async () => ((await executions()).some((row) => row.key === delivery.key && row.status === 'success') ? true : undefined), 120_000);
	}, 300_000);

	test('Redis unreachable between the trigger\'s lookup and the enqueue: no "200 started" without an execution; the delivery, not remembered, starts once when sent again', async () => {
		const processor = await freshWebhookProcessor();
		const delivery = (await burstDeliveries(sandbox, 2, 0)).find((each) => each.key.startsWith('render:'))!;
		const requestId = delivery.key.slice('render:'.length);
		// The trigger's lookup at pdf noodle takes 5 s: Redis goes away while it waits, after n8n found the trigger.
		sandbox.context.faults.push({ method: 'GET', pathPrefix: `/v1/pdf/status/${requestId}`, kind: 'delay', delayMs: 5000, times: 1 });
		const before = await executions();
		const answering = post(processor, delivery, 60_000);
		// The lookup arrived: n8n has found the trigger (in its cache, on Redis) and the node runs.
		await waitFor('the trigger\'s lookup', () => (apiRequests(sandbox).some((request) => request.path === `/v1/pdf/status/${requestId}`) ? true : undefined), 30_000);
		await cluster.redis.stop();
		const answer = await answering;
		await redisBackAfterWebhookProcessorsExit();
		const after = (await executions()).filter((row) => !before.some((old) => old.id === row.id));
		console.log(`Redis down after the lookup began: answer ${answer.status} ${JSON.stringify(answer.data)}; executions after Redis came back: ${JSON.stringify(after)}`);
		// Before the fix: "200 started", no execution ever, and the delivery sent again answered "duplicate".
		const ran = after.filter((row) => row.key === delivery.key && row.status === 'success');
		assert.deepEqual({ started: isStarted(answer), ran: ran.length }, { started: false, ran: 0 }, JSON.stringify(answer));
		const again = await post(await freshWebhookProcessor(), delivery);
		assert.deepEqual([again.status, again.data], [200, { received: true, started: true }], 'not remembered: it starts when sent again');
		await waitFor('its execution', async () => ((await executions()).some((row) => row.key === delivery.key && row.status === 'success') ? true : undefined), 120_000);
	}, 300_000);
});

/** Once every webhook processor has given up on the stopped Redis (and exited), Redis comes back where it was; then workers get ample time to take what was queued. */
async function redisBackAfterWebhookProcessorsExit(): Promise<void> {
	await waitFor('the webhook processors to give up on Redis', () => (cluster.webhookProcessors.every((each) => each.child.exitCode !== null) ? true : undefined), 60_000);
	await cluster.redis.start(true);
	// Workers take a queued job within a second once Redis is back.
	await new Promise((wait) => setTimeout(wait, 20_000));
}

/** A new webhook processor, in place of those that exited: its index in `cluster.webhookUrls`. */
async function freshWebhookProcessor(): Promise<number> {
	await cluster.addWebhookProcessor();
	return cluster.webhookUrls.length - 1;
}
