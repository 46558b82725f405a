/**
 * The workflows the queue-mode suite runs: each starts from a production webhook, so that
 * the webhook processor takes the call and a worker runs the execution.
 */
import { EXAMPLE_CREDENTIAL_ID, example } from '../e2e/examples';

const credentials = { pdfNoodleApi: { id: EXAMPLE_CREDENTIAL_ID, name: 'PDF Noodle account' } };

function webhookNode(path: string) {
	return {
		id: `${path}-webhook`,
		name: 'On request',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: `${path}-webhook-id`,
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
	};
}

function chained(names: string[]) {
	return Object.fromEntries(names.slice(0, -1).map((name, index) => [name, { main: [[{ node: names[index + 1], type: 'main', index: 0 }]] }]));
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

/**
 * POST to `/webhook/queue-slow-render`: one render, waited on by polling every second, in a
 * workflow that may run for `timeoutSeconds` (n8n's workflow setting "Timeout Workflow").
 */
export const SLOW_RENDER = { id: 'queueSlowRender', path: 'queue-slow-render', pollIntervalSeconds: 1, timeoutSeconds: 6 };

export function slowRenderWorkflow() {
	const nodes = [
		webhookNode(SLOW_RENDER.path),
		{
			id: 'render',
			name: 'Slow render',
			type: 'n8n-nodes-pdf-noodle.pdfNoodle',
			typeVersion: 1,
			position: [220, 0],
			parameters: {
				resource: 'document',
				operation: 'renderFromTemplate',
				template: { __rl: true, mode: 'id', value: 'certificate' },
				data: '={{ JSON.stringify({ recipient_name: "Slow", course: { title: "Patience", hours: 1 } }) }}',
				pollInterval: SLOW_RENDER.pollIntervalSeconds,
			},
			credentials,
		},
	];
	return { ...workflow(SLOW_RENDER.id, 'Queue: one slow render', nodes), settings: { executionOrder: 'v1', executionTimeout: SLOW_RENDER.timeoutSeconds } };
}

function workflow(id: string, name: string, nodes: Array<{ name: string }>) {
	return { id, name, active: false, nodes, connections: chained(nodes.map((node) => node.name)), settings: { executionOrder: 'v1' }, pinData: {} };
}

export function renderOnRequestWorkflow() {
	const nodes = [
		webhookNode(RENDER_ON_REQUEST.path),
		{
			id: 'people',
			name: 'People',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [220, 0],
			parameters: {
				mode: 'raw',
				jsonOutput: '={{ { people: Array.from({ length: $json.body.count }, (_, index) => ({ name: "Person " + (index + 1) })) } }}',
				options: {},
			},
		},
		{
			id: 'split',
			name: 'One item per person',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [440, 0],
			parameters: { fieldToSplitOut: 'people', options: {} },
		},
		{
			id: 'render',
			name: RENDER_ON_REQUEST.nodeName,
			type: 'n8n-nodes-pdf-noodle.pdfNoodle',
			typeVersion: 1,
			position: [660, 0],
			parameters: {
				resource: 'document',
				operation: 'renderFromTemplate',
				template: { __rl: true, mode: 'id', value: 'certificate' },
				data: '={{ JSON.stringify({ recipient_name: $json.name, course: { title: "Queues", hours: 2 } }) }}',
				pollInterval: 1,
			},
			credentials,
		},
	];
	return workflow(RENDER_ON_REQUEST.id, RENDER_ON_REQUEST.name, nodes);
}

/**
 * The PDF Noodle Trigger as the example has it (secret credential, file downloaded), followed
 * by a node that uses the file: *Compress PDF* from the trigger's binary, which the worker
 * reads from n8n's binary store and uploads.
 */
export const TRIGGER_THEN_COMPRESS = {
	id: 'queueTriggerThenCompress',
	path: '/webhook/queue-trigger/pdf-noodle',
	compressNode: 'Compress the received PDF',
};

export function triggerThenCompressWorkflow() {
	const receiver = example('trigger-receive-renders');
	// The trigger's production URL is /webhook/<webhookId>/pdf-noodle.
	const trigger = { ...receiver.nodes[0], webhookId: 'queue-trigger' };
	const nodes = [
		trigger,
		{
			id: 'compress',
			name: TRIGGER_THEN_COMPRESS.compressNode,
			type: 'n8n-nodes-pdf-noodle.pdfNoodle',
			typeVersion: 1,
			position: [220, 0],
			parameters: { resource: 'pdfTool', operation: 'compressPdf', inputType: 'binary', binaryPropertyNameIn: 'data', compressLevel: 'low' },
			credentials,
		},
	];
	return workflow(TRIGGER_THEN_COMPRESS.id, 'Queue: trigger, then a node that uses its file', nodes);
}
