/** The waiting room: `sendWork` and `outcomeOfWork`, the one send and wait for work in the background (here), the families' work kinds (workKind.ts), its parameters (settings.ts); its arrows: test/unit/rooms.test.ts. */
import type { IDataObject, IN8nHttpFullResponse, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiErrorFor, throwOnErrorStatus } from '../../shared/errors/errors';
import { apiRequestWithinRateLimit } from '../../shared/transport/rateLimit';
import { backoffMs, cancellableSleep, isNetworkFailure, isTransientStatus, retryAfterMs } from '../../shared/transport/retry';
import { type ApiRequest, apiRequest, serviceBaseUrl } from '../../shared/transport/transport';
import type { ItemContext } from '../runner/itemContext';
import type { WaitSettings } from './settings';
import type { WorkKind } from './workKind';

/**
 * The wait every operation offers for work that goes on in the background: with "Wait for
 * Completion" on, the work's status is polled to its end and the final record returned; with
 * it off, undefined (the caller outputs what the API answered). `statusUrl` is the one the API
 * answered, if it did: messages name it so that a person can look the work up later. `wait`
 * is what the operation read and checked before it sent anything (`waitSettings`).
 */
export async function awaitWork(context: ItemContext, kind: WorkKind, wait: WaitSettings, id: string, statusUrl?: unknown): Promise<IDataObject | undefined> {
	if (!wait.waitForCompletion) return undefined;
	const answeredUrl = typeof statusUrl === 'string' && statusUrl !== '' ? statusUrl : undefined;
	return await pollUntilFinished(context, {
		kind,
		id,
		statusUrl: answeredUrl ?? `${await serviceBaseUrl(context)}${kind.statusPath(id)}`,
		intervalMs: wait.intervalMs,
		timeoutMs: wait.timeoutMs,
	});
}

/**
 * How work the node sent came out: done at once (the answer is the result), waited for to its
 * end (the final status record), or still going with "Wait for Completion" off (the answer).
 */
export type WorkOutcome =
	| { done: 'atOnce'; answer: IDataObject }
	| { done: 'waited'; answer: IDataObject; record: IDataObject }
	| { done: 'notWaited'; answer: IDataObject };

/** What the request that started work was answered: its status code and its JSON. */
export interface SentWork {
	statusCode: number;
	answer: IDataObject;
}

/**
 * The one send of work, for every family and for the pause alike: the request, sent again
 * after a 429 within the rate limit (transport/rateLimit.ts), then an error status worded for
 * a person. `readFirst` reads the raw answer before, for an operation's own words (Render From
 * Template's missing template). What follows is the only difference: `outcomeOfWork` waits,
 * the pause (pause/pause.ts `pauseForWork`) puts the execution to wait.
 */
export async function sendWork(context: ItemContext, request: ApiRequest, readFirst?: (response: IN8nHttpFullResponse) => void): Promise<SentWork> {
	const response = await apiRequestWithinRateLimit(context, request);
	readFirst?.(response);
	return { statusCode: response.statusCode, answer: throwOnErrorStatus(context, response) };
}

/**
 * The one path from a send (`sendWork`) to the work's end, for every family (render, batch,
 * tool job, template creation): when the answer says the work goes on in the background
 * (`backgroundIdOf` gives the ID to wait for, else undefined), the wait. The family makes its
 * output of it.
 */
export async function outcomeOfWork(
	context: ItemContext,
	kind: WorkKind,
	wait: WaitSettings,
	sent: SentWork,
	backgroundIdOf: (answer: IDataObject, statusCode: number) => string | undefined,
): Promise<WorkOutcome> {
	const { answer, statusCode } = sent;
	const id = backgroundIdOf(answer, statusCode);
	if (id === undefined) return { done: 'atOnce', answer };
	const record = await awaitWork(context, kind, wait, id, answer[kind.statusUrlField ?? 'statusUrl']);
	return record ? { done: 'waited', answer, record } : { done: 'notWaited', answer };
}

/** Consecutive transient failures of status calls tolerated before the wait gives up. */
const MAX_TRANSIENT_RETRIES = 4;

/** One wait: the work (its kind, its ID, the status URL messages name) and the poll's pace and bound. */
interface Poll {
	kind: WorkKind;
	id: string;
	statusUrl: string;
	intervalMs: number;
	timeoutMs: number;
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

/**
 * Polls a status endpoint until the work is finished, and returns the final body.
 * Only status calls are repeated here: the request that started the work is not sent again
 * (transport/rateLimit.ts sends a request again only when the service refused it with 429).
 * A network error, a 5xx or a 429 of a status call is retried (after `Retry-After` when
 * the service gives one, else with a growing backoff) up to a bounded number of times;
 * any other error status ends the wait with that error.
 */
async function pollUntilFinished(context: ItemContext, poll: Poll): Promise<IDataObject> {
	const startedAt = Date.now();
	const deadline = startedAt + poll.timeoutMs;
	let transientFailures = 0;
	let lastState = 'not yet known';
	// A status call that hangs counts as a transient failure well before the next one is due.
	const callTimeoutMs = Math.min(30_000, Math.max(5_000, poll.intervalMs * 3));
	if (justLookedUp(poll)) await cancellableSleep(context, Math.min(poll.intervalMs, poll.timeoutMs));
	let tellFirstAnswer = await firstCallTurn(context, poll, deadline);

	for (;;) {
		let waitMs = poll.intervalMs;
		const { response, failure } = await statusCall(context, poll.kind.statusPath(poll.id), callTimeoutMs);
		tellFirstAnswer?.(stillGoing(response, poll.kind.isFinished));
		tellFirstAnswer = undefined;
		if (failure) {
			if (!isNetworkFailure(failure)) throw failure;
			transientFailures++;
			if (transientFailures > MAX_TRANSIENT_RETRIES) {
				throw new NodeOperationError(
					context.getNode(),
					`Could not reach the pdf noodle status endpoint: ${failure.message}`,
					{ itemIndex: context.getItemIndex(), description: lookupLater(poll) },
				);
			}
			waitMs = backoffMs(poll.intervalMs, transientFailures);
		}

		if (response) {
			if (isTransientStatus(response.statusCode)) {
				transientFailures++;
				if (transientFailures > MAX_TRANSIENT_RETRIES) {
					throw apiErrorFor(context, response.statusCode, response.body);
				}
				waitMs =
					retryAfterMs(response.headers as IDataObject) ??
					backoffMs(poll.intervalMs, transientFailures);
			} else if (response.statusCode === 404 && Date.now() - startedAt < (poll.kind.notFoundGraceMs ?? 0)) {
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
						description: lookupLater(poll),
					});
				}
				waitMs = backoffMs(poll.intervalMs, transientFailures);
			} else {
				transientFailures = 0;
				const body = (response.body ?? {}) as IDataObject;
				if (poll.kind.isFinished(body)) return body;
				lastState = poll.kind.stateOf(body) ?? lastState;
			}
		}

		// The last status call is made at the deadline itself, not one interval before it.
		const now = Date.now();
		if (now >= deadline) {
			// The message names the bound the user set (Wait Timeout), which is what the node
			// decided on; a slow last status call may have made the wait itself a little longer.
			throw new NodeOperationError(
				context.getNode(),
				`Timed out after waiting ${secondsOf(poll.timeoutMs)} s for the ${poll.kind.subject} to finish (requestId ${poll.id}, last state ${lastState})`,
				{ itemIndex: context.getItemIndex(), description: lookupLater(poll) },
			);
		}
		await cancellableSleep(context, Math.min(waitMs, deadline - now));
	}
}

/**
 * The turn of an item's first status call among the node run's items (runner/firstStatusCalls.ts):
 * put off one interval when the run's work was heard still going (slept here, up to the
 * deadline), else made at once; the function returned, if any, tells the others what it heard.
 * Only work whose first call is an interval away learns: a call made at once would hear
 * nothing the others can use.
 */
async function firstCallTurn(
	context: ItemContext,
	poll: Poll,
	deadline: number,
): Promise<((stillGoing: boolean | undefined) => void) | undefined> {
	if (!justLookedUp(poll) || !context.firstStatusCalls) return undefined;
	const turn = await context.firstStatusCalls.due();
	if (!turn.later) return turn.answered;
	await cancellableSleep(context, Math.min(poll.intervalMs, Math.max(0, deadline - Date.now())));
	return undefined;
}

/** Whether a status answer says the work is still going; undefined when it says nothing (an error, not JSON). */
function stillGoing(response: IN8nHttpFullResponse | undefined, isFinished: WorkKind['isFinished']): boolean | undefined {
	if (!response || response.statusCode >= 300 || !isJsonObject(response.body)) return undefined;
	return !isFinished(response.body);
}

/** Milliseconds as seconds for a message: whole seconds as such, else to one decimal. */
function secondsOf(ms: number): string {
	return String(Math.round(ms / 100) / 10);
}

function lookupLater(poll: Poll): string {
	return `It may still finish: look it up later with "Get Status". requestId: ${poll.id}, statusUrl: ${poll.statusUrl}`;
}

/** Whether the first status call waits one interval: by default it does (see `WorkKind`). */
function justLookedUp(poll: Poll): boolean {
	return poll.kind.justLookedUp ?? true;
}
