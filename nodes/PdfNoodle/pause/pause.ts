/** The pause room: Mode "Pause Until Called Back" (here, mode.ts), its resume (pausedPlan.ts, planText.ts, callback.ts, webhookExecuteView.ts, resumeError.ts); its arrows: test/unit/rooms.test.ts. */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties, IWorkflowExecutionCustomData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isRecordKind, type RecordKind } from '../../shared/api/records';
import { invalidParameter } from '../../shared/errors/validation';
import type { RunContext } from '../runner/runContext';
import type { PausedPlan } from './plan';
import { planOf, rememberPlan } from './pausedPlan';
import { failAtDeadline } from './resumeError';

/** The "Mode" value that pauses the execution until pdf noodle calls back. */
export const PAUSE_MODE = 'pause';

/**
 * The most input items one pause takes. n8n gives an execution one resume URL, and only a
 * call that carries every result may resume it, so the node sends one request per pause: a
 * single render, or one batch, which holds at most 20 documents and is posted back whole.
 */
export const MAX_PAUSED_ITEMS = 20;

const DEFAULT_PAUSE_TIMEOUT_SECONDS = 3600;

/**
 * The execution's custom data entry naming the request it waits for (`render:<id>` or
 * `batch:<id>`): the resume URL carries no state of its own, and a call for any other
 * request is refused. It also shows in n8n's executions list, so a person can find it.
 */
export const AWAITED_WORK_KEY = 'pdfNoodleWaitingFor';

export interface AwaitedWork {
	kind: RecordKind;
	id: string;
}

export function pauseTimeoutField(): INodeProperties {
	return {
		displayName: 'Pause Timeout (Seconds)',
		name: 'pauseTimeout',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_PAUSE_TIMEOUT_SECONDS,
		displayOptions: { show: { mode: [PAUSE_MODE] } },
		description:
			'How long the execution waits for pdf noodle to call back. After that the node fails with an error naming the request ID, to look up with "Get Status" (it also stays in the execution\'s custom data, pdfNoodleWaitingFor). n8n checks for paused executions that are due once a minute.',
	};
}

/** Everything a pause needs that does not depend on the items, checked before anything is sent. */
export function pauseSettings(run: RunContext<IExecuteFunctions>): { resumeUrl: string; timeoutMs: number } {
	const context = run.item(0);
	const timeout = Number(context.getNodeParameter('pauseTimeout', DEFAULT_PAUSE_TIMEOUT_SECONDS));
	if (!Number.isFinite(timeout) || timeout < 1) throw invalidParameter(context, 'Pause Timeout (Seconds)', 'must be a number of at least 1');
	if (run.getInputData().length > MAX_PAUSED_ITEMS) {
		throw new NodeOperationError(
			run.getNode(),
			`Mode "Pause Until Called Back" takes at most ${MAX_PAUSED_ITEMS} items at a time, not ${run.getInputData().length}`,
			{
				description: `A pause sends one request (a batch of up to ${MAX_PAUSED_ITEMS} documents) and resumes on its one call back. Put a "Loop Over Items" node with a batch size of ${MAX_PAUSED_ITEMS} before this node, or choose another Mode. Nothing was sent to pdf noodle.`,
			},
		);
	}
	if (!customDataOf(run.n8n)) {
		throw new NodeOperationError(run.getNode(), 'Mode "Pause Until Called Back" needs n8n 2.0 or later', {
			description: 'This n8n gives nodes no execution custom data to remember the request in. Choose another Mode, or update n8n. Nothing was sent to pdf noodle.',
		});
	}
	const resumeUrl = String(run.n8n.evaluateExpression('{{ $execution.resumeUrl }}', 0) ?? '');
	return { resumeUrl, timeoutMs: timeout * 1000 };
}

/** The execution's custom data, where this n8n offers it to nodes (n8n 2.x). */
function customDataOf(context: { customData?: IWorkflowExecutionCustomData }): IWorkflowExecutionCustomData | undefined {
	try {
		return context.customData;
	} catch {
		// Outside an execution (no run data) n8n throws rather than answering undefined.
		return undefined;
	}
}

/**
 * Remembers the request in the execution and puts the execution to wait. n8n saves the
 * execution and frees the worker; the call to the resume URL runs the node's `webhook`.
 */
export async function pauseForWork(run: RunContext<IExecuteFunctions>, work: AwaitedWork, timeoutMs: number): Promise<INodeExecutionData[][]> {
	if (work.id === '') {
		throw new NodeOperationError(run.getNode(), `The pdf noodle API accepted the ${work.kind} but named no ID to wait for`, {
			description: 'The execution was not paused: nothing could resume it. Look the request up in the logs of your pdf noodle dashboard.',
		});
	}
	customDataOf(run.n8n)?.set(AWAITED_WORK_KEY, `${work.kind}:${work.id}`);
	failAtDeadline(run.n8n, deadlineError(run, work, timeoutMs));
	await run.n8n.putExecutionToWait(new Date(Date.now() + timeoutMs));
	// A copy: n8n keeps the input array itself with the waiting execution (the webhook reads
	// the items from it), and sorting the output for an error output empties the array it gets.
	return [[...run.getInputData()]];
}

/** The error a pause ends in when its Timeout passes without a call back. */
function deadlineError(run: RunContext, work: AwaitedWork, timeoutMs: number): NodeOperationError {
	const lookUp = work.kind === 'render' ? 'Document → Get Status' : 'Batch → Get Status';
	return new NodeOperationError(run.getNode(), `pdf noodle did not call back within ${timeoutMs / 1000} s for ${work.kind} ${work.id}`, {
		description: `The execution waited until the node's Pause Timeout (Seconds). The ${work.kind} may still finish at pdf noodle: look it up with ${lookUp} and the ID ${work.id}. pdf noodle calls back at this n8n's resume URL, so n8n must be reachable from the internet at its public address (WEBHOOK_URL).`,
	});
}

/**
 * Keeps what the run is about to send with the execution (pausedPlan.ts), before it is sent:
 * the resume builds its output from it.
 */
export function keepPlan(run: RunContext<IExecuteFunctions>, plan: PausedPlan): void {
	const customData = customDataOf(run.n8n);
	if (customData) rememberPlan(run, customData, plan);
}

/** The plan the paused run kept (`keepPlan`). */
export function keptPlanOf(context: { customData?: IWorkflowExecutionCustomData }): PausedPlan | undefined {
	return planOf(customDataOf(context));
}

/** The request a paused execution waits for, as `pauseForWork` remembered it. */
export function awaitedWorkOf(context: { customData?: IWorkflowExecutionCustomData }): AwaitedWork | undefined {
	const value = customDataOf(context)?.get(AWAITED_WORK_KEY);
	const match = /^(\w+):(.+)$/.exec(String(value ?? ''));
	return match && isRecordKind(match[1]) ? { kind: match[1], id: match[2] } : undefined;
}
