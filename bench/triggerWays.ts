/**
 * The ways a burst of deliveries is received in the trigger's benchmark (bench/triggerBurst.ts)
 * and its CPU profile (bench/triggerProfile.ts): n8n's own Webhook node (the floor), and the
 * PDF Noodle Trigger as version 1 (both credentials, as version-1 workflows are saved) and as
 * version 2 (one protection: the confirmation, or the secret token), in a pinned n8n that has
 * the package installed.
 */
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';

import { EXAMPLE_TRIGGER_TOKEN, example, sandboxCredential, triggerSecretCredential } from '../test/e2e/examples';
import type { N8n } from '../test/e2e/n8n';
import { type Delivery, type DeliveryAnswer, postBurst } from '../test/support/burst';
import type { Sandbox } from '../test/support/sandbox';
import { round } from './stats';

export interface Way {
	key: string;
	label: string;
	/** A workflow ID of at most 21 characters (n8n saves static data only for such), and its webhook path. */
	workflow: Record<string, unknown>;
	path: string;
}

export interface TriggerSetup {
	version: 1 | 2;
	/** Version 2: confirm with pdf noodle, else the secret token. Version 1: the API credential besides the secret. */
	confirmed: boolean;
	download: boolean;
	/** Start Once per Render or Batch (on unless false): the delivery memory in the static data. */
	startOnce?: boolean;
}

/** The trigger as the example workflow sets it up (version 2), or as a version-1 workflow saved it. */
export function triggerWay(key: string, label: string, setup: TriggerSetup): Way {
	const receiver = example('trigger-receive-renders');
	const [trigger] = receiver.nodes;
	const apiCredential = { id: 'pdfNoodleSandbox', name: 'PDF Noodle account' };
	const secretCredential = { id: 'pdfNoodleTriggerSecret', name: 'PDF Noodle Trigger secret' };
	const { events, statusFilter } = trigger.parameters;
	const common = { events, statusFilter, downloadFile: setup.download, ...(setup.startOnce === false ? { startOnce: false } : {}) };
	const node =
		setup.version === 1
			? {
					...trigger,
					typeVersion: 1,
					parameters: { ...common, confirmWithService: true, ...(setup.download && !setup.confirmed ? { downloadUnconfirmed: true } : {}) },
					credentials: setup.confirmed ? { pdfNoodleApi: apiCredential, pdfNoodleTriggerApi: secretCredential } : { pdfNoodleTriggerApi: secretCredential },
				}
			: {
					...trigger,
					typeVersion: 2,
					parameters: setup.confirmed
						? { ...common, authentication: 'confirmWithService' }
						: { ...common, authentication: 'secretToken', ...(setup.download ? { downloadUnconfirmed: true } : {}) },
					credentials: setup.confirmed ? { pdfNoodleApi: apiCredential } : { pdfNoodleTriggerApi: secretCredential },
				};
	return {
		key,
		label,
		workflow: { ...receiver, id: `benchTrg${key}`, name: `bench: ${label}`, nodes: [{ ...node, webhookId: `bench-${key}` }] },
		path: `/webhook/bench-${key}/pdf-noodle`,
	};
}

/**
 * n8n's own Webhook node, answering at once: the least any trigger costs n8n. With
 * `withExpression`, one of its options is an expression (`={{ false }}`): then n8n takes an
 * expression isolate for the call's webhook phase, as n8n 2.40.7 does for every trigger but its
 * own Webhook node with static parameters (live-webhooks.js, `webhookPhaseNeedsIsolate`), ours too.
 */
export function floorWay(withExpression = false): Way {
	const key = withExpression ? 'FloorExpr' : 'Floor';
	const path = withExpression ? 'bench-floor-expression' : 'bench-floor';
	const node = {
		id: 'webhook',
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: path,
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: withExpression ? { ignoreBots: '={{ false }}' } : {} },
	};
	return {
		key,
		label: withExpression ? "n8n's Webhook node, one option an expression (n8n takes an isolate for its call, as for every other trigger)" : "n8n's Webhook node (the floor)",
		workflow: { id: `benchTrg${key}`, name: `bench: ${key}`, nodes: [node], connections: {}, settings: { executionOrder: 'v1' } },
		path: `/webhook/${path}`,
	};
}

/** Executions of a workflow n8n has finished recording. */
function finishedExecutions(n8n: N8n, workflowId: string): number {
	const database = new DatabaseSync(join(n8n.userFolder, '.n8n', 'database.sqlite'), { readOnly: true });
	try {
		const row = database.prepare("SELECT COUNT(*) AS count FROM execution_entity WHERE workflowId = ? AND status NOT IN ('new', 'running')").get(workflowId) as { count: number };
		return row.count;
	} finally {
		database.close();
	}
}

export interface BurstRun {
	answeredPerSecond: number;
	recordedPerSecond: number;
	started: number;
	answers: Record<string, number>;
}

export const startedOne = ({ status, data }: DeliveryAnswer) => status === 200 && (data as { started?: boolean } | undefined)?.started !== false;

function tallyAnswers(answers: DeliveryAnswer[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const answer of answers) {
		const key = startedOne(answer) ? 'started' : String(answer.status);
		counts[key] = (counts[key] ?? 0) + 1;
	}
	return counts;
}

/** Posts a burst at a way (all within a second) and times the answers and the recorded executions. */
export async function burstAt(n8n: N8n, baseUrl: string, way: Way, deliveries: Delivery[]): Promise<BurstRun> {
	const before = finishedExecutions(n8n, String(way.workflow.id));
	const start = performance.now();
	const answers = await postBurst(`${baseUrl}${way.path}?token=${EXAMPLE_TRIGGER_TOKEN}`, deliveries);
	const answeredMs = performance.now() - start;
	const started = answers.filter(startedOne).length;
	const deadline = Date.now() + 300_000;
	while (finishedExecutions(n8n, String(way.workflow.id)) - before < started && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 50));
	const recordedMs = performance.now() - start;
	return { answeredPerSecond: round((deliveries.length / answeredMs) * 1000, 1), recordedPerSecond: round((started / recordedMs) * 1000, 1), started, answers: tallyAnswers(answers) };
}

/** An n8n (2.40.7, `n8n start`) with the package (this checkout's, or a packed tarball) and the ways' workflows active. */
/** `startSettings` are for `n8n start` alone (not its CLI's imports): e.g. `NODE_OPTIONS` for a CPU profile. */
export async function startN8nWith(n8n: N8n, sandbox: Sandbox, tarball: string | undefined, ways: Way[], startSettings: NodeJS.ProcessEnv = {}): Promise<string> {
	// The unconfirmed downloading ways fetch the sandbox's files from 127.0.0.1, which n8n's egress filter refuses unless allowed.
	n8n.settings = { ...n8n.settings, N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32', N8N_LOG_LEVEL: 'warn' };
	if (tarball) await n8n.installPackage(tarball);
	else await n8n.installThisPackage();
	await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl), triggerSecretCredential()]);
	for (const way of ways) {
		await n8n.importWorkflow(way.workflow);
		await n8n.activateWorkflow(String(way.workflow.id));
	}
	n8n.settings = { ...n8n.settings, ...startSettings };
	const baseUrl = await n8n.start();
	for (const way of ways) await n8n.waitForWebhook(baseUrl, way.path.replace('/webhook/', ''), 'POST');
	return baseUrl;
}
