/** The sandbox fixture of a test file (Jest only: bench/ imports support/sandbox.ts, not this). */
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import type { INode, INodeExecutionData } from 'n8n-workflow';

import type * as Engine from '../harness/engine';
import type { NodeRun, NodeRunOptions } from '../harness/engine';
import type { SandboxSettings } from '../sandbox/context';
import { clearRequestLog, credentialsFor, type Sandbox, startTestSandbox } from './sandbox';
import { startedInHooks } from './startedInHooks';

/** The rest of a run: `onStart` (to cancel it), other node types, and `type` to run one of them instead of the PDF Noodle node. */
export type MoreRunOptions = Omit<NodeRunOptions, 'credentials' | 'input' | 'settings'> & { type?: string };

export interface SandboxFixture extends Sandbox {
	/**
	 * Runs one PDF Noodle node with `parameters` in n8n's engine, behind an Input node that
	 * passes `input` (one empty item when not given), with its PDF Noodle API credential set to
	 * this sandbox, and the node `settings` (e.g. `onError`); `options` for the rest of a run.
	 */
	run(parameters: object, input?: INodeExecutionData[], settings?: Partial<INode>, options?: MoreRunOptions): Promise<NodeRun>;
}

/**
 * The sandbox of a test file: started before its tests (with `settings`), reset before each
 * test (request log, contract-violation log, injected faults, traffic counters, and the settings as they were at the
 * start, so that a test's timing changes end with it), and stopped after them. It is used as
 * the sandbox itself, and runs the node against itself (`run`); it exists from the file's first
 * hook on.
 */
export function useSandbox(settings: Partial<SandboxSettings> = {}): SandboxFixture {
	let started: SandboxFixture | undefined;
	let initialSettings: SandboxSettings;
	beforeAll(async () => {
		const sandbox = await startTestSandbox(settings);
		started = Object.assign(sandbox, {
			run: async (...args: Parameters<SandboxFixture['run']>) => await runAgainst(sandbox, ...args),
		});
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

/**
 * `run` of a sandbox started otherwise (e.g. over TLS): one PDF Noodle node against `sandbox`,
 * its credential set to it.
 */
export async function runAgainst(
	sandbox: Sandbox,
	parameters: object,
	input?: INodeExecutionData[],
	settings?: Partial<INode>,
	{ type, ...options }: MoreRunOptions = {},
): Promise<NodeRun> {
	// Loaded when a test first runs a node, not with this file: the e2e and sandbox layers use
	// the sandbox without n8n's engine, whose harness sets n8n's folders in the environment.
	const { PDF_NOODLE_NODE_TYPE, runSingleNode } = require('../harness/engine') as typeof Engine;
	return await runSingleNode(type ?? PDF_NOODLE_NODE_TYPE, parameters as INode['parameters'], { ...options, credentials: credentialsFor(sandbox), input, settings });
}
