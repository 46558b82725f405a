/**
 * `npm run dev`: the sandbox and a real n8n with the package loaded, the example
 * workflows and a sandbox credential imported, for trying the nodes by hand. The n8n
 * user folder is kept in .dev-n8n/ between runs; the package is rebuilt each time.
 */
import { rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { startSandbox } from '../sandbox/server';
import { allExamples, sandboxCredential, triggerSecretCredential } from './examples';
import { N8n, N8N_VERSION, packPackage } from './n8n';

const DEV_FOLDER = resolve(__dirname, '..', '..', '.dev-n8n');
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 4010);
const N8N_PORT = Number(process.env.N8N_PORT ?? 5678);

async function main(): Promise<void> {
	const sandbox = await startSandbox({ port: SANDBOX_PORT, testControls: true });
	const n8n = new N8n(DEV_FOLDER, N8N_PORT);
	const packFolder = mkdtempSync(join(tmpdir(), 'pdf-noodle-pack-'));
	rmSync(join(n8n.nodesFolder, 'node_modules', 'n8n-nodes-pdf-noodle'), { recursive: true, force: true });
	await n8n.installPackage(await packPackage(packFolder));
	rmSync(packFolder, { recursive: true, force: true });
	await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl), triggerSecretCredential()]);
	for (const workflow of allExamples()) await n8n.importWorkflow(workflow);
	const editor = await n8n.start({ showLog: true });

	console.log('');
	console.log(`n8n ${N8N_VERSION} with n8n-nodes-pdf-noodle: ${editor}`);
	console.log(`  (first visit: create the owner account; the examples are under Workflows)`);
	console.log(`pdf noodle sandbox: ${sandbox.baseUrl}  API key: ${sandbox.apiKey}`);
	console.log(`  credential "PDF Noodle account" points at it. Stop with Ctrl+C.`);

	const stop = async () => {
		await n8n.stop();
		await sandbox.close();
		process.exit(0);
	};
	process.on('SIGINT', () => void stop());
	process.on('SIGTERM', () => void stop());
}

main().catch((error: Error) => {
	console.error(`dev: ${error.message}`);
	process.exit(1);
});
