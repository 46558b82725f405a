/**
 * A burst at the trigger in a real n8n: `BURST_SIZE` deliveries of real, finished renders and
 * batches (one in ten forged) posted within about a second at one confirmed trigger, while
 * the sandbox rate-limits its status lookups. Every genuine delivery starts exactly one
 * execution (n8n's executions counted, and the request IDs they are about), no forged one
 * starts any (a delivery answered 503, "send it again", is sent again as a sender would).
 * CI runs 40; `npm run test:burst` runs 500 (docs/trigger.md, bench/README.md).
 * On the pinned n8n (2.x) only: the trigger's code is the same on 1.x, and the burst's n8n
 * start would double its cost in `npm test`.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from '@jest/globals';

import { answerCounts, BURST_SIZE, burstDeliveries, executionKey, lookupsPerSecondFor, postBurst, sentAgainCount, tally } from '../support/burst';
import { waitFor } from '../support/processes';
import { type Sandbox, startTestSandbox } from '../support/sandbox';
import { EXAMPLE_TRIGGER_TOKEN, example, sandboxCredential, triggerSecretCredential } from './examples';
import { N8n, N8N_MAJOR } from './n8n';

/** At most 16 characters: n8n 1.x saves static data (the trigger's Start Once memory) only for such IDs. */
const BURST_TRIGGER_ID = 'pdfNoodleBurst';
const WEBHOOK_ID = 'pdf-noodle-burst';

let sandbox: Sandbox;
let n8n: N8n;
let baseUrl: string;

const onPinnedN8n = N8N_MAJOR >= 2 ? describe : describe.skip;

onPinnedN8n(`a burst of ${BURST_SIZE} deliveries at one confirmed trigger, the status lookups rate-limited`, () => {
	beforeAll(async () => {
		sandbox = await startTestSandbox();
		n8n = new N8n();
		await n8n.installThisPackage();
		await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl), triggerSecretCredential()]);
		const receiver = example('trigger-receive-renders');
		receiver.nodes[0] = { ...receiver.nodes[0], webhookId: WEBHOOK_ID };
		await n8n.importWorkflow({ ...receiver, id: BURST_TRIGGER_ID, name: 'PDF Noodle: a burst of deliveries' });
		await n8n.activateWorkflow(BURST_TRIGGER_ID);
		baseUrl = await n8n.start();
		await n8n.waitForWebhook(baseUrl, `${WEBHOOK_ID}/pdf-noodle`, 'POST');
	});

	afterAll(async () => {
		await n8n?.dispose();
		await sandbox?.close();
	});

	test('every genuine delivery starts exactly one execution, no forged one any', async () => {
		const deliveries = await burstDeliveries(sandbox, BURST_SIZE);
		const genuine = deliveries.filter((delivery) => !delivery.forged);
		sandbox.context.settings.statusLookupsPerSecond = lookupsPerSecondFor(BURST_SIZE);
		sandbox.context.traffic.reset();

		const started = Date.now();
		const answers = await postBurst(`${baseUrl}/webhook/${WEBHOOK_ID}/pdf-noodle?token=${EXAMPLE_TRIGGER_TOKEN}`, deliveries);
		assert.deepEqual(answerCounts(answers), { 'genuine 200 started': genuine.length, 'forged 403': deliveries.length - genuine.length });
		const traffic = sandbox.context.traffic.snapshot();
		console.log(`burst: ${deliveries.length} deliveries answered in ${((Date.now() - started) / 1000).toFixed(1)} s (${sentAgainCount(answers)} sent again after a 503); ${traffic.statusCalls} status lookups, ${traffic.rateLimited} of them answered 429`);
		assert.ok(traffic.rateLimited > 0, 'the sandbox\'s rate limit was met');

		const executions = await waitFor(
			`${genuine.length} finished executions`,
			() => {
				const rows = n8n.executions().filter((row) => row.workflowId === BURST_TRIGGER_ID);
				return rows.length >= genuine.length && rows.every((row) => !['new', 'running'].includes(row.status)) ? rows : undefined;
			},
			180_000,
		);
		// Later executions would be ones the burst should not have started: wait a moment for any.
		await new Promise((wait) => setTimeout(wait, 1000));
		const final = n8n.executions().filter((row) => row.workflowId === BURST_TRIGGER_ID);
		assert.equal(final.length, executions.length);
		assert.deepEqual([...new Set(final.map((row) => row.status))], ['success']);
		const keys = final.map((row) => executionKey(row.data.resultData.runData['PDF Noodle Trigger'][0].data.main[0][0].json));
		assert.deepEqual(tally(deliveries, keys), { missing: [], twice: [], forgedStarted: [] });
		assert.equal(final.length, genuine.length);
	});
});
