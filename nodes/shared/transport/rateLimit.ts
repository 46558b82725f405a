import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';

import { throwOnErrorStatus } from '../errors/errors';
import { backoffMs, cancellableSleep, retryAfterMs, type SleepContext } from './retry';
import { type ApiRequest, apiRequest, type TransportContext } from './transport';

/** Times a request answered 429 is sent again before its item fails with the 429. */
const RATE_LIMIT_RETRIES = 4;
/** The longest wait for a rate limit: a service that asks for more fails the item at once, saying so. */
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

/**
 * A request of a node run to the API that is sent again when the service answers 429 (Too
 * Many Requests), after its `Retry-After` or a growing backoff, a few times. A 429 means
 * the service refused the request before doing anything, so this holds for the requests
 * that start work too (a render, a batch, a tool job, a creation), which no other failure
 * sends twice: after a 5xx or a lost connection the work may have started. The wait holds
 * no *Requests at Once* slot and stops when the execution is cancelled. The last answer,
 * a 429 included, is the caller's to read.
 */
export async function apiRequestWithinRateLimit(context: TransportContext & SleepContext, request: ApiRequest): Promise<IN8nHttpFullResponse> {
	for (let retries = 0; ; retries++) {
		const response = await apiRequest(context, request);
		if (response.statusCode !== 429 || retries === RATE_LIMIT_RETRIES) return response;
		const waitMs = retryAfterMs(response.headers as IDataObject) ?? backoffMs(1000, retries + 1);
		if (waitMs > MAX_RATE_LIMIT_WAIT_MS) return response;
		await cancellableSleep(context, waitMs);
	}
}

/** A request of a node run whose answer must be a JSON object: an error status is thrown, worded for a person. */
export async function apiJsonWithinRateLimit(context: TransportContext & SleepContext, request: ApiRequest): Promise<IDataObject> {
	return throwOnErrorStatus(context, await apiRequestWithinRateLimit(context, request));
}
