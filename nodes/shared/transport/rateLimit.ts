import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';

import { asNodeError, throwOnErrorStatus } from '../errors/errors';
import { withCredentialsReadOnce } from './credentialsOnce';
import { type LookupLine, lookupLineOf } from './lookupLine';
import { backoffMs, cancellableSleep, isNetworkFailure, retryAfterMs, type SleepContext } from './retry';
import { type ApiRequest, apiRequest, CREDENTIAL_TYPE, type TransportContext } from './transport';

/** How often, and for how long, a request is sent again. */
export interface RetryBound {
	/** Times the request is sent again after the first. */
	retries: number;
	/** The longest single wait: a service that asks for more gets its answer back at once. */
	maxWaitMs: number;
	/**
	 * The time the whole exchange may take, waits and requests together: no wait is begun that
	 * would end after it, and each request's timeout is cut to what is left of it.
	 */
	withinMs?: number;
	/**
	 * Also send again after a 5xx or a lost connection. Only for lookups: a request that starts
	 * work may have started it before it failed, and a second one would start it twice.
	 */
	transientFailures?: boolean;
	/**
	 * Take turns with the other such requests of the credential in this running n8n
	 * (lookupLine.ts), with the credential read once for all tries: for the lookups a burst
	 * of webhook calls makes at once.
	 */
	takeTurns?: boolean;
}

/**
 * A node run's requests: 4 more tries after a 429, a wait of at most a minute each. The run's
 * user waits for the node anyway, and a 429 means nothing was started, so this holds for the
 * requests that start work too (a render, a batch, a tool job, a creation).
 */
export const NODE_RUN_RETRIES: RetryBound = { retries: 4, maxWaitMs: 60_000 };

/** One request's outcome: its answer, or a lost connection that may be tried again. */
interface Attempt {
	response?: IN8nHttpFullResponse;
	failure?: unknown;
}

/** How long a lookup made while a webhook's caller waits may go on, in seconds (docs/trigger.md says it). */
export const WEBHOOK_LOOKUP_SECONDS = 20;

/**
 * A lookup made while the caller of a webhook waits for its answer: the trigger's confirmation
 * and the pause's callback. A caller that gives up sooner than we do may count its call as
 * failed although the workflow started, so the whole lookup ends within 20 s. Within them, a
 * 429 is tried again after its Retry-After (a burst of deliveries, e.g. a campaign's renders
 * finishing together, meets the service's rate limit exactly here), and so are a 5xx and a lost
 * connection (a lookup starts nothing, so asking twice is harmless). After them the call is
 * answered 503, so that its sender may send it again.
 */
export const WEBHOOK_LOOKUP_RETRIES: RetryBound = { retries: 20, maxWaitMs: 10_000, withinMs: WEBHOOK_LOOKUP_SECONDS * 1000, transientFailures: true, takeTurns: true };

/**
 * A request to the API that is sent again when the service answers 429 (Too Many Requests),
 * after its `Retry-After` or a growing backoff, within `bound`; with `transientFailures` also
 * after a 5xx or a lost connection. The wait holds no *Requests at Once* slot and stops when the
 * execution is cancelled. The last answer, a 429 included, is the caller's to read; the last
 * connection failure is thrown.
 */
export async function apiRequestWithinRateLimit(
	context: TransportContext & SleepContext,
	request: ApiRequest,
	bound: RetryBound = NODE_RUN_RETRIES,
): Promise<IN8nHttpFullResponse> {
	const began = Date.now();
	const deadline = bound.withinMs === undefined ? undefined : began + bound.withinMs;
	const line = bound.takeTurns === true ? lookupLineOf(context.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? 'unsaved') : undefined;
	if (line) context = withCredentialsReadOnce(context);
	const place = line?.placeOf(request.url, began) ?? began;
	for (let retries = 0; ; retries++) {
		if (line && !(await line.turn(place, deadline ?? Number.POSITIVE_INFINITY))) return heldBackAnswer(context, line);
		const left = deadline === undefined ? undefined : deadline - Date.now();
		const timeoutMs = left === undefined ? request.timeoutMs : Math.max(1, Math.min(left, request.timeoutMs ?? left));
		let attempt: Attempt | undefined;
		try {
			// A lost connection comes back as `failure` when it may be tried again; any other error goes to the caller as it came.
			attempt = await apiRequest(context, { ...request, timeoutMs }).then(
				(answer): Attempt => ({ response: answer }),
				async (error: unknown): Promise<Attempt> => (bound.transientFailures === true && isNetworkFailure(error) ? { failure: error } : await Promise.reject(error)),
			);
		} finally {
			line?.done(request.url, attempt?.response);
		}
		const { response, failure } = attempt;
		const again = response === undefined || response.statusCode === 429 || (bound.transientFailures === true && response.statusCode >= 500);
		const asked = response?.statusCode === 429 ? retryAfterMs(response.headers as IDataObject) : undefined;
		const waitMs = asked ?? backoffMs(1000, retries + 1);
		const tooLong = waitMs > bound.maxWaitMs || (deadline !== undefined && Date.now() + waitMs >= deadline);
		if (!again || retries === bound.retries || tooLong) {
			if (response === undefined) throw asNodeError(context, failure);
			return response;
		}
		// In the line, a 429 holds back every lookup of the credential until its Retry-After: the turn waits for it.
		if (!(line && response?.statusCode === 429)) await cancellableSleep(context, waitMs);
	}
}

/**
 * The answer for a lookup whose time ran out while it waited for its turn: the 429 that held
 * the line back, or, when none did (the service was only slow), an error that says so.
 */
function heldBackAnswer(context: TransportContext, line: LookupLine): IN8nHttpFullResponse {
	if (line.lastHoldBack) return line.lastHoldBack;
	throw asNodeError(context, new Error(`The lookup waited its whole time for its turn behind ${line.waitingCount} others of the credential`));
}

/** A request of a node run whose answer must be a JSON object: an error status is thrown, worded for a person. */
export async function apiJsonWithinRateLimit(context: TransportContext & SleepContext, request: ApiRequest): Promise<IDataObject> {
	return throwOnErrorStatus(context, await apiRequestWithinRateLimit(context, request));
}
