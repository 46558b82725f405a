/**
 * Serves the PDF Noodle Trigger's webhook over real HTTP the way n8n's webhook server
 * does for a workflow whose trigger has `responseMode: 'onReceived'`: express parses
 * the request, n8n-core's WebhookContext hands it to the node's `webhook()`, and either
 * the node has answered itself (a refused or ignored call; or a started one, with its
 * items) or the server answers 200 and an execution starts with the node's items.
 *
 * The workflow's static data goes through the cycle n8n 2.x gives it on every call (read in
 * n8n 2.40.7's live-webhooks.js and webhook-helpers.js): it is read from the database, the
 * call's workflow is built on it, and after the node's `webhook()` n8n saves it only if it
 * is marked changed. Where the node answered itself, n8n saves at once and then starts the
 * run; otherwise it starts the run first, whose workflow is built on the same static-data
 * object and so clears the mark, and then answers and saves, finding nothing changed.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import express from 'express';
import { ExecutionLifecycleHooks, HookContext, WebhookContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	IWebhookData,
	IWorkflowBase,
	IRunExecutionData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { PdfNoodleTriggerApi } from '../../dist/credentials/PdfNoodleTriggerApi.credentials.js';
import { TestCredentialsHelper } from './credentials';
import { additionalDataOutsideExecution, binaryDataService, CREDENTIAL_TYPES } from './engine';
import { PACKAGE_NAME, TestNodeTypes } from './nodeTypes';

export const TRIGGER_PATH = '/webhook/pdf-noodle';
/** Where n8n takes calls to the trigger's Test URL while the editor listens for a test event. */
export const TEST_TRIGGER_PATH = '/webhook-test/pdf-noodle';

export interface TriggerServer {
	/** The trigger's production URL. */
	url: string;
	/**
	 * Runs a method of the trigger's webhook lifecycle the way n8n does when it activates the
	 * workflow (checkExists, then create if that says false) or deactivates it (delete).
	 */
	lifecycle(method: 'checkExists' | 'create' | 'delete'): Promise<boolean>;
	/**
	 * The trigger's Test URL, as n8n serves it while the editor listens: the node runs in mode
	 * 'manual', and n8n saves none of the static data of such a call (2.40.7's test-webhooks.js
	 * answers through a callback that saves nothing, and a manual execution's hooks skip the save).
	 */
	testUrl: string;
	/** The items of each execution the trigger started, in order. */
	executions: INodeExecutionData[][];
	/** The items of each manual execution a call to the Test URL started. */
	testExecutions: INodeExecutionData[][];
	/** The workflow as n8n stores and exports it: the credential by reference, never its data. */
	workflowJson: { nodes: INode[]; connections: object };
	/** How often the node read each credential type so far. */
	credentialReads: Record<string, number>;
	/** The workflow's static data as n8n's database holds it after the calls so far (null before any was saved). */
	savedStaticData(): Record<string, unknown> | null;
	close(): Promise<void>;
}

export interface TriggerOptions {
	/** Decrypted credential data by credential type; each type given is selected on the node. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** The trigger's type version: 1 (the default here) as workflows saved before version 2 have it. */
	typeVersion?: 1 | 2;
	/**
	 * Saves that reach the database out of order: the saves of the first this many calls are
	 * held until each of them has made its own, then written newest call first (n8n awaits a
	 * database write per call, and nothing orders the writes of overlapping calls).
	 */
	savesOutOfOrder?: number;
}

/**
 * The ID n8n would give the credential: the same for the same data (one credential selected
 * on several triggers), another for other data. What the package keeps per credential (the
 * line of its lookups, lookupLine.ts) is kept by it.
 */
const credentialIds = new Map<string, string>();
/** Each trigger server is a workflow of its own, with an ID of its own (as in n8n). */
let workflowsStarted = 0;
function credentialIdOf(type: string, data: ICredentialDataDecryptedObject): string {
	const key = `${type}:${JSON.stringify(data)}`;
	if (!credentialIds.has(key)) credentialIds.set(key, `${type}-${credentialIds.size + 1}`);
	return credentialIds.get(key)!;
}

export async function startTriggerServer(parameters: INode['parameters'], options: TriggerOptions = {}): Promise<TriggerServer> {
	await binaryDataService();
	const nodeTypes = new TestNodeTypes();
	const credentials = options.credentials ?? {};
	const node: INode = {
		id: 'trigger',
		name: 'PDF Noodle Trigger',
		type: `${PACKAGE_NAME}.pdfNoodleTrigger`,
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0],
		parameters,
		webhookId: 'pdf-noodle',
		...(Object.keys(credentials).length > 0 && {
			credentials: Object.fromEntries(Object.entries(credentials).map(([type, data]) => [type, { id: credentialIdOf(type, data), name: `${type} account` }])),
		}),
	};
	const workflowId = `trigger-test-${++workflowsStarted}`;
	/** The static data column of the workflow's row in n8n's database. */
	let storedStaticData: string | null = null;
	const workflowOn = (staticData: IDataObject | undefined) =>
		new Workflow({ id: workflowId, nodes: [node], connections: {}, active: true, nodeTypes, staticData });
	const workflow = workflowOn(undefined);
	const nodeType = nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const executions: INodeExecutionData[][] = [];
	const testExecutions: INodeExecutionData[][] = [];
	const credentialsHelper = new TestCredentialsHelper({ ...CREDENTIAL_TYPES, pdfNoodleTriggerApi: new PdfNoodleTriggerApi() }, credentials);

	let calls = 0;
	const heldSaves: Array<() => void> = [];
	const app = express();
	// n8n parses JSON bodies up to its payload limit (16 MB by default) and leaves others unparsed.
	app.use(express.json({ limit: '16mb' }));
	app.post(TRIGGER_PATH, async (request, response) => {
		// As n8n: the workflow and its static data read from the database for this call.
		const staticData = storedStaticData === null ? undefined : (JSON.parse(storedStaticData) as IDataObject);
		const callWorkflow = workflowOn(staticData);
		const call = ++calls;
		const save = () => {
			if (callWorkflow.staticData.__dataChanged === true) storedStaticData = JSON.stringify(callWorkflow.staticData);
		};
		const saveIfChanged = async () => {
			if (call > (options.savesOutOfOrder ?? 0)) return save();
			await new Promise<void>((saved) => {
				heldSaves.push(() => {
					save();
					saved();
				});
				if (heldSaves.length === options.savesOutOfOrder) for (const held of heldSaves.reverse()) held();
			});
		};
		await serveWebhookCall(
			callWorkflow,
			node,
			{ request, response, credentialsHelper, path: 'pdf-noodle', executionId: 'trigger-execution' },
			(items) => {
				// The run's workflow, built on the same static-data object: its mark of a change is cleared.
				workflowOn(staticData);
				executions.push(items);
			},
			saveIfChanged,
		);
	});
	app.post(TEST_TRIGGER_PATH, async (request, response) => {
		// The workflow the editor listens with, on the static data of the moment; nothing of it is saved.
		const staticData = storedStaticData === null ? undefined : (JSON.parse(storedStaticData) as IDataObject);
		const call = { request, response, credentialsHelper, path: 'pdf-noodle', executionId: 'trigger-test-execution', mode: 'manual' as const };
		await serveWebhookCall(workflowOn(staticData), node, call, (items) => testExecutions.push(items));
	});
	// What n8n answers for a body its JSON parser refuses.
	app.use((error: Error & { status?: number }, _request: express.Request, response: express.Response, _next: express.NextFunction) => {
		response.status(error.status ?? 400).json({ message: error.message });
	});

	const server: Server = await new Promise((resolve) => {
		const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
	});
	const { port } = server.address() as AddressInfo;
	const lifecycle = async (method: 'checkExists' | 'create' | 'delete'): Promise<boolean> => {
		const additionalData = { ...additionalDataOutsideExecution(), credentialsHelper } as unknown as IWorkflowExecuteAdditionalData;
		const webhookData = { httpMethod: 'POST', node: node.name, path: 'pdf-noodle', webhookDescription: nodeType.description.webhooks![0], workflowId: workflow.id, workflowExecuteAdditionalData: additionalData } as IWebhookData;
		const context = new HookContext(workflow, node, additionalData, 'trigger', 'activate', webhookData);
		const run = nodeType.webhookMethods?.default?.[method];
		if (!run) throw new Error(`The trigger has no webhook lifecycle method ${method}`);
		return await run.call(context);
	};
	return {
		url: `http://127.0.0.1:${port}${TRIGGER_PATH}`,
		testUrl: `http://127.0.0.1:${port}${TEST_TRIGGER_PATH}`,
		lifecycle,
		executions,
		testExecutions,
		workflowJson: JSON.parse(JSON.stringify({ nodes: [node], connections: {} })),
		credentialReads: credentialsHelper.reads,
		savedStaticData: () => (storedStaticData === null ? null : (JSON.parse(storedStaticData) as Record<string, unknown>)),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** One call to a node's webhook: the request and its response, the credentials, and for a waiting execution its data. */
export interface WebhookCall {
	request: express.Request;
	response: express.Response;
	credentialsHelper: TestCredentialsHelper;
	path: string;
	executionId: string;
	runExecutionData?: IRunExecutionData;
	/** n8n's mode for the call: 'webhook' (the default) for the Production URL, 'manual' for the Test URL. */
	mode?: 'webhook' | 'manual';
}

/**
 * Hands one call to the node's `webhook` in n8n-core's WebhookContext and answers it as n8n
 * 2.x answers an onReceived webhook: where the node has answered itself, n8n's answer step
 * (`answered`, where n8n saves the static data) comes first and then the run of its items, if
 * any; otherwise the run comes first, and then 200 with its `webhookResponse` and the answer
 * step. `started` gets the items the execution goes on with.
 */
export async function serveWebhookCall(
	workflow: Workflow,
	node: INode,
	call: WebhookCall,
	started: (items: INodeExecutionData[]) => void,
	answered: () => void | Promise<void> = () => {},
): Promise<void> {
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const additionalData = {
		...additionalDataOutsideExecution(),
		credentialsHelper: call.credentialsHelper,
		hooks: new ExecutionLifecycleHooks('webhook', call.executionId, {} as IWorkflowBase),
		httpRequest: call.request,
		httpResponse: call.response,
	} as unknown as IWorkflowExecuteAdditionalData;
	const webhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: call.path,
		webhookDescription: nodeType.description.webhooks![0],
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
	} as IWebhookData;
	const context = new WebhookContext(workflow, node, additionalData, call.mode ?? 'webhook', webhookData, [], call.runExecutionData ?? null);
	try {
		const result = await nodeType.webhook!.call(context);
		if (result.noWebhookResponse) {
			await answered();
			if (result.workflowData) started(result.workflowData[0] ?? []);
			return;
		}
		started(result.workflowData?.[0] ?? []);
		// As n8n answers an onReceived webhook whose description sets no response data.
		call.response.status(200).json(result.webhookResponse ?? { message: 'Workflow was started' });
		await answered();
	} catch (error) {
		call.response.status(500).json({ message: (error as Error).message });
	}
}
