/**
 * The waiting parameters every operation that can wait shares ("Wait for Completion", "Poll
 * Interval", "Wait Timeout"), each family's defaults for them, and their values for one item,
 * checked. The wait itself is waiting.ts.
 */
import type { INodeProperties } from 'n8n-workflow';

import { invalidParameter } from '../../shared/errors/validation';
import type { ItemContext } from '../runner/itemContext';

export interface WaitDefaults {
	pollIntervalSeconds: number;
	timeoutSeconds: number;
	/** The shortest poll interval the service wants (1 s where it says nothing). */
	minPollIntervalSeconds?: number;
}

const WAIT_DESCRIPTION =
	'Whether to wait until the work has finished and output its result. When off, the node outputs what the API answered at once (the request ID and status URL) and you can look the result up later with "Get Status".';

/**
 * "Wait for Completion", the same for every operation that can wait. Where the operation has
 * a Mode, an asynchronous request does not wait by default: its webhook receives the result,
 * and an execution still polling when the service calls `$execution.resumeUrl` would never be
 * resumed by a Wait node (n8n answers that call 409 while the execution runs).
 */
function waitForCompletionFields(hasMode: boolean): INodeProperties[] {
	const field: INodeProperties = {
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: true,
		description: WAIT_DESCRIPTION,
	};
	if (!hasMode) return [field];
	return [
		{ ...field, displayOptions: { show: { mode: ['sync'] } } },
		{
			...field,
			default: false,
			displayOptions: { show: { mode: ['async'] } },
			description: `${WAIT_DESCRIPTION} Off by default in this mode: the webhook receives the result. Leave it off when the webhook is the execution's resume URL (a Wait node resumes on it).`,
		},
	];
}

/** "Wait for Completion", "Poll Interval" and "Wait Timeout", the same for every operation that can wait. */
export function waitingFields(
	defaults: WaitDefaults,
	{ hasMode = false }: { hasMode?: boolean } = {},
): INodeProperties[] {
	// Named, so that n8n's linter sees each field's default (it cannot read `defaults.…`).
	const { pollIntervalSeconds, timeoutSeconds } = defaults;
	return [
		...waitForCompletionFields(hasMode),
		{
			displayName: 'Poll Interval (Seconds)',
			name: 'pollInterval',
			type: 'number',
			typeOptions: { minValue: defaults.minPollIntervalSeconds ?? 1 },
			default: pollIntervalSeconds,
			displayOptions: { show: { waitForCompletion: [true] } },
			description: 'How often to ask the API whether the work has finished',
		},
		{
			displayName: 'Wait Timeout (Seconds)',
			name: 'waitTimeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: timeoutSeconds,
			displayOptions: { show: { waitForCompletion: [true] } },
			description:
				'How long to wait at most for the work to finish, polling. After that the item fails with the request ID, so the result can still be looked up later.',
		},
	];
}

/**
 * The waiting fields of a Get Status: off by default, so that a lookup answers at once as it
 * always has; on, a workflow can wait for work that another execution started.
 */
export function statusWaitingFields(defaults: WaitDefaults): INodeProperties[] {
	const [waitForCompletion, ...settings] = waitingFields(defaults);
	return [
		{
			...waitForCompletion,
			default: false,
			description:
				'Whether to wait, while the work is still running (ONGOING), until it has finished, and output its final status (with the file when it succeeded). When off, the status is output as it is now.',
		},
		...settings,
	];
}

export interface WaitSettings {
	waitForCompletion: boolean;
	intervalMs: number;
	timeoutMs: number;
}

/** The waiting parameters of the current item, validated. */
export function waitSettings(context: ItemContext, defaults: WaitDefaults): WaitSettings {
	const waitForCompletion = context.getNodeParameter('waitForCompletion', true) as boolean;
	const interval = Number(context.getNodeParameter('pollInterval', defaults.pollIntervalSeconds));
	const timeout = Number(context.getNodeParameter('waitTimeout', defaults.timeoutSeconds));
	if (waitForCompletion) {
		const minInterval = defaults.minPollIntervalSeconds ?? 1;
		if (!Number.isFinite(interval) || interval < minInterval) {
			const why = minInterval > 1 ? ' (pdf noodle asks to be polled no more often)' : '';
			throw invalidParameter(context, 'Poll Interval (Seconds)', `must be a number of at least ${minInterval}${why}`);
		}
		if (!Number.isFinite(timeout) || timeout < 1) {
			throw invalidParameter(context, 'Wait Timeout (Seconds)', 'must be a number of at least 1');
		}
	}
	return { waitForCompletion, intervalMs: interval * 1000, timeoutMs: timeout * 1000 };
}
