/** The sandbox's PDF tools and uploads, as the spec and the API notes describe them, over HTTP. */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from '@jest/globals';
import axios from 'axios';

import { serveFiles, textPdf, type FileServer } from '../support/fixtures';
import { pdfPageCount } from '../support/pdf';
import { callApi, download } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox();
let files: FileServer;

beforeAll(async () => {
	files = await serveFiles({ '/a.pdf': await textPdf('A', 2), '/b.pdf': await textPdf('B', 3) });
});

afterAll(async () => {
	await files.close();
});

/** A PUT of a PDF to an upload URL, without the key. */
async function upload(url: string, pdf: Buffer) {
	return await axios.put(url, pdf, { headers: { 'Content-Type': 'application/pdf' }, validateStatus: () => true });
}

describe('signed upload URLs', () => {
	test('a PUT of a PDF without the key makes it readable at the get URL', async () => {
		const slot = await callApi(sandbox, 'GET', '/v1/tools/get-signed-upload-url?fileName=upload.pdf');
		assert.equal(slot.status, 200);
		assert.deepEqual(Object.keys(slot.json).sort(), ['fileName', 'getUrlValidUntil', 'presignedGetUrl', 'presignedUploadUrl', 'status', 'uploadUrlValidUntil']);
		const minutes = (iso: string) => Math.round((Date.parse(iso) - Date.now()) / 60_000);
		assert.equal(minutes(slot.json.uploadUrlValidUntil), 30);
		assert.equal(minutes(slot.json.getUrlValidUntil), 60);
		assert.equal((await download(slot.json.presignedGetUrl)).status, 404, 'nothing to read before the upload');

		const pdf = await textPdf('Uploaded', 4);
		const put = await upload(slot.json.presignedUploadUrl, pdf);
		assert.equal(put.status, 200);
		const read = await download(slot.json.presignedGetUrl);
		assert.equal(read.status, 200);
		assert.equal(await pdfPageCount(read.bytes), 4);
	});

	test('the get URL cannot be used to upload', async () => {
		const slot = await callApi(sandbox, 'GET', '/v1/tools/get-signed-upload-url?fileName=x.pdf');
		const forged = slot.json.presignedGetUrl.replace('/files/', '/uploads/').replace(/\/[^/?]+\?/, '?');
		const put = await upload(forged, await textPdf('x', 1));
		assert.equal(put.status, 403);
	});

	test('fileName is optional (a random name is made) and a given name is sanitised, as the service documents', async () => {
		const unnamed = await callApi(sandbox, 'GET', '/v1/tools/get-signed-upload-url');
		assert.equal(unnamed.status, 200);
		assert.match(unnamed.json.fileName, /^[a-z0-9]{6,}\.pdf$/);
		const names: Record<string, string> = {
			'../../etc/Q3 report (final).pdf': 'Q3 report (final).pdf',
			'notes.txt': 'notes.txt.pdf',
			'Rechnung März.PDF': 'Rechnung März.pdf',
			'a"b<c>|d?.pdf': 'a_b_c_d_.pdf',
			'..\\..\\.hidden.pdf': 'hidden.pdf',
		};
		for (const [given, stored] of Object.entries(names)) {
			const slot = await callApi(sandbox, 'GET', `/v1/tools/get-signed-upload-url?fileName=${encodeURIComponent(given)}`);
			assert.equal(slot.status, 200, given);
			assert.equal(slot.json.fileName, stored, given);
			assert.ok(decodeURIComponent(slot.json.presignedGetUrl).includes(`/${stored}?`), slot.json.presignedGetUrl);
		}
		assert.deepEqual(sandbox.context.violations, [], 'a missing or odd fileName is within the contract');
	});
});

describe('tool validation: the spec\'s 400s', () => {
	const cases: Array<[string, string, Record<string, unknown>, RegExp]> = [
		['empty markdown', '/v1/tools/convert-markdown-to-pdf', { markdown: ' ' }, /markdown is required and must not be empty/],
		['fewer than 2 urls', '/v1/tools/merge-pdfs', { urls: ['https://example.com/a.pdf'] }, /at least 2/],
		['an invalid URL', '/v1/tools/split-pdf', { url: 'not a url' }, /url must be a valid/],
		['ranges missing in ranges mode', '/v1/tools/split-pdf', { url: 'https://example.com/a.pdf', splitMode: 'ranges' }, /ranges is required when splitMode is "ranges"/],
		['an interval under 1', '/v1/tools/split-pdf', { url: 'https://example.com/a.pdf', interval: 0 }, /interval must be a whole number of at least 1/],
		['an unknown compress level', '/v1/tools/compress-pdf', { url: 'https://example.com/a.pdf', compressLevel: 'max' }, /compressLevel must be one of low, medium, high/],
		['a final file name without .pdf', '/v1/tools/compress-pdf', { url: 'https://example.com/a.pdf', finalFilename: 'a.doc' }, /finalFilename must end with .pdf/],
		['an expiration under 60', '/v1/tools/merge-pdfs', { urls: ['https://a.test/a.pdf', 'https://a.test/b.pdf'], expiration: 59 }, /expiration must be .* between 60 and 604800/],
		['empty metadata', '/v1/tools/update-pdf-metadata', { url: 'https://example.com/a.pdf', metadata: {} }, /metadata must contain at least one field/],
		['a scale over 2', '/v1/tools/convert-markdown-to-pdf', { markdown: '# x', pdfOptions: { scale: 3 } }, /pdfOptions.scale must be a number from 0.1 to 2/],
	];
	for (const [name, path, body, message] of cases) {
		test(name, async () => {
			const response = await callApi(sandbox, 'POST', path, body);
			assert.equal(response.status, 400);
			assert.match(response.json.message, message);
		});
	}
});

describe('tool results', () => {
	test('merge answers the tool result shape, and async the acknowledgement then the status record', async () => {
		const merged = await callApi(sandbox, 'POST', '/v1/tools/merge-pdfs', { urls: [files.url('/a.pdf'), files.url('/b.pdf')], finalFilename: 'ab.pdf' });
		assert.equal(merged.status, 200);
		assert.deepEqual(Object.keys(merged.json).sort(), ['fileName', 'status', 'url', 'urlValidUntil']);
		assert.equal(merged.json.fileName, 'ab.pdf');
		assert.equal(await pdfPageCount((await download(merged.json.url)).bytes), 5);

		const ack = await callApi(sandbox, 'POST', '/v1/tools/merge-pdfs', { urls: [files.url('/a.pdf'), files.url('/b.pdf')], async: true });
		assert.equal(ack.status, 200);
		assert.deepEqual(Object.keys(ack.json).sort(), ['message', 'requestId', 'statusUrl']);
		assert.equal(ack.json.statusUrl, `${sandbox.baseUrl}/v1/tools/status/${ack.json.requestId}`);
		await sandbox.context.tools.get(ack.json.requestId)!.finished;
		const status = await callApi(sandbox, 'GET', `/v1/tools/status/${ack.json.requestId}`);
		assert.equal(status.json.status, 'SUCCESS');
		assert.deepEqual(status.json.metadata, {});
		assert.deepEqual(Object.keys(status.json.result).sort(), ['fileName', 'status', 'url', 'urlValidUntil']);
	});

	test('split answers urls and zipUrl, one part per interval', async () => {
		const split = await callApi(sandbox, 'POST', '/v1/tools/split-pdf', { url: files.url('/b.pdf'), interval: 1 });
		assert.equal(split.json.totalParts, 3);
		assert.equal(split.json.urls.length, 3);
		assert.match(split.json.urls[0], /\/b_1\.pdf\?/);
		assert.match(split.json.zipUrl, /\/b\.zip\?/);
	});

	test('an unknown tool request id is 404', async () => {
		assert.equal((await callApi(sandbox, 'GET', '/v1/tools/status/nope')).status, 404);
	});
});
