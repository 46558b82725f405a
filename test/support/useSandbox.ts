/** The sandbox fixture of a test file (Jest only: bench/ imports support/sandbox.ts, not this). */
import { afterAll, beforeAll, beforeEach } from '@jest/globals';

import type { SandboxSettings } from '../sandbox/context';
import { clearRequestLog, type Sandbox, startTestSandbox } from './sandbox';
import { startedInHooks } from './startedInHooks';

/**
 * The sandbox of a test file: started before its tests (with `settings`), reset before each
 * test (request log, contract-violation log, injected faults, traffic counters, and the settings as they were at the
 * start, so that a test's timing changes end with it), and stopped after them. It is used as
 * the sandbox itself; it exists from the file's first hook on.
 */
export function useSandbox(settings: Partial<SandboxSettings> = {}): Sandbox {
	let started: Sandbox | undefined;
	let initialSettings: SandboxSettings;
	beforeAll(async () => {
		started = await startTestSandbox(settings);
		initialSettings = { ...started.context.settings };
	});
	beforeEach(() => {
		const { context } = started!;
		clearRequestLog(started!);
		context.violations.length = 0;
		context.faults.length = 0;
		context.traffic.reset();
		// A setting a test added (e.g. fixedRender) goes; the others are as at the start.
		for (const key of Object.keys(context.settings)) if (!(key in initialSettings)) delete (context.settings as unknown as Record<string, unknown>)[key];
		Object.assign(context.settings, initialSettings);
	});
	afterAll(async () => await started?.close());
	return startedInHooks('sandbox', () => started);
}
