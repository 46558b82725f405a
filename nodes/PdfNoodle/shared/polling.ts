import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { apiErrorFor } from './errors';
import { type WaitDefaults, waitSettings } from './waiting';
import { type FileContext, type ItemContext } from './itemContext';
import { apiRequest, serviceBaseUrl } from './transport';

/** Consecutive transient failures of status calls tolerated before the wait gives up. */
const MAX_TRANSIENT_RETRIES = 4;
/** Waits are cut into slices this long so that a cancelled execution stops promptly, even on n8n versions whose `sleep` takes no abort signal. */
const SLEEP_SLICE_MS = 500;
/** The longest backoff after a transient failure, unless the service asks for more. */
const MAX_BACKOFF_MS = 30_000;

export interface PollOptions {
	/** Path of the status endpoint below the base URL, e.g. `/v1/pdf/status/<id>`. */
	statusPath: string;
	/** True once the body shows a final state. */
	isFinished: (body: IDataObject) => boolean;
	intervalMs: number;
	timeoutMs: number;
	/** What the work is, for messages: "render", "batch", ... */
	subject: string;
	/** The id and status URL a person can look the work up with later. */
	requestId: string;
	statusUrl: string;
	/** For this long after the wait began, a 404 means "not there yet" and is asked again. */
	notFoundGraceMs?: number;
	/** The status has just been looked up: the first call comes one interval later. */
	justLookedUp?: boolean;
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

/** A status call whose failure is returned, not thrown, so the caller can decide to retry. */
async function statusCall(
	context: ItemContext,
	statusPath: string,
	timeoutMs: number,
): Promise<{ response?: IN8nHttpFullResponse; failure?: NodeApiError }> {
	try {
		return { response: await apiRequest(context, { method: 'GET', url: statusPath, timeoutMs }) };
	} catch (error) {
		return {
			failure:
				error instanceof NodeApiError
					? error
					: new NodeApiError(context.getNode(), error as JsonObject, { itemIndex: context.getItemIndex() }),
		};
	}
}

function isJsonObject(body: unknown): body is IDataObject {
	return body !== null && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body);
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
export async function cancellableSleep(context: FileContext, ms: number): Promise<void> {
	const signal = context.getExecutionCancelSignal();
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

function throwIfCancelled(context: FileContext, signal: AbortSignal | undefined): void {
	if (signal?.aborted) {
		// "canceled", as n8n spells it: n8n ends an execution whose error says so as canceled, not failed.
		throw new NodeOperationError(context.getNode(), 'The execution was canceled while waiting', {
			itemIndex: context.getItemIndex(),
		});
	}
}

/**
 * Polls a status endpoint until the work is finished, and returns the final body.
 * Only status calls are repeated here: the request that started the work is not sent again
 * (shared/rateLimit.ts sends a request again only when the service refused it with 429).
 * A network error, a 5xx or a 429 of a status call is retried (after `Retry-After` when
 * the service gives one, else with a growing backoff) up to a bounded number of times;
 * any other error status ends the wait with that error.
 */
export async function pollUntilFinished(
	context: ItemContext,
	options: PollOptions,
): Promise<IDataObject> {
	const startedAt = Date.now();
	const deadline = startedAt + options.timeoutMs;
	let transientFailures = 0;
	let lastState = 'not yet known';
	// A status call that hangs counts as a transient failure well before the next one is due.
	const callTimeoutMs = Math.min(30_000, Math.max(5_000, options.intervalMs * 3));
	if (options.justLookedUp) await cancellableSleep(context, Math.min(options.intervalMs, options.timeoutMs));
	let tellFirstAnswer = await firstCallTurn(context, options, deadline);

	for (;;) {
		let waitMs = options.intervalMs;
		const { response, failure } = await statusCall(context, options.statusPath, callTimeoutMs);
		tellFirstAnswer?.(stillGoing(response, options.isFinished));
		tellFirstAnswer = undefined;
		if (failure) {
			if (!isNetworkFailure(failure)) throw failure;
			transientFailures++;
			if (transientFailures > MAX_TRANSIENT_RETRIES) {
				throw new NodeOperationError(
					context.getNode(),
					`Could not reach the pdf noodle status endpoint: ${failure.message}`,
					{ itemIndex: context.getItemIndex(), description: lookupLater(options) },
				);
			}
			waitMs = backoffMs(options.intervalMs, transientFailures);
		}

		if (response) {
			if (isTransientStatus(response.statusCode)) {
				transientFailures++;
				if (transientFailures > MAX_TRANSIENT_RETRIES) {
					throw apiErrorFor(context, response.statusCode, response.body);
				}
				waitMs =
					retryAfterMs(response.headers as IDataObject) ??
					backoffMs(options.intervalMs, transientFailures);
			} else if (response.statusCode === 404 && Date.now() - startedAt < (options.notFoundGraceMs ?? 0)) {
				// Work the service has accepted may not be visible at once (the spec's "not in the
				// creation queue" yet): ask again at the next interval.
			} else if (response.statusCode >= 400) {
				throw apiErrorFor(context, response.statusCode, response.body);
			} else if (!isJsonObject(response.body)) {
				// A body that is not JSON (cut short, or from a proxy) says nothing: ask again.
				transientFailures++;
				if (transientFailures > MAX_TRANSIENT_RETRIES) {
					throw new NodeOperationError(context.getNode(), 'The pdf noodle status endpoint keeps answering something that is not JSON', {
						itemIndex: context.getItemIndex(),
						description: lookupLater(options),
					});
				}
				waitMs = backoffMs(options.intervalMs, transientFailures);
			} else {
				transientFailures = 0;
				const body = (response.body ?? {}) as IDataObject;
				if (options.isFinished(body)) return body;
				lastState = String(body.renderStatus ?? body.status ?? lastState);
			}
		}

		// The last status call is made at the deadline itself, not one interval before it.
		const now = Date.now();
		if (now >= deadline) {
			const waited = Math.round((now - startedAt) / 1000);
			throw new NodeOperationError(
				context.getNode(),
				`Timed out after waiting ${waited} s for the ${options.subject} to finish (requestId ${options.requestId}, last state ${lastState})`,
				{ itemIndex: context.getItemIndex(), description: lookupLater(options) },
			);
		}
		await cancellableSleep(context, Math.min(waitMs, deadline - now));
	}
}

/**
 * The turn of an item's first status call among the node run's items (shared/firstStatusCalls.ts):
 * put off one interval when the run's work was heard still going (slept here, up to the
 * deadline), else made at once; the function returned, if any, tells the others what it heard.
 * Only work whose first call is an interval away learns: a call made at once would hear
 * nothing the others can use.
 */
async function firstCallTurn(
	context: ItemContext,
	options: PollOptions,
	deadline: number,
): Promise<((stillGoing: boolean | undefined) => void) | undefined> {
	if (!options.justLookedUp || !context.firstStatusCalls) return undefined;
	const turn = await context.firstStatusCalls.due();
	if (!turn.later) return turn.answered;
	await cancellableSleep(context, Math.min(options.intervalMs, Math.max(0, deadline - Date.now())));
	return undefined;
}

/** Whether a status answer says the work is still going; undefined when it says nothing (an error, not JSON). */
function stillGoing(response: IN8nHttpFullResponse | undefined, isFinished: PollOptions['isFinished']): boolean | undefined {
	if (!response || response.statusCode >= 300 || !isJsonObject(response.body)) return undefined;
	return !isFinished(response.body);
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

function lookupLater(options: PollOptions): string {
	return `It may still finish: look it up later with "Get Status". requestId: ${options.requestId}, statusUrl: ${options.statusUrl}`;
}

export interface BackgroundWork {
	requestId: string;
	statusPath: string;
	/** The status URL the API answered, if it did: shown in messages. */
	statusUrl?: unknown;
	subject: string;
	isFinished: (body: IDataObject) => boolean;
	notFoundGraceMs?: number;
	/**
	 * Whether the first status call waits one interval (the default): the work was just
	 * started, answered 202 or looked up, so asking at once would only hear that it is going.
	 */
	justLookedUp?: boolean;
}

/**
 * The wait every operation offers for work that goes on in the background: with "Wait for
 * Completion" on, the work's status is polled to its end and the final body returned;
 * with it off, undefined (the caller outputs what the API answered).
 */
export async function awaitBackgroundWork(
	context: ItemContext,
	defaults: WaitDefaults,
	work: BackgroundWork,
): Promise<IDataObject | undefined> {
	const wait = waitSettings(context, defaults);
	if (!wait.waitForCompletion) return undefined;
	const statusUrl =
		typeof work.statusUrl === 'string' && work.statusUrl !== ''
			? work.statusUrl
			: `${await serviceBaseUrl(context)}${work.statusPath}`;
	return await pollUntilFinished(context, {
		statusPath: work.statusPath,
		isFinished: work.isFinished,
		intervalMs: wait.intervalMs,
		timeoutMs: wait.timeoutMs,
		subject: work.subject,
		requestId: work.requestId,
		statusUrl,
		notFoundGraceMs: work.notFoundGraceMs,
		justLookedUp: work.justLookedUp ?? true,
	});
}

/**
 * The output step of a Get Status with "Wait for Completion": a status that is not final yet
 * (`workOf` tells from the looked-up record) is polled until it is, and the final record
 * replaces it. The lookup was the first status call: the polls follow at the interval.
 */
export function awaitFinalStatus(
	defaults: WaitDefaults,
	workOf: (context: ItemContext, record: IDataObject) => BackgroundWork,
): (this: IExecuteSingleFunctions, items: INodeExecutionData[]) => Promise<INodeExecutionData[]> {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
		const work = workOf(this, items[0].json);
		if (work.isFinished(items[0].json)) return items;
		const final = await awaitBackgroundWork(this, defaults, work);
		if (final) items[0].json = final;
		return items;
	};
}
