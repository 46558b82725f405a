/**
 * Runs a credential type's `test` request the way n8n does when a user presses "Test"
 * in the credential dialog: a temporary node whose only property routes the test
 * request, run by n8n-core's routing engine with the decrypted credential, so the
 * request goes through the credential's own `authenticate`.
 */
import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { createRunExecutionData, NodeHelpers, Workflow } from 'n8n-workflow';

import { CREDENTIAL_TYPES, additionalDataOutsideExecution } from './engine';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

export async function testCredential(
	type: keyof typeof CREDENTIAL_TYPES,
	data: ICredentialDataDecryptedObject,
): Promise<CredentialTestResult> {
	const credentialType = CREDENTIAL_TYPES[type];
	if (!credentialType.test) throw new Error(`Credential type "${type}" has no test request`);

	const nodeType: INodeType = {
		description: {
			displayName: 'Credential test',
			name: 'credentialTest',
			group: [],
			version: 1,
			description: '',
			defaults: {},
			inputs: [],
			outputs: [],
			credentials: [{ name: type, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					default: '',
					routing: { request: credentialType.test.request },
				},
			],
		},
	};
	const nodeTypes: INodeTypes = {
		getByName: (): INodeType | IVersionedNodeType => nodeType,
		getByNameAndVersion: (_name: string, version?: number) => NodeHelpers.getVersionedNodeType(nodeType, version),
		getKnownTypes: (): IDataObject => ({}),
	};
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: 'credentialTest',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [type]: { id: 'test', name: 'Test' } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const context = new ExecuteContext(
		workflow,
		node,
		additionalDataOutsideExecution(),
		'internal',
		createRunExecutionData({}),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const routingNode = new RoutingNode(context, nodeType, { id: 'test', name: 'Test', type, data });
	try {
		await routingNode.runNode();
	} catch (error) {
		const cause = (error as { cause?: { response?: { status?: number; statusText?: string }; code?: string } }).cause;
		if (cause?.response?.status) {
			// As n8n's credential tester does (n8n 2.40, credentials-tester.service): a rule for
			// the status gives the message, else the status text.
			const rule = credentialType.test.rules?.find(
				(candidate) => candidate.type === 'responseCode' && candidate.properties.value === cause.response?.status,
			);
			if (rule?.type === 'responseCode') return { status: 'Error', message: rule.properties.message };
			return {
				status: 'Error',
				message: cause.response.statusText || `Received HTTP status code: ${cause.response.status}`,
			};
		}
		return { status: 'Error', message: cause?.code ?? (error as Error).message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}
