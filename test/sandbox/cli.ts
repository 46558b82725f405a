/**
 * `npm run sandbox`: a local pdf noodle API for building and testing workflows offline.
 *
 *   npm run sandbox -- --port 4010 --api-key my-key --sync-wait-ms 30000 --test-controls
 *
 * Environment variables SANDBOX_PORT, SANDBOX_API_KEY, SANDBOX_SYNC_WAIT_MS and
 * SANDBOX_RENDER_DELAY_MS do the same.
 */
import { parseArgs } from 'node:util';

import { DEFAULT_API_KEY, startSandbox } from './server';

const DEFAULT_PORT = 4010;

function numberOption(name: string, value: string | undefined, fallback: number): number {
	if (value === undefined || value === '') return fallback;
	const parsed = Number(value);
	if (!Number.isFinite(parsed) || parsed < 0) {
		console.error(`sandbox: --${name} must be a number of 0 or more, not "${value}"`);
		process.exit(2);
	}
	return parsed;
}

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			port: { type: 'string' },
			host: { type: 'string' },
			'api-key': { type: 'string' },
			'sync-wait-ms': { type: 'string' },
			'render-delay-ms': { type: 'string' },
			'test-controls': { type: 'boolean', default: false },
			'former-port': { type: 'string' },
		},
	});
	const env = process.env;
	const sandbox = await startSandbox({
		port: numberOption('port', values.port ?? env.SANDBOX_PORT, DEFAULT_PORT),
		host: values.host ?? env.SANDBOX_HOST ?? '127.0.0.1',
		apiKey: values['api-key'] ?? env.SANDBOX_API_KEY ?? DEFAULT_API_KEY,
		testControls: values['test-controls'],
		formerPort: values['former-port'] === undefined ? undefined : numberOption('former-port', values['former-port'], 0),
		settings: {
			syncWaitMs: numberOption('sync-wait-ms', values['sync-wait-ms'] ?? env.SANDBOX_SYNC_WAIT_MS, 30_000),
			renderDelayMs: numberOption('render-delay-ms', values['render-delay-ms'] ?? env.SANDBOX_RENDER_DELAY_MS, 0),
		},
	});
	console.log('pdf noodle sandbox is running');
	console.log(`  Base URL: ${sandbox.baseUrl}`);
	console.log(`  API key:  ${sandbox.apiKey}`);
	if (values['test-controls']) console.log(`  Test controls: ${sandbox.baseUrl}/__sandbox/`);
	if (sandbox.formerBaseUrl) console.log(`  Former address (answers 301 to the base URL): ${sandbox.formerBaseUrl}`);
	console.log('Put both into a "PDF Noodle API" credential. Stop with Ctrl+C.');

	const stop = async () => {
		await sandbox.close();
		process.exit(0);
	};
	process.on('SIGINT', () => void stop());
	process.on('SIGTERM', () => void stop());
}

main().catch((error: Error) => {
	console.error(`sandbox: ${error.message}`);
	process.exit(1);
});
