/**
 * n8n's own installer and updater, as the editor drives them (*Settings → Community Nodes*),
 * with unverified packages allowed (n8n 2.x's default): the package installed through n8n's
 * REST API from a real registry (Verdaccio), workflows built and activated through it, then
 * version N+1 published and installed while n8n runs. A render in flight, the saved workflow
 * and the active trigger go on without a restart.
 *
 * n8n 2.x only: README's editor install is what this checks, on the n8n line it is written for;
 * n8n 1.x activates workflows through another REST call, and its installer is the one the other
 * end-to-end files install with.
 */
import assert from 'node:assert/strict';
import { dirname } from 'node:path';
import { afterAll, beforeAll, test } from '@jest/globals';
import axios, { type AxiosInstance } from 'axios';

import { pdfText } from '../support/pdf';
import { waitFor } from '../support/processes';
import { type Packed, Registry, withVersion } from '../support/registry';
import { apiRequests } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';
import { NAMED_RENDER, namedRenderWorkflow } from '../queue/workflows';
import { licenseAnswered, NODE_TYPES, PACKAGE_NAME, testRegistrySettings } from './communityPackages';
import { EXAMPLE_TRIGGER_TOKEN, example, sandboxCredential, triggerSecretCredential } from './examples';
import { N8N_MAJOR, N8n } from './n8n';
import { describeOnN8n2 } from './versions';

const TRIGGER_WORKFLOW = example('trigger-receive-renders');
const TRIGGER_PATH = '/webhook/pdf-noodle-example/pdf-noodle';

const sandbox = useSandbox();
let registry: Registry;
let n8n: N8n;
let baseUrl: string;
let rest: AxiosInstance;
let release: Packed;
/** Version N+1, published by the test when it is released. */
let nextTarball: string;
let nextVersion: string;


beforeAll(async () => {
	if (N8N_MAJOR < 2) return;
	registry = new Registry();
	await registry.start();
	n8n = new N8n();
	const tarball = await n8n.packThisPackage();
	release = await registry.publish(tarball);
	const [major, minor, patch] = release.version.split('.').map(Number);
	({ tarball: nextTarball, version: nextVersion } = await withVersion(tarball, `${major}.${minor}.${patch + 1}`, dirname(tarball)));
	await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl), triggerSecretCredential()]);
	n8n.settings = testRegistrySettings(registry);
	baseUrl = await n8n.start();
	rest = await n8n.ownerClient(baseUrl);
});

afterAll(async () => {
	await n8n?.dispose();
	await registry?.stop();
});

/** Saves a workflow and activates it through the REST API, as the editor's Save and Publish do. */
async function saveAndActivate(workflow: any): Promise<void> {
	const { id, name, nodes, connections, settings } = workflow;
	const saved = await rest.post('/rest/workflows', { id, name, nodes, connections, settings });
	assert.equal(saved.status, 200, JSON.stringify(saved.data));
	const activated = await rest.post(`/rest/workflows/${id}/activate`, { versionId: saved.data.data.versionId });
	assert.equal(activated.status, 200, JSON.stringify(activated.data));
}

/** The finished execution of a workflow whose data mentions `text`. */
async function executionWith(workflowId: string, text: string) {
	const execution = await waitFor(
		`the execution of ${workflowId} with "${text}"`,
		() => n8n.executions().find((entry) => entry.workflowId === workflowId && !['new', 'running'].includes(entry.status) && JSON.stringify(entry.data).includes(text)),
		60_000,
	);
	assert.equal(execution.status, 'success', JSON.stringify(execution.data?.resultData?.error));
	return execution;
}

/** Starts the render workflow through its production webhook. */
async function postRender(name: string): Promise<void> {
	assert.equal((await axios.post(`${baseUrl}/webhook/${NAMED_RENDER.path}`, { name })).status, 200);
}

/** The text of the PDF the render workflow made for `name`. */
async function renderedFor(name: string): Promise<string> {
	const execution = await executionWith(NAMED_RENDER.id, name);
	const [item] = execution.data.resultData.runData[NAMED_RENDER.nodeName][0].data.main[0];
	return await pdfText(n8n.readBinary(item.binary.data));
}

/** pdf noodle renders asynchronously and calls the active trigger; returns the text of the PDF the trigger received. */
async function triggeredFor(name: string): Promise<string> {
	const service = axios.create({ baseURL: sandbox.baseUrl, headers: { Authorization: `Bearer ${sandbox.apiKey}` } });
	const { data: ack } = await service.post('/v1/pdf/async', {
		templateId: 'certificate',
		data: { recipient_name: name, course: { title: 'Updates', hours: 1 } },
		webhook: `${baseUrl}${TRIGGER_PATH}?token=${EXAMPLE_TRIGGER_TOKEN}`,
	});
	const execution = await executionWith(TRIGGER_WORKFLOW.id, ack.requestId);
	const [item] = execution.data.resultData.runData['PDF Noodle Trigger'][0].data.main[0];
	return await pdfText(n8n.readBinary(item.binary.data));
}

describeOnN8n2('n8n\'s installer and updater, through its REST API as the editor uses it', () => {
	test('install by name: n8n installs the newest version from the registry, and the nodes are there at once', async () => {
		const installed = await rest.post('/rest/community-packages', { name: PACKAGE_NAME });
		assert.equal(installed.status, 200, JSON.stringify(installed.data));
		assert.equal(installed.data.data.installedVersion, release.version);
		assert.deepEqual(installed.data.data.installedNodes.map((node: { type: string }) => node.type).sort(), NODE_TYPES);
		assert.ok(licenseAnswered(n8n.serverLog), 'the test registry was allowed');

		await saveAndActivate(namedRenderWorkflow());
		await saveAndActivate(TRIGGER_WORKFLOW);
		await n8n.waitForWebhook(baseUrl, NAMED_RENDER.path, 'POST');
		await postRender('Ada Lovelace');
		assert.ok((await renderedFor('Ada Lovelace')).includes('Ada Lovelace'));
		assert.ok((await triggeredFor('Grace Hopper')).includes('Grace Hopper'));
	});

	test('N+1 released and updated while n8n runs: a render in flight finishes, the saved workflow and the active trigger go on, no restart', async () => {
		await registry.publish(nextTarball);
		// A render that takes a while, started before the update and finished after it.
		sandbox.context.settings.renderDelayMs = 6000;
		await postRender('Alan Turing');
		await waitFor('the render in flight', () => apiRequests(sandbox).find((request) => JSON.stringify(request.body ?? null).includes('Alan Turing')));

		const updated = await rest.patch('/rest/community-packages', { name: PACKAGE_NAME });
		assert.equal(updated.status, 200, JSON.stringify(updated.data));
		assert.equal(updated.data.data.installedVersion, nextVersion);
		assert.ok((await renderedFor('Alan Turing')).includes('Alan Turing'), 'the render in flight finished');

		sandbox.context.settings.renderDelayMs = 0;
		await postRender('Katherine Johnson');
		assert.ok((await renderedFor('Katherine Johnson')).includes('Katherine Johnson'));
		assert.ok((await triggeredFor('Barbara Liskov')).includes('Barbara Liskov'));
		const listed = await rest.get('/rest/community-packages');
		assert.deepEqual(listed.data.data.map((entry: { packageName: string; installedVersion: string }) => [entry.packageName, entry.installedVersion]), [[PACKAGE_NAME, nextVersion]]);
		assert.equal((n8n.serverLog.match(/Editor is now accessible via/g) ?? []).length, 1, 'n8n started once');
	});
});
