/**
 * The sandbox in a process of its own, as the real API runs on another machine: the
 * benchmark process then spends its CPU on the client alone (the node, or the plain HTTP
 * client), which is what the throughput figures compare.
 *
 * Run as a script, it starts the sandbox with the settings given as JSON in its first
 * argument and prints its base URL on one line. Its test controls give the benchmarks the
 * traffic counters (requests served, most in flight at once) and the latency settings.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

import axios from 'axios';

import type { SandboxSettings } from '../test/sandbox/context';
import { startSandbox } from '../test/sandbox/server';
import type { TrafficCounts } from '../test/sandbox/traffic';

export const BENCH_API_KEY = 'bench-key';

export interface SandboxProcess {
	baseUrl: string;
	apiKey: string;
	/** The requests served since the last `resetTraffic`, and the most in flight at once. */
	traffic(): Promise<TrafficCounts>;
	resetTraffic(): Promise<void>;
	/** Changes numeric settings (latency, sync wait) of the running sandbox. */
	configure(settings: Partial<Pick<SandboxSettings, 'renderDelayMs' | 'syncWaitMs'>>): Promise<void>;
	/** A finished render whose file is `megabytes` MB large; its request id. */
	fillerRender(megabytes: number): Promise<string>;
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
	const controls = axios.create({ baseURL: `${baseUrl}/__sandbox` });
	return {
		baseUrl,
		apiKey: BENCH_API_KEY,
		traffic: async () => (await controls.get<TrafficCounts>('/traffic')).data,
		resetTraffic: async () => {
			await controls.delete('/traffic');
		},
		configure: async (settings) => {
			await controls.patch('/settings', settings);
		},
		fillerRender: async (megabytes) => (await controls.post<{ requestId: string }>('/filler-render', { megabytes })).data.requestId,
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
	// The test controls serve the traffic counters, the settings and large renders (the sandbox listens on the loopback address only).
	void startSandbox({ port: 0, apiKey: BENCH_API_KEY, settings, testControls: true }).then((sandbox) => {
		console.log(JSON.stringify({ baseUrl: sandbox.baseUrl }));
	});
}
