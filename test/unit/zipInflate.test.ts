/**
 * The package's own DEFLATE inflater (nodes/shared/htmlFiles/inflate.ts), against what Node's
 * zlib writes: dynamic and fixed Huffman blocks, stored blocks, long back-references, and
 * damaged or truncated streams refused with a message naming what was being read.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { crc32 as zlibCrc32, deflateRawSync } from 'node:zlib';
import { describe, test } from '@jest/globals';

import { crc32 } from '../../dist/nodes/shared/htmlFiles/crc32.js';
import { inflateRaw } from '../../dist/nodes/shared/htmlFiles/inflate.js';
import { compressed, firstBlockType } from '../support/zipBuilder';

const LABEL = 'The ZIP entry "x"';
const inflate = (data: Buffer, maxBytes = 10_000_000) => Buffer.from(inflateRaw(data, { maxBytes, label: LABEL }));

const TEXT = Buffer.from(
	Array.from({ length: 400 }, (_, line) => `<p class="line-${line % 7}">Line ${line}: the quick brown fox jumps over the lazy dog, äöü €.</p>\n`).join(''),
	'utf8',
);

describe('inflateRaw reads what zlib writes', () => {
	test('dynamic Huffman blocks (zlib level 9 on text)', () => {
		const deflated = compressed(TEXT, 'deflate');
		assert.equal(firstBlockType(deflated), 2);
		assert.deepEqual(inflate(deflated), TEXT);
	});

	test('fixed Huffman blocks (Z_FIXED)', () => {
		const deflated = compressed(TEXT, 'fixed');
		assert.equal(firstBlockType(deflated), 1);
		assert.deepEqual(inflate(deflated), TEXT);
	});

	test('stored blocks (level 0), several of them for 200 KB', () => {
		const data = randomBytes(200_000);
		const deflated = compressed(data, 'level0');
		assert.equal(firstBlockType(deflated), 0);
		assert.deepEqual(inflate(deflated), data);
	});

	test('incompressible and highly repetitive data, long distances and overlapping copies', () => {
		const random = randomBytes(100_000);
		assert.deepEqual(inflate(deflateRawSync(random)), random);
		const repeated = Buffer.alloc(1_000_000, 'ab');
		assert.deepEqual(inflate(deflateRawSync(repeated)), repeated);
		const farApart = Buffer.concat([random.subarray(0, 30_000), randomBytes(2_000), random.subarray(0, 30_000)]);
		assert.deepEqual(inflate(deflateRawSync(farApart)), farApart);
	});

	test('an empty input deflated, and one byte', () => {
		assert.equal(inflate(deflateRawSync(Buffer.alloc(0))).length, 0);
		assert.deepEqual(inflate(deflateRawSync(Buffer.from('x'))), Buffer.from('x'));
	});

	test('the output grows past its first guess when no size is expected', () => {
		const data = randomBytes(5000);
		assert.deepEqual(Buffer.from(inflateRaw(deflateRawSync(data), { maxBytes: 10_000, expectedBytes: 10, label: LABEL })), data);
	});
});

describe('inflateRaw refuses', () => {
	test('output past maxBytes (a bomb): 10 MB of zeros from 10 KB, bounded at 1 MB', () => {
		const bomb = deflateRawSync(Buffer.alloc(10_000_000));
		assert.ok(bomb.length < 20_000);
		assert.throws(() => inflate(bomb, 1_000_000), { name: 'FileRefused', message: /^The ZIP entry "x" inflates to more than 1000000 bytes/ });
		assert.throws(() => inflate(compressed(randomBytes(3000), 'level0'), 1000), { name: 'FileRefused', message: /inflates to more than 1000 bytes/ });
	});

	test('a truncated stream', () => {
		const deflated = deflateRawSync(TEXT);
		assert.throws(() => inflate(deflated.subarray(0, deflated.length >> 1)), { name: 'FileRefused', message: /^The ZIP entry "x" is truncated/ });
		const stored = compressed(randomBytes(1000), 'level0');
		assert.throws(() => inflate(stored.subarray(0, 500)), { message: /truncated: a stored block ends early/ });
	});

	test('a stored block whose length fails its check, and the reserved block type', () => {
		assert.throws(() => inflate(Buffer.from([0x01, 0x05, 0x00, 0x00, 0x00, 1, 2, 3, 4, 5])), { message: /stored block's length does not match/ });
		assert.throws(() => inflate(Buffer.from([0x07, 0x00])), { message: /reserved type 3/ });
	});

	test('a back-reference before the start of the output', () => {
		// Fixed block: the length code 257 (7 bits 0000001) at once, distance code 0: nothing yet to copy.
		assert.throws(() => inflate(Buffer.from([0x03, 0x02, 0x00, 0x00])), { message: /refers back before its start/ });
	});

	test('a dynamic block with an over-subscribed code, or a repeat with nothing before it', () => {
		// Header: last, dynamic; 257 literal codes, 1 distance, 4 code-length codes all of length 1 (over-subscribed).
		const overSubscribed = Buffer.from([0b00000101, 0b00000000, 0b10010010, 0b00000100, 0b00000000]);
		assert.throws(() => inflate(overSubscribed), { message: /invalid Huffman code/ });
		// Code-length code: symbols 16 and 17 of length 1; the first symbol read (a 0 bit) is 16, a repeat of nothing.
		const repeatFirst = Buffer.from([0b00000101, 0b00000000, 0b00010010, 0b00000000, 0b00000000]);
		assert.throws(() => inflate(repeatFirst), { message: /repeats a code length before any/ });
	});

	test('random bytes never hang or escape as anything but a refusal or some output', () => {
		for (let round = 0; round < 200; round++) {
			const noise = randomBytes(1 + (round % 64));
			try {
				inflateRaw(noise, { maxBytes: 100_000, label: LABEL });
			} catch (error) {
				assert.equal((error as Error).name, 'FileRefused', String(error));
			}
		}
	});
});

test('crc32 agrees with zlib on text, random bytes and nothing', () => {
	for (const data of [TEXT, randomBytes(10_000), Buffer.alloc(0), Buffer.from('123456789')]) assert.equal(crc32(data), zlibCrc32(data));
	assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
});
