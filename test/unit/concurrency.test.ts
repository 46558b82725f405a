import assert from 'node:assert/strict';
import { test } from '@jest/globals';
import { setImmediate as nextTurn } from 'node:timers/promises';

import { settleInOrder } from '../../dist/nodes/PdfNoodle/runner/concurrency.js';

/** Work that records how many runs were going at once, finishing in the order given by `turns`. */
function recordingWork(turns: Record<number, number>) {
	let running = 0;
	const seen = { most: 0, started: [] as number[] };
	const work = async (value: number) => {
		seen.started.push(value);
		running++;
		seen.most = Math.max(seen.most, running);
		for (let turn = 0; turn < (turns[value] ?? 1); turn++) await nextTurn();
		running--;
		if (value < 0) throw new Error(`failed ${value}`);
		return value * 10;
	};
	return { work, seen };
}

test('runs at most `limit` at once and gives the outcomes in input order', async () => {
	const { work, seen } = recordingWork({ 1: 6, 2: 1, 3: 3 });
	const outcomes = await settleInOrder([1, 2, 3, 4, 5], 2, work, false);
	assert.equal(seen.most, 2);
	assert.deepEqual(outcomes.map((outcome) => outcome?.status === 'fulfilled' && outcome.value), [10, 20, 30, 40, 50]);
});

test('keeps going after a failure unless told to stop; a stopped run starts nothing new', async () => {
	const kept = await settleInOrder([1, -2, 3, 4], 1, recordingWork({}).work, false);
	assert.deepEqual(kept.map((outcome) => outcome?.status), ['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);

	const { work, seen } = recordingWork({});
	const stopped = await settleInOrder([1, -2, 3, 4], 1, work, true);
	assert.deepEqual(stopped.map((outcome) => outcome?.status), ['fulfilled', 'rejected', undefined, undefined]);
	assert.deepEqual(seen.started, [1, -2]);
	assert.match(String((stopped[1] as PromiseRejectedResult).reason), /failed -2/);
});

test('no values, no runs', async () => {
	assert.deepEqual(await settleInOrder([], 5, async () => 1, true), []);
});
