import assert from 'node:assert/strict';
import { test } from '@jest/globals';
import { setImmediate as nextTurn } from 'node:timers/promises';

import { LookupLine, PLACE_KEPT_MS } from '../../dist/nodes/shared/transport/lookupLine.js';

const answer = (statusCode: number, retryAfter?: string) => ({ statusCode, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter }, body: {} });
const FAR = Date.now() + 60_000;

/** Lookups that wait for their turn, recording the order in which they get it. */
function lookups(line: LookupLine, names: string[], place = (index: number) => 1000 + index, deadline = FAR) {
	const admitted: string[] = [];
	const turns = names.map(async (name, index) => {
		const mine = await line.turn(place(index), deadline);
		if (mine) admitted.push(name);
		return mine;
	});
	return { admitted, turns };
}

test('at most eight lookups go at once at first; each answer lets the next in, in the order they came', async () => {
	const line = new LookupLine();
	const names = Array.from({ length: 12 }, (_, index) => `l${index}`);
	const { admitted } = lookups(line, names);
	await nextTurn();
	assert.deepEqual(admitted, names.slice(0, 8));
	line.done('/v1/pdf/status/r', answer(200));
	await nextTurn();
	assert.deepEqual(admitted, names.slice(0, 9), 'one answered, one more let in');
	for (let done = 0; done < 3; done++) line.done('/v1/pdf/status/r', answer(200));
	await nextTurn();
	assert.deepEqual(admitted, names);
	assert.equal(line.waitingCount, 0);
});

test('a 429 holds every waiting lookup back until its Retry-After, halves how many go at once, and is kept as the answer of a lookup whose time runs out', async () => {
	const line = new LookupLine();
	const names = Array.from({ length: 10 }, (_, index) => `l${index}`);
	const { admitted } = lookups(line, names);
	await nextTurn();
	const limited = answer(429, '1');
	line.done('/v1/pdf/status/r', limited);
	await nextTurn();
	assert.deepEqual(admitted, names.slice(0, 8), 'no lookup let in while the line is held back');
	assert.equal(line.lastHoldBack, limited);
	const heldSince = Date.now();
	await new Promise((wait) => setTimeout(wait, 1200));
	// Seven still out, the limit down from eight to four: none let in even after the hold.
	assert.deepEqual(admitted, names.slice(0, 8));
	for (let done = 0; done < 6; done++) line.done('/v1/pdf/status/r', answer(200));
	await nextTurn();
	assert.ok(Date.now() - heldSince >= 1000);
	assert.deepEqual(admitted, names, 'the hold over and answers come: the rest go, in order');
});

test('a lookup sent again after a 429 goes back to its place: before those that came after it', async () => {
	const line = new LookupLine();
	lookups(line, Array.from({ length: 8 }, (_, index) => `early${index}`));
	await nextTurn();
	const later = lookups(line, ['late0', 'late1'], (index) => 5000 + index);
	await nextTurn();
	assert.deepEqual(later.admitted, []);
	// early0's lookup is answered 429 (Retry-After 0): it asks for its next turn at its first place.
	line.done('/v1/pdf/status/r', answer(429, '0'));
	const again = line.turn(1000, FAR).then((mine) => mine && later.admitted.push('early0 again'));
	for (let done = 0; done < 7; done++) line.done('/v1/pdf/status/r', answer(200));
	await again;
	await nextTurn();
	assert.deepEqual(later.admitted, ['early0 again', 'late0', 'late1']);
});

test('a lookup whose deadline passes while it waits gets no turn and leaves the line', async () => {
	const line = new LookupLine();
	lookups(line, Array.from({ length: 8 }, (_, index) => `l${index}`));
	const late = line.turn(2000, Date.now() + 100);
	assert.equal(await late, false);
	assert.equal(line.waitingCount, 0);
	// Its leaving frees nothing: the eight still go, and the ninth comes only when one is answered.
	const next = lookups(line, ['next'], () => 3000);
	await nextTurn();
	assert.deepEqual(next.admitted, []);
	line.done('/v1/pdf/status/r', answer(200));
	await nextTurn();
	assert.deepEqual(next.admitted, ['next']);
});

test('while a 429 holds the line back past a lookup\'s deadline, the lookup is refused at once instead of waiting to be', async () => {
	const line = new LookupLine();
	const { turns } = lookups(line, ['first']);
	assert.equal(await turns[0], true);
	line.done('/v1/pdf/status/r', answer(429, '30'));
	const asked = Date.now();
	assert.equal(await line.turn(2000, Date.now() + 20_000), false);
	assert.ok(Date.now() - asked < 1000);
	assert.equal(line.waitingCount, 0);
});

test('a call sent again keeps the place its first call took until its lookup is answered; then a new call is new', async () => {
	const line = new LookupLine();
	assert.equal(line.placeOf('/v1/pdf/status/a', 1000), 1000);
	assert.equal(line.placeOf('/v1/pdf/status/b', 1500), 1500);
	// The call about render a, answered 503 and sent again at 30000, stands where it first stood: before b.
	assert.equal(line.placeOf('/v1/pdf/status/a', 30_000), 1000);
	assert.equal(await line.turn(1000, Date.now() + 1000), true);
	line.done('/v1/pdf/status/a', answer(429, '0'));
	assert.equal(line.placeOf('/v1/pdf/status/a', 31_000), 1000, 'a 429 keeps the place');
	line.done('/v1/pdf/status/a', answer(200));
	assert.equal(line.placeOf('/v1/pdf/status/a', 32_000), 32_000, 'answered: a later call about it is a new one');
});

test('a call that gave up keeps its place while it is sent again within PLACE_KEPT_MS; a place nobody asks for again is forgotten then', () => {
	const line = new LookupLine();
	line.placeOf('/v1/pdf/status/resent', 1000);
	line.placeOf('/v1/pdf/status/given-up', 1500);
	// Sent again within the time, after its first call's 20 s and a backoff: still where it first stood.
	assert.equal(line.placeOf('/v1/pdf/status/resent', 1000 + PLACE_KEPT_MS), 1000);
	assert.equal(line.keptPlaces, 2);
	// The other one was last asked for more than PLACE_KEPT_MS ago: forgotten, though nothing answered it.
	assert.equal(line.placeOf('/v1/pdf/status/third', 1501 + PLACE_KEPT_MS), 1501 + PLACE_KEPT_MS);
	assert.equal(line.keptPlaces, 2, 'resent and third kept, given-up forgotten');
	assert.equal(line.placeOf('/v1/pdf/status/given-up', 1502 + PLACE_KEPT_MS), 1502 + PLACE_KEPT_MS, 'asked for again later: a new place');
});

test('the places kept are bounded in number and in length: at most 2,000, none for a URL over 512 characters', () => {
	const line = new LookupLine();
	const long = `/v1/pdf/status/${'x'.repeat(600)}`;
	assert.equal(line.placeOf(long, 1000), 1000);
	assert.equal(line.keptPlaces, 0, 'a URL over 512 characters gets its place for its own call only');
	assert.equal(line.placeOf(long, 2000), 2000);
	for (let index = 0; index < 2500; index++) line.placeOf(`/v1/pdf/status/${index}`, 3000 + index);
	assert.equal(line.keptPlaces, 2000);
	assert.equal(line.placeOf('/v1/pdf/status/0', 6000), 6000, 'the oldest were dropped first');
	assert.equal(line.placeOf('/v1/pdf/status/2499', 6001), 5499);
});
