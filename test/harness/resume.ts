/**
 * Calls the resume URL of an execution that a PDF Noodle node paused ("Pause Until Called
 * Back"), the way n8n's waiting-webhook server does: express parses the call, n8n-core's
 * WebhookContext is built on the waiting execution's data (its custom data, its input items)
 * and handed to the node's `webhook`. The node either answers itself (the call is refused and
 * the execution keeps waiting) or the server answers with the node's `webhookResponse`.
 * n8n's own check of the URL's signature comes before all this and is not repeated here.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import axios from 'axios';
import express from 'express';
import type { ICredentialDataDecryptedObject, INodeExecutionData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { TestCredentialsHelper } from './credentials';
import { CREDENTIAL_TYPES, NODE_NAME, type NodeRun } from './engine';
import { TestNodeTypes } from './nodeTypes';
import { serveWebhookCall } from './webhook';

export interface ResumeAnswer {
	status: number;
	json: Record<string, unknown>;
	/** The items the resumed node put out; undefined when the call did not resume the execution. */
	items?: INodeExecutionData[];
}

/** Posts `body` to the paused execution of `paused`, with the decrypted `credentials` the node uses. */
export async function callResumeUrl(paused: NodeRun, body: unknown, credentials: Record<string, ICredentialDataDecryptedObject>): Promise<ResumeAnswer> {
	if (!paused.run.waitTill) throw new Error('The execution is not waiting: there is nothing to resume');
	const nodeTypes = new TestNodeTypes();
	const { nodes, connections } = paused.workflowData;
	const workflow = new Workflow({ id: 'engine-test', nodes, connections, active: false, nodeTypes, settings: { executionOrder: 'v1' } });
	const node = workflow.getNode(NODE_NAME)!;
	let items: INodeExecutionData[] | undefined;

	const app = express();
	app.use(express.json({ limit: '16mb' }));
	app.post('/webhook-waiting/engine-test-execution', async (request, response) => {
		const credentialsHelper = new TestCredentialsHelper(CREDENTIAL_TYPES, credentials);
		const call = { request, response, credentialsHelper, path: '', executionId: 'engine-test-execution', runExecutionData: paused.run.data };
		await serveWebhookCall(workflow, node, call, (output) => (items = output));
	});
	const server: Server = await new Promise((resolve) => {
		const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
	});
	try {
		const { port } = server.address() as AddressInfo;
		const response = await axios.post(`http://127.0.0.1:${port}/webhook-waiting/engine-test-execution`, body, { validateStatus: () => true });
		return { status: response.status, json: response.data as Record<string, unknown>, items };
	} finally {
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
}
