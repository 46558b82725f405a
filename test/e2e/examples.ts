/** The example workflows of examples/, and the sandbox credential they use. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const EXAMPLES_FOLDER = resolve(__dirname, '..', '..', 'examples');
/** The credential id the examples refer to. */
export const EXAMPLE_CREDENTIAL_ID = 'pdfNoodleSandbox';
/** The trigger secret the tests' token-guarded triggers (`secretTokenTrigger`) use, and the token their senders put in the URL. */
export const EXAMPLE_TRIGGER_SECRET_ID = 'pdfNoodleTriggerSecret';
export const EXAMPLE_TRIGGER_TOKEN = 'change-this-token';

export function example(name: string): any {
	return JSON.parse(readFileSync(join(EXAMPLES_FOLDER, `${name}.json`), 'utf8'));
}

export function allExamples(): any[] {
	return readdirSync(EXAMPLES_FOLDER)
		.filter((file) => file.endsWith('.json'))
		.map((file) => example(file.replace(/\.json$/, '')));
}

export function sandboxCredential(apiKey: string, baseUrl: string) {
	return { id: EXAMPLE_CREDENTIAL_ID, name: 'PDF Noodle account', type: 'pdfNoodleApi', data: { apiKey, baseUrl } };
}

export function triggerSecretCredential() {
	return { id: EXAMPLE_TRIGGER_SECRET_ID, name: 'PDF Noodle Trigger secret', type: 'pdfNoodleTriggerApi', data: { token: EXAMPLE_TRIGGER_TOKEN } };
}

/**
 * The example trigger (trigger-receive-renders.json, version 2, confirming with pdf noodle) set
 * to the other Authentication, the secret token in the URL: its calls are not confirmed. Under
 * `webhookId` and workflow `id` (at most 21 characters: n8n saves static data only for such),
 * with `parameters` over the example's.
 */
export function secretTokenTrigger(id: string, name: string, webhookId: string, parameters: Record<string, unknown> = {}): any {
	const receiver = example('trigger-receive-renders');
	const [trigger] = receiver.nodes;
	receiver.nodes[0] = {
		...trigger,
		webhookId,
		parameters: { ...trigger.parameters, authentication: 'secretToken', ...parameters },
		credentials: { pdfNoodleTriggerApi: { id: EXAMPLE_TRIGGER_SECRET_ID, name: 'PDF Noodle Trigger secret' } },
	};
	return { ...receiver, id, name };
}

/** The example receiver as the package saved it before version 2 (typeVersion 1, both credentials): test/e2e/trigger-v1-saved.json. */
export function savedVersion1Trigger(): any {
	return JSON.parse(readFileSync(join(__dirname, 'trigger-v1-saved.json'), 'utf8'));
}

/**
 * n8n's HTTP Request node with a PDF Noodle API credential (`credential`: its id and name),
 * one node per request (a GET of its URL), all started by one manual trigger: how a user would
 * reuse the credential outside this package's node. `nodeSettings` go on every request node.
 */
export function httpRequestsWithCredential(
	workflow: { id: string; name: string },
	credential: { id: string; name: string },
	requests: Array<{ name: string; url: string; options?: Record<string, unknown> }>,
	nodeSettings: Record<string, unknown> = {},
): any {
	return {
		...workflow,
		nodes: [
			{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			...requests.map(({ name, url, options }) => ({
				id: name,
				name,
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [220, 0],
				parameters: { method: 'GET', url, authentication: 'predefinedCredentialType', nodeCredentialType: 'pdfNoodleApi', options: options ?? {} },
				credentials: { pdfNoodleApi: credential },
				...nodeSettings,
			})),
		],
		connections: { Start: { main: [requests.map(({ name }) => ({ node: name, type: 'main', index: 0 }))] } },
		settings: {},
	};
}
