/** The example workflows of examples/, and the sandbox credential they use. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const EXAMPLES_FOLDER = resolve(__dirname, '..', '..', 'examples');
/** The credential id the examples refer to. */
export const EXAMPLE_CREDENTIAL_ID = 'pdfNoodleSandbox';
/** The trigger secret of trigger-receive-renders.json, and the token its senders put in the URL. */
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
