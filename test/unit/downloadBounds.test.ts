/**
 * What a download may cost (nodes/shared/files/downloadBounds.ts, through download.ts): a file
 * that drips stops at its deadline, one that is larger than its bound stops there, and a file
 * pdf noodle announced may be a little larger than announced, not more. The engine test
 * egressAtConnection.test.ts runs the trigger's own limits against an endless file.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, test } from '@jest/globals';

import { downloadToBinary } from '../../dist/nodes/shared/files/download.js';
import type { DownloadLimits } from '../../dist/nodes/shared/files/fileContext.js';

/** A file context whose one file host answers `body()` (a fresh stream per try), keeping what n8n got. */
function contextServing(body: () => Readable, downloadLimits?: DownloadLimits) {
	const stored: Buffer[] = [];
	const context = {
		getNode: () => ({ name: 'PDF Noodle' }),
		getItemIndex: () => 0,
		getExecutionCancelSignal: () => undefined,
		downloadLimits,
		helpers: {
			httpRequest: async () => ({ statusCode: 200, headers: { 'content-type': 'application/pdf' }, body: body() }),
			prepareBinaryData: async (data: Buffer | Readable, fileName?: string) => {
				const bytes = Buffer.isBuffer(data) ? data : Buffer.concat(await data.toArray());
				stored.push(bytes);
				return { data: '', mimeType: 'application/pdf', fileName, fileSize: String(bytes.length) };
			},
		},
	};
	return { context: context as never, stored };
}

/** A stream of `total` bytes in 16 kB chunks (Infinity: without end), one chunk every `everyMs`. */
function bytesStream(total: number, everyMs = 0): Readable {
	let sent = 0;
	return new Readable({
		read() {
			if (sent >= total) return void this.push(null);
			const chunk = Buffer.alloc(Math.min(16 * 1024, total - sent), 0x41);
			sent += chunk.length;
			if (everyMs === 0) this.push(chunk);
			else setTimeout(() => this.push(chunk), everyMs);
		},
	});
}

const URL_OF_FILE = 'https://files.example.com/a.pdf';

describe('downloadToBinary within its limits', () => {
	test('a file that drips stops at the deadline, with the rule in the message, and is not tried again', async () => {
		let tries = 0;
		const limits = { maxBytes: 1e9, deadline: { at: Date.now() + 300, rule: '0.3 s, the time of this test' }, whose: 'a file of this test' };
		const { context, stored } = contextServing(() => (tries++, bytesStream(Infinity, 100)), limits);
		await assert.rejects(downloadToBinary(context, URL_OF_FILE, undefined, 'document'), {
			message: `Not downloaded: ${URL_OF_FILE} did not arrive within 0.3 s, the time of this test`,
		});
		assert.deepEqual([tries, stored.length], [1, 0]);
	});

	test('a file over the byte bound stops there, streamed or read whole', async () => {
		const limits = { maxBytes: 100_000, whose: 'a file of this test' };
		for (const announced of [undefined, 50_000]) {
			const { context, stored } = contextServing(() => bytesStream(Infinity), limits);
			await assert.rejects(downloadToBinary(context, URL_OF_FILE, undefined, 'document', announced), {
				message: `Not downloaded: ${URL_OF_FILE} sent more than 100000 bytes, the most a file of this test may have`,
			});
			assert.equal(stored.length, 0);
		}
	});

	test('a file pdf noodle announced: a little over the announced size is that file, far over it is refused', async () => {
		const announced = 12_300; // "12.3 kB"
		const close = contextServing(() => bytesStream(12_345));
		const file = await downloadToBinary(close.context, URL_OF_FILE, 'a.pdf', 'document', announced);
		assert.equal(file.fileSize, '12345');
		const far = contextServing(() => bytesStream(Infinity));
		await assert.rejects(downloadToBinary(far.context, URL_OF_FILE, 'a.pdf', 'document', announced), {
			message: `Not downloaded: ${URL_OF_FILE} sent more than ${Math.ceil(announced * 1.1) + 64 * 1024} bytes, the most a file pdf noodle announced as 12300 bytes may have`,
		});
	});

	test('without limits (no size announced, no unconfirmed call) a large file streams through whole', async () => {
		const { context, stored } = contextServing(() => bytesStream(3_000_000));
		await downloadToBinary(context, URL_OF_FILE, 'a.pdf', 'document');
		assert.equal(stored[0].length, 3_000_000);
	});
});
