/**
 * Queue mode with the package from N8N_COMMUNITY_PACKAGES (docs/n8n-3.md, "Install from n8n's
 * environment list"), unverified packages off: a main, a webhook processor and a worker, every process with
 * the same settings and a nodes folder of its own (as separate containers have), the package
 * from a real registry (Verdaccio).
 *
 * What n8n 2.40.7 does: only the main (`n8n start`) reads the list. It installs the package and
 * tells the other processes over Redis; those running then install the same version, checksum
 * checked. So the worker and the webhook processor start first, the main last. A worker started
 * after that does not get the package, even with N8N_REINSTALL_MISSING_PACKAGES (which installs
 * only what n8n itself has verified, while unverified packages are off).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, test } from '@jest/globals';
import axios, { type AxiosInstance } from 'axios';

import { pdfText } from '../support/pdf';
import { waitFor } from '../support/processes';
import { type Packed, Registry } from '../support/registry';
import { type Sandbox, startTestSandbox } from '../support/sandbox';
import { listEntry, logMessages, managedSettings, PACKAGE_NAME } from '../e2e/communityPackages';
import { EXAMPLE_TRIGGER_TOKEN, sandboxCredential, triggerSecretCredential } from '../e2e/examples';
import { packPackage } from '../e2e/n8n';
import { type ClusterProcess, QueueCluster } from './cluster';
import { binaryFromMain, executionFromMain } from './mainApi';
import { NAMED_RENDER, namedRenderWorkflow, TRIGGER_THEN_COMPRESS, triggerThenCompressWorkflow } from './workflows';

let sandbox: Sandbox;
let registry: Registry;
let cluster: QueueCluster;
let rest: AxiosInstance;
let packFolder: string;
let release: Packed;

beforeAll(async () => {
	sandbox = await startTestSandbox();
	registry = new Registry();
	await registry.start();
	packFolder = mkdtempSync(join(tmpdir(), 'pdf-noodle-pack-'));
	release = await registry.publish(await packPackage(packFolder));
	cluster = new QueueCluster(managedSettings(registry, [listEntry(release)]));
	await cluster.start(
		undefined,
		async (main) => {
			await main.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl), triggerSecretCredential()]);
			for (const workflow of [namedRenderWorkflow(), triggerThenCompressWorkflow()]) {
				await main.importWorkflow(workflow);
				await main.cli('publish:workflow', `--id=${workflow.id}`);
			}
		},
		1,
		{ mainLast: true },
	);
	rest = await cluster.ownerClient();
});

afterAll(async () => {
	await cluster?.stop();
	await registry?.stop();
	await sandbox?.close();
	if (packFolder) rmSync(packFolder, { recursive: true, force: true });
});

/** The version of the package in a process's own nodes folder, or undefined. */
function versionIn(nodesFolder: string): string | undefined {
	const manifest = join(nodesFolder, 'node_modules', PACKAGE_NAME, 'package.json');
	return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
}

/** The message n8n logs when a process has installed a community package. */
const INSTALLED = `Community package installed: ${PACKAGE_NAME}`;

/** The executions of a workflow, newest last, as the main's database has them. */
async function executionIdsOf(workflowId: string): Promise<string[]> {
	const rows = await cluster.query<{ id: number }>('SELECT id FROM execution_entity WHERE "workflowId" = $1 ORDER BY id', [workflowId]);
	return rows.map((row) => String(row.id));
}

async function finishedExecution(workflowId: string, known: string[]) {
	const id = await waitFor(`a new execution of ${workflowId}`, async () => (await executionIdsOf(workflowId)).find((each) => !known.includes(each)), 60_000);
	return await waitFor(`execution ${id} to finish`, async () => {
		const execution = await executionFromMain(rest, id);
		return ['new', 'running'].includes(execution.status) ? undefined : execution;
	}, 120_000);
}

describe('queue mode, every process with the list, unverified packages off', () => {
	test('the main installs the package from the list, and the worker and the webhook processor, running, install the same version', async () => {
		assert.ok(logMessages(cluster.main.serverLog).includes(`Installed community package '${PACKAGE_NAME}@${release.version}' from env`), cluster.main.serverLog);
		assert.equal(versionIn(cluster.main.nodesFolder), release.version);
		for (const process of [cluster.webhookProcessor, ...cluster.workers]) {
			await waitFor(`${process.name} to install the package`, () => logMessages(process.log.join('\n')).includes(INSTALLED) || undefined, 60_000);
			assert.equal(versionIn(process.nodesFolder), release.version, process.name);
		}
	});

	test('an execution started on the webhook processor runs on the worker and renders the PDF', async () => {
		// The main registers the webhooks of active workflows after it answers its readiness check.
		await cluster.main.waitForWebhook(cluster.webhookUrl, NAMED_RENDER.path, 'POST');
		const known = await executionIdsOf(NAMED_RENDER.id);
		assert.equal((await axios.post(`${cluster.webhookUrl}/webhook/${NAMED_RENDER.path}`, { name: 'Ada Lovelace' })).status, 200);
		const execution = await finishedExecution(NAMED_RENDER.id, known);
		assert.equal(execution.status, 'success', JSON.stringify(execution.data?.resultData?.error));
		assert.ok(cluster.workers[0].startedExecutions().includes(execution.id), 'it ran on the worker');
		const [item] = execution.data.resultData.runData[NAMED_RENDER.nodeName][0].data.main[0];
		assert.ok((await pdfText(await binaryFromMain(rest, item.binary.data))).includes('Ada Lovelace'));
	});

	test('the PDF Noodle Trigger on the webhook processor starts a workflow, which the worker runs to its end', async () => {
		const known = await executionIdsOf(TRIGGER_THEN_COMPRESS.id);
		const service = axios.create({ baseURL: sandbox.baseUrl, headers: { Authorization: `Bearer ${sandbox.apiKey}` } });
		const { data: ack } = await service.post('/v1/pdf/async', {
			templateId: 'certificate',
			data: { recipient_name: 'Grace Hopper', course: { title: 'Queues', hours: 1 } },
			webhook: `${cluster.webhookUrl}${TRIGGER_THEN_COMPRESS.path}?token=${EXAMPLE_TRIGGER_TOKEN}`,
		});
		const execution = await finishedExecution(TRIGGER_THEN_COMPRESS.id, known);
		assert.equal(execution.status, 'success', JSON.stringify(execution.data?.resultData?.error));
		const [received] = execution.data.resultData.runData['PDF Noodle Trigger'][0].data.main[0];
		assert.equal(received.json.requestId, ack.requestId);
		const [compressed] = execution.data.resultData.runData[TRIGGER_THEN_COMPRESS.compressNode][0].data.main[0];
		assert.ok((await pdfText(await binaryFromMain(rest, compressed.binary.data))).includes('Grace Hopper'));
	});

	test('a worker started after the main does not get the package: n8n refuses to reinstall an unverified one', async () => {
		const late: ClusterProcess = await cluster.startProcess('late-worker', ['worker'], 0, { N8N_REINSTALL_MISSING_PACKAGES: 'true' });
		try {
			await late.waitForLog(/n8n worker is now ready/);
			assert.ok(
				logMessages(late.log.join('\n')).includes(`Failed to reinstall community package ${PACKAGE_NAME}: Installation of unverified community packages is forbidden!`),
				late.log.join('\n'),
			);
			assert.equal(versionIn(late.nodesFolder), undefined);
		} finally {
			await late.stop();
		}
	});
});
