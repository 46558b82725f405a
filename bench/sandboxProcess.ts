/**
 * The sandbox in a process of its own, as the real API runs on another machine: the
 * benchmark process then spends its CPU on the client alone (the node, or the plain HTTP
 * client), which is what the throughput figures compare.
 *
 * Run as a script, it starts the sandbox with the settings given as JSON in its first
 * argument and prints its base URL on one line.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

import type { SandboxSettings } from '../test/sandbox/context';
import { startSandbox } from '../test/sandbox/server';

export const BENCH_API_KEY = 'bench-key';

export interface SandboxProcess {
	baseUrl: string;
	apiKey: string;
	close(): Promise<void>;
}

export async function startSandboxProcess(settings: Partial<SandboxSettings>): Promise<SandboxProcess> {
	const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', __filename, JSON.stringify(settings)], {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const ready = once(createInterface({ input: child.stdout! }), 'line') as Promise<[string]>;
	const ended = once(child, 'exit').then(([code]) => {
		throw new Error(`the sandbox process ended (exit code ${String(code)}) before it was ready`);
	});
	// The child's exit only matters while waiting for its first line; later it is expected.
	ended.catch(() => undefined);
	const [line] = await Promise.race([ready, ended]);
	const { baseUrl } = JSON.parse(line) as { baseUrl: string };
	return {
		baseUrl,
		apiKey: BENCH_API_KEY,
		close: async () => {
			if (child.exitCode !== null || child.signalCode !== null) return;
			const exit = once(child, 'exit');
			child.kill();
			await exit;
		},
	};
}

if (require.main === module) {
	const settings = JSON.parse(process.argv[2] ?? '{}') as Partial<SandboxSettings>;
	void startSandbox({ port: 0, apiKey: BENCH_API_KEY, settings }).then((sandbox) => {
		console.log(JSON.stringify({ baseUrl: sandbox.baseUrl }));
	});
}
