/**
 * The names of downloaded files, against a sandbox whose signed URLs end in a file id, not
 * the file's name (as some object stores' URLs do): the name then comes only with the
 * download's Content-Disposition, or from the service's naming rules.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from '@jest/globals';

import { binaryBytes } from '../harness/engine';
import { serveFiles, textPdf, type FileServer } from '../support/fixtures';
import { pdfPageCount } from '../support/pdf';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ opaqueFileUrls: true, textRender: true });
let files: FileServer;

beforeAll(async () => {
	files = await serveFiles({ '/report.pdf': await textPdf('Report', 10) });
});

afterAll(async () => {
	await files.close();
});

const renderHtml = (extra: Record<string, unknown> = {}) => ({ resource: 'document', operation: 'renderFromHtml', html: '<h1>Shipping label</h1>', ...extra });

/** The name the sandbox stored the file behind a signed URL under. */
function storedName(signedUrl: unknown): string {
	const id = /\/files\/([^/?]+)\?/.exec(String(signedUrl))![1];
	return sandbox.context.files.get(id)!.fileName;
}

describe('renders', () => {
	test('a sync render is named as its download says, not "document.pdf"', async () => {
		const { items, error } = await sandbox.run(renderHtml());
		assert.equal(error, undefined, error?.message);
		assert.doesNotMatch(String(items[0].json.signedUrl), /\.pdf/, 'the URL does not name the file');
		assert.match(items[0].binary?.data.fileName ?? '', /^[0-9a-f-]{36}\.pdf$/);
		assert.equal(items[0].binary?.data.fileName, storedName(items[0].json.signedUrl));
	});

	test('a name beyond ASCII comes through filename*', async () => {
		const { items, error } = await sandbox.run(renderHtml({ options: { s3Bucket: 'sandbox-storage', s3Key: 'reports/Prüfbericht März €' } }));
		assert.equal(error, undefined, error?.message);
		assert.equal(items[0].binary?.data.fileName, 'Prüfbericht März €.pdf');
		assert.equal(items[0].binary?.data.mimeType, 'application/pdf');
	});

	test('the File Name option still wins', async () => {
		const { items } = await sandbox.run(renderHtml({ fileName: 'label-42.pdf' }));
		assert.equal(items[0].binary?.data.fileName, 'label-42.pdf');
	});
});

describe('split parts and their ZIP', () => {
	test('carry the service\'s names in the binary and in the JSON', async () => {
		const { items, error } = await sandbox.run({
			resource: 'pdfTool',
			operation: 'splitPdf',
			inputType: 'url',
			url: files.url('/report.pdf'),
			splitMode: 'intervals',
			interval: 4,
			downloadZip: true,
		});
		assert.equal(error, undefined, error?.message);
		// The ZIP, the file of the whole split, comes first, as a batch's merged PDF does.
		assert.deepEqual(items.map((item) => item.binary?.data.fileName), ['report.zip', 'report_1.pdf', 'report_2.pdf', 'report_3.pdf']);
		assert.deepEqual(items.map((item) => item.json.fileName), ['report.zip', 'report_1.pdf', 'report_2.pdf', 'report_3.pdf']);
		assert.deepEqual(items.map((item) => item.json.partNumber), [undefined, 1, 2, 3]);
		assert.equal(items[0].json.zip, true);
		assert.equal(items[0].binary?.data.mimeType, 'application/zip');
		assert.equal(await pdfPageCount(await binaryBytes(items[3].binary?.data)), 2);
	});

	test('all files on one item: the ZIP in the output field, the parts numbered from 1, each with its name', async () => {
		const { items, error } = await sandbox.run({
			resource: 'pdfTool',
			operation: 'splitPdf',
			inputType: 'url',
			url: files.url('/report.pdf'),
			splitMode: 'ranges',
			ranges: '1-5,6-10',
			fileOutput: 'oneItem',
			downloadZip: true,
			toolOptions: { finalFilename: 'book.pdf' },
		});
		assert.equal(error, undefined, error?.message);
		const binary = items[0].binary ?? {};
		assert.deepEqual(
			Object.entries(binary).map(([field, file]) => [field, file.fileName]),
			[['data', 'book.zip'], ['data_1', 'book_1.pdf'], ['data_2', 'book_2.pdf']],
		);
		assert.equal(items[0].json.fileName, 'book.pdf', 'the item of all parts keeps the answer as it came');
	});
});
