/** The retry rules of every request and status call (nodes/shared/transport/retry.ts): which statuses and failures are transient, Retry-After, the backoff. */
import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import { backoffMs, isNetworkFailure, isTransientStatus, retryAfterMs } from '../../dist/nodes/shared/transport/retry.js';

test('transient statuses are 429 and 5xx only', () => {
	assert.deepEqual([400, 401, 404, 413, 429, 500, 502, 503].map(isTransientStatus), [false, false, false, false, true, true, true, true]);
});

test('Retry-After in seconds or as an HTTP date', () => {
	assert.equal(retryAfterMs({ 'retry-after': '3' }), 3000);
	const inFiveSeconds = new Date(Date.now() + 5000).toUTCString();
	const ms = retryAfterMs({ 'retry-after': inFiveSeconds })!;
	assert.ok(ms > 3000 && ms <= 5000, String(ms));
	assert.equal(retryAfterMs({}), undefined);
});

test('backoff doubles from the interval (from 2 s at most) and stops at 8 times that and 30 s', () => {
	assert.deepEqual([1, 2, 3, 4, 5].map((failures) => backoffMs(1000, failures)), [1000, 2000, 4000, 8000, 8000]);
	assert.deepEqual([1, 2, 3, 4, 5].map((failures) => backoffMs(15_000, failures)), [2000, 4000, 8000, 16_000, 16_000]);
	assert.equal(backoffMs(8000, 6), 16_000);
});

test('network failures are recognised by their code anywhere in the cause chain', () => {
	assert.equal(isNetworkFailure({ cause: { code: 'ECONNRESET' } }), true);
	assert.equal(isNetworkFailure({ code: 'ETIMEDOUT' }), true);
	assert.equal(isNetworkFailure({ message: 'Unauthorized', httpCode: '401' }), false);
});
