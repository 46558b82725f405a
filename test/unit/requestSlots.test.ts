import assert from 'node:assert/strict';
import { test } from '@jest/globals';
import { setImmediate as nextTurn } from 'node:timers/promises';

import { RequestSlots } from '../../dist/nodes/shared/transport/requestSlots.js';

/** A request that stays open until `finish` is called, recording its start. */
function openRequest(started: string[], name: string) {
	let finish!: () => void;
	const done = new Promise<void>((resolve) => (finish = resolve));
	return { request: async () => (started.push(name), await done, name), finish: () => finish() };
}

test('no more requests at once than the limit; the next starts when one ends', async () => {
	const slots = new RequestSlots(2);
	const started: string[] = [];
	const requests = ['a', 'b', 'c', 'd'].map((name) => openRequest(started, name));
	const answers = requests.map((each) => slots.run(false, each.request));
	await nextTurn();
	assert.deepEqual(started, ['a', 'b']);
	requests[1].finish();
	await nextTurn();
	assert.deepEqual(started, ['a', 'b', 'c']);
	requests.forEach((each) => each.finish());
	assert.deepEqual(await Promise.all(answers), ['a', 'b', 'c', 'd']);
});

test("an item's later request (a status poll, a download) goes before other items' first requests", async () => {
	const slots = new RequestSlots(1);
	const started: string[] = [];
	const first = openRequest(started, 'item 1: render');
	const running = slots.run(false, first.request);
	const waiting = [slots.run(false, openRequest(started, 'item 2: render').request), slots.run(true, openRequest(started, 'item 1: download').request)];
	first.finish();
	await running;
	await nextTurn();
	assert.deepEqual(started, ['item 1: render', 'item 1: download']);
	void waiting;
});

test('a failed request gives its slot back', async () => {
	const slots = new RequestSlots(1);
	await assert.rejects(slots.run(false, async () => Promise.reject(new Error('refused'))), /refused/);
	assert.equal(await slots.run(false, async () => 'next'), 'next');
});
