/**
 * Runs workflows in n8n's own execution engine: n8n-core's `WorkflowExecute` on a real
 * `Workflow`, declarative nodes through n8n-core's routing engine, our credential's
 * `authenticate` applied to every request, binary data kept by n8n's binary data service
 * (on disk, as a default n8n install keeps it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A user folder of this process's own, removed when it exits (the harness used outside Jest, e.g. by bench/). */
function ownFolder(): string {
	const folder = mkdtempSync(join(tmpdir(), 'pdf-noodle-engine-'));
	process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
	return folder;
}

// n8n's services read their folders from the environment when they are first created. Under
// Jest the run's one folder (test/harness/engineFolderSetup.js) serves every test file.
const userFolder = process.env.PDF_NOODLE_ENGINE_FOLDER ?? ownFolder();
process.env.N8N_USER_FOLDER ??= userFolder;
process.env.N8N_BINARY_DATA_STORAGE_PATH ??= join(userFolder, 'binaryData');
process.env.N8N_ENCRYPTION_KEY ??= 'engine-test-encryption-key';
// Node errors are the tests' to read; n8n's logger would print each one again.
process.env.N8N_LOG_LEVEL ??= 'silent';

import { Container } from '@n8n/di';
import { BinaryDataService, ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import type {
	IBinaryData,
	ICredentialDataDecryptedObject,
	IConnections,
	INode,
	INodeExecutionData,
	INodeType,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';

import { PdfNoodleApi } from '../../dist/credentials/PdfNoodleApi.credentials.js';
import { TestCredentialsHelper } from './credentials';
import { INPUT_NODE_TYPE, PACKAGE_NAME, TestNodeTypes } from './nodeTypes';

export const CREDENTIAL_TYPES = { pdfNoodleApi: new PdfNoodleApi() };
export const PDF_NOODLE_NODE_TYPE = `${PACKAGE_NAME}.pdfNoodle`;

let binaryDataReady: Promise<void> | undefined;

/** n8n's binary data service, set up once per test process. */
export async function binaryDataService(): Promise<BinaryDataService> {
	const service = Container.get(BinaryDataService);
	binaryDataReady ??= service.init();
	await binaryDataReady;
	return service;
}

export interface WorkflowRun {
	run: IRun;
	/** The items a node put out on its first output in its last run. */
	output(nodeName: string): INodeExecutionData[];
	/** The error that stopped the workflow, if one did. */
	error: IRun['data']['resultData']['error'];
}

export interface RunOptions {
	/** Decrypted credential data by credential type. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** The items the workflow's "Input" node passes on. */
	input?: INodeExecutionData[];
	/** Called with the running execution, e.g. to cancel it. */
	onStart?: (execution: { cancel(): void }) => void;
	/** Node types beside ours, by type name. */
	extraNodeTypes?: Record<string, INodeType>;
}

/** Builds the additional data n8n hands to every node of an execution. */
function additionalDataFor(
	hooks: ExecutionLifecycleHooks,
	credentials: Record<string, ICredentialDataDecryptedObject>,
): IWorkflowExecuteAdditionalData {
	return {
		hooks,
		credentialsHelper: new TestCredentialsHelper(CREDENTIAL_TYPES, credentials),
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not used by these tests');
		},
		getRunExecutionData: async () => undefined,
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		userId: 'engine-test-user',
		variables: {},
		logAiEvent: () => undefined,
		startRunnerTask: async () => {
			throw new Error('Task runners are not used by these tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

/**
 * Additional data for work outside a workflow execution: a credential test (the routing
 * engine is handed the decrypted credential directly) or a webhook call before it starts one.
 */
export function additionalDataOutsideExecution(): IWorkflowExecuteAdditionalData {
	const hooks = new ExecutionLifecycleHooks('internal', 'credential-test', {} as IWorkflowBase);
	return additionalDataFor(hooks, {});
}

/**
 * Runs a workflow whose first node is an "Input" node (type `test.input`) fed with
 * `options.input`, to its end.
 */
export async function runWorkflow(
	workflowData: { nodes: INode[]; connections: IConnections },
	options: RunOptions = {},
): Promise<WorkflowRun> {
	await binaryDataService();
	const workflow = new Workflow({
		id: 'engine-test',
		name: 'Engine test',
		nodes: workflowData.nodes,
		connections: workflowData.connections,
		active: false,
		nodeTypes: new TestNodeTypes(options.extraNodeTypes),
		settings: { executionOrder: 'v1' },
	});
	const startNode = workflowData.nodes.find((node) => node.type === INPUT_NODE_TYPE);
	if (!startNode) throw new Error('A test workflow starts with an Input node');

	const hooks = new ExecutionLifecycleHooks('manual', 'engine-test-execution', {
		id: 'engine-test',
		name: 'Engine test',
		nodes: workflowData.nodes,
		connections: workflowData.connections,
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
	} as unknown as IWorkflowBase);
	const additionalData = additionalDataFor(hooks, options.credentials ?? {});
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{
					node: startNode,
					data: { main: [options.input ?? [{ json: {} }]] },
					source: null,
				},
			],
		},
	});

	const execution = new WorkflowExecute(additionalData, 'manual', runExecutionData).processRunExecutionData(workflow);
	options.onStart?.({ cancel: () => execution.cancel() });
	const run = await execution;
	return {
		run,
		error: run.data.resultData.error,
		output(nodeName) {
			const runs = run.data.resultData.runData[nodeName];
			if (!runs?.length) throw new Error(`Node "${nodeName}" did not run`);
			return runs[runs.length - 1].data?.main?.[0] ?? [];
		},
	};
}

export interface NodeRunOptions extends RunOptions {
	/** Node settings such as `onError: 'continueRegularOutput'` ("Continue On Fail"). */
	settings?: Partial<INode>;
}

export const NODE_NAME = 'PDF Noodle';

export type NodeRun = WorkflowRun & {
	items: INodeExecutionData[];
	errorItems: INodeExecutionData[];
	/** The workflow that ran (the Input node, then the node), e.g. to resume it (resume.ts). */
	workflowData: { nodes: INode[]; connections: IConnections };
};

/** Runs one PDF Noodle node with these parameters behind the Input node. */
export async function runPdfNoodle(parameters: INode['parameters'], options: NodeRunOptions = {}): Promise<NodeRun> {
	return await runSingleNode(PDF_NOODLE_NODE_TYPE, parameters, options);
}

/**
 * Runs one node of `type` (named NODE_NAME, with our credential) behind the Input node. A
 * type that is not the package's comes in `options.extraNodeTypes`.
 */
export async function runSingleNode(type: string, parameters: INode['parameters'], options: NodeRunOptions = {}): Promise<NodeRun> {
	const nodes: INode[] = [
		{ id: 'input', name: 'Input', type: INPUT_NODE_TYPE, typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'pdf-noodle',
			name: NODE_NAME,
			type,
			typeVersion: 1,
			position: [200, 0],
			parameters,
			credentials: { pdfNoodleApi: { id: '1', name: 'PDF Noodle account' } },
			...options.settings,
		},
	];
	const connections: IConnections = {
		Input: { main: [[{ node: NODE_NAME, type: 'main', index: 0 }]] },
	};
	const result = await runWorkflow({ nodes, connections }, options);
	const runs = result.run.data.resultData.runData[NODE_NAME];
	const main = runs?.length ? (runs[runs.length - 1].data?.main ?? []) : [];
	// The second output exists under "Continue (using error output)": the failed items.
	return { ...result, items: main[0] ?? [], errorItems: main[1] ?? [], workflowData: { nodes, connections } };
}

/** The bytes of a binary that a node put out. */
export async function binaryBytes(binary: IBinaryData | undefined): Promise<Buffer> {
	if (!binary) throw new Error('The item has no such binary');
	return await (await binaryDataService()).getAsBuffer(binary);
}

/**
 * Calls one of the node's methods the editor calls (list search, resource mapper) the way
 * n8n does: in a LoadOptionsContext for the node with the parameters the user has set.
 */
export async function callNodeMethod<T>(
	kind: 'listSearch' | 'resourceMapping',
	method: string,
	parameters: INode['parameters'],
	credentials: Record<string, ICredentialDataDecryptedObject>,
	...args: unknown[]
): Promise<T> {
	const node: INode = {
		id: 'pdf-noodle',
		name: NODE_NAME,
		type: PDF_NOODLE_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { pdfNoodleApi: { id: '1', name: 'PDF Noodle account' } },
	};
	const nodeTypes = new TestNodeTypes();
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const hooks = new ExecutionLifecycleHooks('internal', 'load-options', {} as IWorkflowBase);
	const additionalData = { ...additionalDataFor(hooks, credentials), currentNodeParameters: parameters };
	const context = new LoadOptionsContext(workflow, node, additionalData, `parameters.${method}`);
	const nodeType = nodeTypes.getByNameAndVersion(PDF_NOODLE_NODE_TYPE, 1);
	const fn = (nodeType.methods?.[kind] as Record<string, (...a: unknown[]) => Promise<T>> | undefined)?.[method];
	if (!fn) throw new Error(`The node has no ${kind} method "${method}"`);
	return await fn.call(context, ...args);
}
