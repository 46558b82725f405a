/** When a request may be sent again, and how long to wait first: transient failures, `Retry-After`, backoff, and a wait that stops when the execution is cancelled. */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import type { ErrorContext } from '../errors/errors';

/** Waits are cut into slices this long so that a cancelled execution stops promptly, even on n8n versions whose `sleep` takes no abort signal. */
const SLEEP_SLICE_MS = 500;
/** The longest backoff after a transient failure, unless the service asks for more. */
const MAX_BACKOFF_MS = 30_000;

/** What a wait needs: whose it is (for the error), and the execution's cancel signal. */
export interface SleepContext extends ErrorContext {
	/** Absent where nothing can cancel the wait (a webhook call: its caller waits for the answer). */
	getExecutionCancelSignal?(): AbortSignal | undefined;
}

/** Connection-level failures that a later status call may not meet again. */
const NETWORK_ERROR_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ECONNABORTED',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
	'EPIPE',
	'EAI_AGAIN',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
]);

function errorCodes(error: unknown): string[] {
	const codes: string[] = [];
	let current = error as { code?: unknown; cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		if (typeof current.code === 'string') codes.push(current.code);
		current = current.cause as typeof current;
	}
	return codes;
}

/** Whether a failed call never got an HTTP answer (connection refused, reset, timed out). */
export function isNetworkFailure(error: unknown): boolean {
	return errorCodes(error).some((code) => NETWORK_ERROR_CODES.has(code));
}

export function isTransientStatus(status: number): boolean {
	return status === 429 || status >= 500;
}

/** Seconds of a `Retry-After` header (seconds or an HTTP date), in milliseconds. */
export function retryAfterMs(headers: IDataObject | undefined): number | undefined {
	const value = headers?.['retry-after'];
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(String(value));
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Sleeps in short slices, and stops with an error as soon as the execution is cancelled. */
export async function cancellableSleep(context: SleepContext, ms: number): Promise<void> {
	const signal = context.getExecutionCancelSignal?.();
	let left = ms;
	while (left > 0) {
		throwIfCancelled(context, signal);
		const slice = Math.min(left, SLEEP_SLICE_MS);
		try {
			await sleep(slice, signal);
		} catch {
			// `sleep` rejects when the signal fires; the check below reports it.
		}
		left -= slice;
	}
	throwIfCancelled(context, signal);
}

function throwIfCancelled(context: SleepContext, signal: AbortSignal | undefined): void {
	if (signal?.aborted) {
		// "canceled", as n8n spells it: n8n ends an execution whose error says so as canceled, not failed.
		throw new NodeOperationError(context.getNode(), 'The execution was canceled while waiting', {
			itemIndex: context.getItemIndex?.(),
		});
	}
}

/**
 * The wait after a transient failure: doubles from the poll interval (but from at most 2 s:
 * a failed call told nothing, so asking again soon is no extra polling) up to 8 times that,
 * and 30 s.
 */
export function backoffMs(intervalMs: number, failures: number): number {
	const base = Math.min(Math.max(intervalMs, 500), 2000);
	return Math.min(MAX_BACKOFF_MS, base * 8, base * 2 ** (failures - 1));
}
