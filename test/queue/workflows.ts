/**
 * The workflows the queue-mode suite runs: each starts from a production webhook, so that
 * the webhook processor takes the call and a worker runs the execution.
 */
import { EXAMPLE_CREDENTIAL_ID, example, savedVersion1Trigger } from '../e2e/examples';

const credentials = { pdfNoodleApi: { id: EXAMPLE_CREDENTIAL_ID, name: 'PDF Noodle account' } };

interface WorkflowNode {
	name: string;
	[key: string]: unknown;
}

/** A node of a chained workflow: `workflow` places it and links it to the next one. */
function node(name: string, type: string, typeVersion: number, parameters: object, extra: object = {}): WorkflowNode {
	return { id: name, name, type, typeVersion, position: [0, 0], parameters, ...extra };
}

function webhookNode(path: string): WorkflowNode {
	return node('On request', 'n8n-nodes-base.webhook', 2, { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} }, { webhookId: `${path}-webhook-id` });
}

/** Render From Template with the sandbox's certificate; `recipient` is an expression for the name. */
function certificateRender(name: string, recipient: string, pollIntervalSeconds: number): WorkflowNode {
	return node(
		name,
		'n8n-nodes-pdf-noodle.pdfNoodle',
		1,
		{
			resource: 'document',
			operation: 'renderFromTemplate',
			template: { __rl: true, mode: 'id', value: 'certificate' },
			data: `={{ JSON.stringify({ recipient_name: ${recipient}, course: { title: "Queues", hours: 2 } }) }}`,
			pollInterval: pollIntervalSeconds,
		},
		{ credentials },
	);
}

/** A workflow whose nodes run one after the other, laid out left to right. */
function workflow(id: string, name: string, nodes: WorkflowNode[], settings: object = {}) {
	const placed = nodes.map((each, index) => ({ ...each, position: [index * 220, 0] }));
	const connections = Object.fromEntries(nodes.slice(0, -1).map((each, index) => [each.name, { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] }]));
	return { id, name, active: false, nodes: placed, connections, settings: { executionOrder: 'v1', ...settings }, pinData: {} };
}

/**
 * POST `{"count": N}` to `/webhook/queue-render`: N certificates, one "Render From Template"
 * item each, named Person 1 to Person N.
 */
export const RENDER_ON_REQUEST = {
	id: 'queueRenderOnRequest',
	name: 'Queue: render N certificates on request',
	path: 'queue-render',
	nodeName: 'Certificate per person',
};

export function renderOnRequestWorkflow() {
	return workflow(RENDER_ON_REQUEST.id, RENDER_ON_REQUEST.name, [
		webhookNode(RENDER_ON_REQUEST.path),
		node('People', 'n8n-nodes-base.set', 3.4, {
			mode: 'raw',
			jsonOutput: '={{ { people: Array.from({ length: $json.body.count }, (_, index) => ({ name: "Person " + (index + 1) })) } }}',
			options: {},
		}),
		node('One item per person', 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'people', options: {} }),
		certificateRender(RENDER_ON_REQUEST.nodeName, '$json.name', 1),
	]);
}

/**
 * POST to `/webhook/queue-slow-render`: one render, waited on by polling every second, in a
 * workflow that may run for `timeoutSeconds` (n8n's workflow setting "Timeout Workflow").
 */
export const SLOW_RENDER = { id: 'queueSlowRender', path: 'queue-slow-render', pollIntervalSeconds: 1, timeoutSeconds: 6 };

export function slowRenderWorkflow() {
	return workflow(
		SLOW_RENDER.id,
		'Queue: one slow render',
		[webhookNode(SLOW_RENDER.path), certificateRender('Slow render', '"Slow"', SLOW_RENDER.pollIntervalSeconds)],
		{ executionTimeout: SLOW_RENDER.timeoutSeconds },
	);
}

/**
 * The PDF Noodle Trigger as a version-1 workflow has it (API and secret credentials, file downloaded), followed
 * by a node that uses the file: *Compress PDF* from the trigger's binary, which the worker
 * reads from n8n's binary store and uploads.
 */
export const TRIGGER_THEN_COMPRESS = {
	// At most 21 characters: n8n saves the static data (the trigger's memory of deliveries) only for such IDs.
	id: 'queueTriggerCompress',
	path: '/webhook/queue-trigger/pdf-noodle',
	compressNode: 'Compress the received PDF',
};

export function triggerThenCompressWorkflow() {
	// Version 1 as the package saved it (both credentials): such workflows keep running in queue mode too.
	const receiver = savedVersion1Trigger();
	// The trigger's production URL is /webhook/<webhookId>/pdf-noodle.
	const trigger = { ...receiver.nodes[0], webhookId: 'queue-trigger' };
	const compress = node(
		TRIGGER_THEN_COMPRESS.compressNode,
		'n8n-nodes-pdf-noodle.pdfNoodle',
		1,
		{ resource: 'pdfTool', operation: 'compressPdf', inputType: 'binary', binaryPropertyNameIn: 'data', compressLevel: 'low' },
		{ credentials },
	);
	return workflow(TRIGGER_THEN_COMPRESS.id, 'Queue: trigger, then a node that uses its file', [trigger, compress]);
}

/** The example trigger alone, for a burst of deliveries through the webhook processor (test/support/burst.ts). */
export const BURST_TRIGGER = {
	// At most 21 characters: n8n saves the static data (the trigger's memory of deliveries) only for such IDs.
	id: 'queueTriggerBurst',
	path: '/webhook/queue-burst/pdf-noodle',
};

export function burstTriggerWorkflow() {
	const receiver = example('trigger-receive-renders');
	return workflow(BURST_TRIGGER.id, 'Queue: a burst of deliveries at one trigger', [{ ...receiver.nodes[0], webhookId: 'queue-burst' }]);
}

/**
 * POST `{"name": "..."}` to `/webhook/queue-named-render`: one certificate for that name,
 * waited on by polling every second, with no workflow timeout: the name tells the renders
 * apart in the sandbox's request log.
 */
export const NAMED_RENDER = { id: 'queueNamedRender', path: 'queue-named-render', nodeName: 'Certificate for the name' };

export function namedRenderWorkflow() {
	return workflow(NAMED_RENDER.id, 'Queue: one certificate for the name in the request', [
		webhookNode(NAMED_RENDER.path),
		certificateRender(NAMED_RENDER.nodeName, '$json.body.name', 1),
	]);
}

/**
 * POST `{"name": "..."}` to `/webhook/queue-paused-render`: one certificate for that name, in
 * the mode "Pause Until Called Back": the execution waits for pdf noodle's call, not on a worker.
 */
export const PAUSED_RENDER = { id: 'queuePausedRender', path: 'queue-paused-render', nodeName: 'Paused certificate' };

export function pausedRenderWorkflow() {
	const render = certificateRender(PAUSED_RENDER.nodeName, '$json.body.name', 1);
	Object.assign(render.parameters as object, { mode: 'pause' });
	return workflow(PAUSED_RENDER.id, 'Queue: one certificate, the execution paused until pdf noodle calls back', [webhookNode(PAUSED_RENDER.path), render]);
}
