/** The example workflows of examples/, and the sandbox credential they use. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const EXAMPLES_FOLDER = resolve(__dirname, '..', '..', 'examples');
/** The credential id the examples refer to. */
export const EXAMPLE_CREDENTIAL_ID = 'pdfNoodleSandbox';

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
