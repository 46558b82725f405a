/**
 * n8n's environment-managed install, the way in on n8n 3.0 (unverified packages off by
 * default): docs/n8n-3.md's "Install from n8n's environment list" settings, with unverified packages
 * off, and the packed package published to a real registry (Verdaccio) as version N and N+1.
 * Each case starts the same n8n again with another list and asserts what n8n logs and what a
 * user then sees: installed (a workflow renders), a wrong checksum, no checksum, updated to
 * N+1 (the workflow saved on N runs on it), the package dropped from the list.
 *
 * n8n 1.x has no environment-managed install (it came with n8n 2.21): skipped there.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, test } from '@jest/globals';
import axios from 'axios';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { pdfText } from '../support/pdf';
import { waitFor } from '../support/processes';
import { type Packed, Registry, withVersion } from '../support/registry';
import { useSandbox } from '../support/useSandbox';
import { NAMED_RENDER, namedRenderWorkflow } from '../queue/workflows';
import { licenseAnswered, listEntry, logEntries, logMessages, managedSettings, PACKAGE_NAME, documentedChecksumCommand } from './communityPackages';
import { example, sandboxCredential } from './examples';
import { N8N_MAJOR, N8n } from './n8n';
import { describeOnN8n2 } from './versions';

/** A workflow that uses the package's nodes only as an AI tool (MCP Server Trigger with PDF Noodle tools). */
const TOOL_WORKFLOW = example('mcp-pdf-tools');
const MCP_PATH = TOOL_WORKFLOW.nodes.find((node: { type: string }) => node.type.endsWith('mcpTrigger')).parameters.path;


const sandbox = useSandbox();
let registry: Registry;
let n8n: N8n;
/** A second n8n, for the starts that end without the package. */
let other: N8n;
/** The packed package as published: version N, and the same code as N+1. */
let release: Packed;
let next: Packed;

/** n8n's error for a workflow whose node comes from a package it does not have. */
const UNRECOGNIZED_NODE = `Unrecognized node type: ${PACKAGE_NAME}.pdfNoodle`;

beforeAll(async () => {
	if (N8N_MAJOR < 2) return;
	registry = new Registry();
	await registry.start();
	n8n = new N8n();
	other = new N8n();
	const tarball = await n8n.packThisPackage();
	release = await registry.publish(tarball);
	const [major, minor, patch] = release.version.split('.').map(Number);
	next = await registry.publish((await withVersion(tarball, `${major}.${minor}.${patch + 1}`, dirname(tarball))).tarball);
	await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl)]);
	// Saved and published while the package is not installed yet, as in a deploy that brings both.
	for (const workflow of [namedRenderWorkflow(), TOOL_WORKFLOW]) {
		await n8n.importWorkflow(workflow);
		await n8n.activateWorkflow(workflow.id);
	}
});

afterAll(async () => {
	await n8n?.dispose();
	await other?.dispose();
	await registry?.stop();
});

/** Starts an n8n (this file's, unless another is given) with this list in N8N_COMMUNITY_PACKAGES; returns its URL. */
async function startWith(list: Array<Record<string, string>>, instance = n8n): Promise<string> {
	instance.settings = managedSettings(registry, list);
	return await instance.start();
}

/** The version of the package in an n8n's nodes folder, or undefined when it is not there. */
function installedVersion(instance = n8n): string | undefined {
	const manifest = join(instance.nodesFolder, 'node_modules', PACKAGE_NAME, 'package.json');
	return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
}

/** Posts a name to the render workflow's production webhook; returns the PDF's text, read from n8n's execution. */
async function renderThroughWebhook(baseUrl: string, name: string): Promise<string> {
	await n8n.waitForWebhook(baseUrl, NAMED_RENDER.path, 'POST');
	assert.equal((await axios.post(`${baseUrl}/webhook/${NAMED_RENDER.path}`, { name })).status, 200);
	const execution = await waitFor(
		`the execution that renders for ${name}`,
		() => n8n.executions().find((entry) => entry.workflowId === NAMED_RENDER.id && !['new', 'running'].includes(entry.status) && JSON.stringify(entry.data).includes(name)),
		60_000,
	);
	assert.equal(execution.status, 'success', JSON.stringify(execution.data?.resultData?.error));
	const [item] = execution.data.resultData.runData[NAMED_RENDER.nodeName][0].data.main[0];
	return await pdfText(n8n.readBinary(item.binary.data));
}

/**
 * What a caller of the render workflow's production webhook gets when n8n does not have the
 * package: the workflow is active (its trigger is n8n's own), and each call is refused. Also the
 * line n8n logs for it.
 */
async function refusedRender(baseUrl: string): Promise<void> {
	await n8n.waitForWebhook(baseUrl, NAMED_RENDER.path, 'POST');
	const answer = await axios.post(`${baseUrl}/webhook/${NAMED_RENDER.path}`, { name: 'Nobody' }, { validateStatus: () => true });
	assert.deepEqual([answer.status, answer.data.message], [400, UNRECOGNIZED_NODE]);
	await waitFor('n8n to log the refused call', () =>
		logMessages(n8n.serverLog).includes(`Error in handling webhook request POST /webhook/${NAMED_RENDER.path}: ${UNRECOGNIZED_NODE}`) || undefined,
	);
}

/** What n8n's log must never say about a package it loaded. */
function assertNoMissingNode(log: string): void {
	for (const phrase of ['Unrecognized node type', 'Class could not be found']) assert.ok(!log.includes(phrase), `n8n logged "${phrase}":\n${log}`);
}

describeOnN8n2('n8n installs the package from N8N_COMMUNITY_PACKAGES, unverified packages off', () => {
	test('the documented command prints the checksum that the registry recorded for the version', async () => {
		assert.equal((await registry.npm(documentedChecksumCommand(release.version))).trim(), release.integrity);
	});

	// On an n8n of their own: after a start without the package, n8n 2.40.7 did not register the
	// webhooks of the workflows published with its nodes at a later start that installed it
	// (seen three times here, docs/n8n-3.md says so; the cause in n8n's publication code is not pinned
	// down), and these cases are about what n8n says at start.
	test('no checksum: n8n does not start, and says why', async () => {
		const refused = await startWith([listEntry(release, null)], other).then(
			async () => {
				await other.stop();
				return undefined;
			},
			(error: Error) => error.message,
		);
		assert.ok(refused, 'n8n started');
		const exit = logEntries(other.serverLog).find((entry) => entry.message === 'Exiting due to an error.' && entry.metadata.error);
		assert.equal(
			exit?.metadata.error.message,
			`N8N_COMMUNITY_PACKAGES: no checksum available for '${PACKAGE_NAME}@${release.version}' and unverified packages are disabled`,
			other.serverLog,
		);
		assert.equal(installedVersion(other), undefined);
	});

	test('a wrong checksum: n8n starts without the package, and logs that it failed to verify the checksum', async () => {
		try {
			await startWith([listEntry(release, next.integrity)], other);
			assert.ok(licenseAnswered(other.serverLog), 'the test registry was allowed');
			assert.ok(
				logMessages(other.serverLog).includes(
					`Failed to install community package '${PACKAGE_NAME}@${release.version}' from env: Failed to verify package checksum. Try restarting n8n and attempting the installation again.`,
				),
				other.serverLog,
			);
			assert.equal(installedVersion(other), undefined);
		} finally {
			await other.stop();
		}
	});

	test('version N with its checksum: installed at start, the nodes load, a workflow renders; the editor cannot change packages', async () => {
		try {
			const baseUrl = await startWith([listEntry(release)]);
			assert.ok(logMessages(n8n.serverLog).includes(`Installed community package '${PACKAGE_NAME}@${release.version}' from env`), n8n.serverLog);
			assert.equal(installedVersion(), release.version);
			assertNoMissingNode(n8n.serverLog);
			assert.ok((await renderThroughWebhook(baseUrl, 'Ada Lovelace')).includes('Ada Lovelace'));

			// n8n's editor and REST API leave the packages to the list.
			const rest = await n8n.ownerClient(baseUrl);
			const install = await rest.post('/rest/community-packages', { name: PACKAGE_NAME });
			assert.deepEqual([install.status, install.data.message], [400, 'Community packages are managed via environment variables on this instance and cannot be modified through the API.']);
		} finally {
			await n8n.stop();
		}
	});

	test('N+1 in the list: updated at the next start, and the workflow saved on N runs on N+1 without being opened', async () => {
		try {
			const baseUrl = await startWith([listEntry(next)]);
			assert.ok(logMessages(n8n.serverLog).includes(`Updated community package '${PACKAGE_NAME}' from ${release.version} to ${next.version} from env`), n8n.serverLog);
			assert.equal(installedVersion(), next.version);
			assert.ok((await renderThroughWebhook(baseUrl, 'Grace Hopper')).includes('Grace Hopper'));
			assertNoMissingNode(n8n.serverLog);
		} finally {
			await n8n.stop();
		}
	});

	test('a list without the package: n8n uninstalls it at start, and the workflows that use it fail with "Unrecognized node type"', async () => {
		try {
			const baseUrl = await startWith([]);
			const removed = logEntries(n8n.serverLog).find((entry) => entry.message.startsWith(`Removed community package '${PACKAGE_NAME}'`));
			assert.ok(removed, n8n.serverLog);
			assert.equal(removed.message, `Removed community package '${PACKAGE_NAME}' (had 2 registered node type(s)) — not declared in N8N_COMMUNITY_PACKAGES`);
			assert.equal(removed.level, 'warn');
			// The warning's details name the workflow with the node, not the one that has it only as a tool.
			assert.deepEqual([removed.metadata.workflowIds, removed.metadata.activeWorkflowIds], [[NAMED_RENDER.id], [NAMED_RENDER.id]]);
			assert.equal(installedVersion(), undefined);
			await refusedRender(baseUrl);
			const client = new Client({ name: 'pdf-noodle-e2e', version: '1.0.0' });
			const outcome = await client
				.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp/${MCP_PATH}`)))
				.then(async () => await client.listTools())
				.then(
					(listed) => `tools: ${listed.tools.map((tool) => tool.name).join(', ')}`,
					(error: Error) => `error: ${error.message}`,
				)
				.finally(async () => await client.close());
			// An MCP client of the workflow that had the nodes as tools gets the same error.
			assert.match(outcome, /^error: /);
			assert.ok(outcome.includes(UNRECOGNIZED_NODE), outcome);
		} finally {
			await n8n.stop();
		}
	});
});

