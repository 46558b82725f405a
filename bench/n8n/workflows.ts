/**
 * The workflows the benchmarks run in a real n8n: for each way of rendering N documents, the
 * nodes a user builds, behind the same start (a production webhook taking `{"count": N}`,
 * then N items made from it). All ways are chains of one workflow, each with its own webhook
 * path: one workflow is imported and published once (each n8n CLI call costs seconds), and
 * a call runs only the chain of the webhook it reaches.
 */
import { EXAMPLE_CREDENTIAL_ID } from '../../test/e2e/examples';

export const BENCH_WORKFLOW_ID = 'pdfNoodleBench';
/** The generic "Bearer Auth" credential the HTTP Request nodes use. */
export const BEARER_CREDENTIAL_ID = 'pdfNoodleBearer';
/** What a render does per item: a letter whose recipient is the item's number. */
const RECIPIENT = '"Person " + $itemIndex';
/** The Data a user types for every item: an expression over the item. */
export const PER_ITEM_DATA = `={{ JSON.stringify({ recipient: { name: ${RECIPIENT} } }) }}`;
export const FIXED_DATA = '{"recipient": {"name": "Person"}}';

export const webhookPath = (key: string) => `bench-${key}`;
const webhookNodeName = (key: string) => `${key}: webhook`;

interface WorkflowNode {
	name: string;
	type: string;
	[key: string]: unknown;
}

/** A way of rendering: its webhook path and the nodes after the N items, in the order they run. */
export interface BenchChain {
	key: string;
	/** The nodes the user builds for this way, in the order they run (a loop back is in `loops`). */
	nodes: WorkflowNode[];
	/** Extra connections: [from node, output index, to node] (an IF's "false" output back to a Wait). */
	loops?: Array<[string, number, string]>;
}

function node(name: string, type: string, typeVersion: number, parameters: object, extra: object = {}): WorkflowNode {
	return { id: name, name, type, typeVersion, position: [0, 0], parameters, ...extra };
}

const pdfNoodleCredentials = { pdfNoodleApi: { id: EXAMPLE_CREDENTIAL_ID, name: 'PDF Noodle account' } };
const bearerCredentials = { httpBearerAuth: { id: BEARER_CREDENTIAL_ID, name: 'pdf noodle bearer' } };

/** Our node as a user sets it up: Render From Template, Download File on unless said. */
export function ourNode(name: string, parameters: object): WorkflowNode {
	return node(
		name,
		'n8n-nodes-pdf-noodle.pdfNoodle',
		1,
		{ resource: 'document', operation: 'renderFromTemplate', template: { __rl: true, mode: 'id', value: 'letter' }, data: PER_ITEM_DATA, ...parameters },
		{ credentials: pdfNoodleCredentials },
	);
}

/** Our node with its "Requests at Once" setting changed (0: no bound). */
export function ourBoundNode(name: string, requestsAtOnce: number, parameters: object = {}): WorkflowNode {
	return ourNode(name, { ...parameters, requestsAtOnce });
}

/** Get Status with Download File: the file of the render whose id the webhook's body names. */
export function ourDownloadNode(name: string, key: string): WorkflowNode {
	return node(
		name,
		'n8n-nodes-pdf-noodle.pdfNoodle',
		1,
		{ resource: 'document', operation: 'getStatus', requestId: `={{ $('${webhookNodeName(key)}').first().json.body.requestId }}` },
		{ credentials: pdfNoodleCredentials },
	);
}

/** The Batch resource: every input item one document, batches of 20, Download File on. */
export function ourBatchNode(name: string): WorkflowNode {
	return node(
		name,
		'n8n-nodes-pdf-noodle.pdfNoodle',
		1,
		{ resource: 'batch', operation: 'renderTemplates', batchSource: 'inputItems', template: { __rl: true, mode: 'id', value: 'letter' }, documentData: PER_ITEM_DATA },
		{ credentials: pdfNoodleCredentials },
	);
}

/** n8n's HTTP Request node (4.5, the version n8n 2.40 adds) with the Bearer Auth credential. */
function httpRequest(name: string, parameters: object): WorkflowNode {
	return node(name, 'n8n-nodes-base.httpRequest', 4.5, { authentication: 'genericCredentialType', genericAuthType: 'httpBearerAuth', options: {}, ...parameters }, { credentials: bearerCredentials });
}

/** The render call as a user writes it in an HTTP Request node: the same body as our node sends. */
export function peerRender(name: string, baseUrl: string): WorkflowNode {
	return httpRequest(name, {
		method: 'POST',
		url: `${baseUrl}/v1/pdf/sync`,
		sendBody: true,
		specifyBody: 'json',
		jsonBody: `={{ JSON.stringify({ templateId: "letter", data: { recipient: { name: ${RECIPIENT} } } }) }}`,
	});
}

/** The download of `signedUrl` as a file (the URL is signed: no credential). */
export function peerDownload(name: string): WorkflowNode {
	return node(name, 'n8n-nodes-base.httpRequest', 4.5, { url: '={{ $json.signedUrl }}', options: { response: { response: { responseFormat: 'file' } } } });
}

/** The forum's pattern for a 202: wait, ask the status, and loop back while it is not done. */
export function peerPollingLoop(prefix: string, baseUrl: string, intervalSeconds: number): BenchChain['nodes'] {
	return [
		peerRender(`${prefix}: render (HTTP Request)`, baseUrl),
		node(`${prefix}: wait`, 'n8n-nodes-base.wait', 1.1, { amount: intervalSeconds, unit: 'seconds' }, { webhookId: `${prefix}-wait` }),
		httpRequest(`${prefix}: status (HTTP Request)`, { method: 'GET', url: `=${baseUrl}/v1/pdf/status/{{ $json.requestId }}` }),
		node(`${prefix}: done? (IF)`, 'n8n-nodes-base.if', 2.2, {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
				conditions: [{ id: 'done', leftValue: '={{ $json.renderStatus }}', rightValue: 'SUCCESS', operator: { type: 'string', operation: 'equals' } }],
				combinator: 'and',
			},
			options: {},
		}),
		peerDownload(`${prefix}: download (HTTP Request)`),
	];
}

/** The start every chain shares: the webhook, then `count` items from its body. */
function startOf(key: string): WorkflowNode[] {
	return [
		node(webhookNodeName(key), 'n8n-nodes-base.webhook', 2, { httpMethod: 'POST', path: webhookPath(key), responseMode: 'lastNode', responseData: 'noData', options: {} }, { webhookId: `bench-${key}` }),
		node(`${key}: items`, 'n8n-nodes-base.set', 3.4, {
			mode: 'raw',
			jsonOutput: '={{ { items: Array.from({ length: $json.body.count }, (_, index) => ({ index })) } }}',
			options: {},
		}),
		node(`${key}: one item each`, 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'items', options: {} }),
	];
}


/** One workflow holding every chain, each behind its own webhook. */
export function benchWorkflow(chains: BenchChain[]) {
	const nodes: WorkflowNode[] = [];
	const connections: Record<string, { main: Array<Array<{ node: string; type: string; index: number }>> }> = {};
	const link = (from: string, output: number, to: string) => {
		connections[from] ??= { main: [] };
		while (connections[from].main.length <= output) connections[from].main.push([]);
		connections[from].main[output].push({ node: to, type: 'main', index: 0 });
	};
	chains.forEach((chain, row) => {
		const all = [...startOf(chain.key), ...chain.nodes];
		all.forEach((each, column) => nodes.push({ ...each, position: [column * 220, row * 200] }));
		all.slice(1).forEach((each, index) => link(all[index].name, 0, each.name));
		for (const [from, output, to] of chain.loops ?? []) link(from, output, to);
	});
	return { id: BENCH_WORKFLOW_ID, name: 'PDF Noodle benchmarks', active: false, nodes, connections, settings: { executionOrder: 'v1' }, pinData: {} };
}
