import type { IDataObject, IN8nHttpFullResponse, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiErrorFor } from '../../shared/errors/errors';
import { backoffMs, cancellableSleep, isNetworkFailure, isTransientStatus, retryAfterMs } from '../../shared/transport/retry';
import { apiRequest } from '../../shared/transport/transport';
import type { ItemContext } from '../runner/itemContext';

/** Consecutive transient failures of status calls tolerated before the wait gives up. */
const MAX_TRANSIENT_RETRIES = 4;

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
 * The turn of an item's first status call among the node run's items (runner/firstStatusCalls.ts):
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

function lookupLater(options: PollOptions): string {
	return `It may still finish: look it up later with "Get Status". requestId: ${options.requestId}, statusUrl: ${options.statusUrl}`;
}
