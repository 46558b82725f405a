/** The PDF Tool resource in n8n's engine against the sandbox: the files that come out, read back. */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from '@jest/globals';

import { unzipSync } from 'fflate';
import type { INodeExecutionData } from 'n8n-workflow';

import { binaryBytes, binaryDataService } from '../harness/engine';
import { imagePdf, serveFiles, textPdf, type FileServer } from '../support/fixtures';
import { pdfPageContents, pdfPageCount, pdfPageSizes, pdfPageTexts, pdfProperties, pdfText } from '../support/pdf';
import { apiRequests, clearRequestLog } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox();
let files: FileServer;
let tenPages: Buffer;
let photo: Buffer;

beforeAll(async () => {
	tenPages = await textPdf('Report', 10, { title: 'Original title', creator: 'Fixture maker' });
	photo = await imagePdf();
	files = await serveFiles({
		'/report.pdf': tenPages,
		'/a.pdf': await textPdf('Alpha', 2),
		'/b.pdf': await textPdf('Bravo', 1),
		'/photo.pdf': photo,
		'/not-a-pdf.txt': Buffer.from('hello'),
	});
});

afterAll(async () => {
	await files.close();
});

/** An input item holding a PDF in binary field `data`, as a Read Binary File node would give it. */
async function pdfItem(bytes: Buffer, fileName: string): Promise<INodeExecutionData> {
	const { prepareBinaryData } = await import('n8n-core');
	await binaryDataService();
	const binary = await prepareBinaryData(bytes, 'engine-test', 'engine-test-execution', fileName, 'application/pdf');
	return { json: { name: fileName }, binary: { data: binary } };
}

const tool = (operation: string, parameters: Record<string, unknown>) => ({ resource: 'pdfTool', operation, ...parameters });
const toolCalls = () => apiRequests(sandbox).filter((request) => request.path.startsWith('/v1/tools/') && request.method === 'POST');

describe('Markdown to PDF', () => {
	const markdown = [
		'# Release notes',
		'Some **bold**, *italic* and ~~struck~~ text with `inline code` and a [link](https://example.com).',
		'',
		'| Feature | Status |',
		'|---|---|',
		'| Batches | done |',
		'',
		'```js',
		'const answer = 42;',
		'```',
		'',
		'> A quote',
		'',
		'1. first',
		'   - nested',
		'',
		'---',
	].join('\n');

	test('sends markdown, CSS and PDF options, and gives the PDF with its file name', async () => {
		const { items, error } = await sandbox.run(
			tool('markdownToPdf', {
				markdown,
				customCss: 'h1 { color: #c00; } h1::after { content: " (styled by customCss)"; }',
				pdfOptions: { format: 'A4', landscape: true, marginTop: '1cm', scale: 1 },
				toolOptions: { finalFilename: 'release-notes.pdf', expiration: 600 },
			}),
		);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(toolCalls()[0].body, {
			markdown,
			customCss: 'h1 { color: #c00; } h1::after { content: " (styled by customCss)"; }',
			pdfOptions: { format: 'A4', landscape: true, scale: 1, margin: { top: '1cm' } },
			finalFilename: 'release-notes.pdf',
			expiration: 600,
		});
		assert.equal(items[0].json.fileName, 'release-notes.pdf');
		assert.equal(items[0].json.status, 'SUCCESS');
		assert.ok(!Number.isNaN(Date.parse(String(items[0].json.urlValidUntil))));
		assert.equal(items[0].binary?.data.fileName, 'release-notes.pdf');
		const bytes = await binaryBytes(items[0].binary?.data);
		// Highlighted code is drawn token by token; spaces between runs are collapsed.
		const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
		// The generated text of the custom CSS shows that it reached the document.
		for (const expected of ['Release notes (styled by customCss)', 'bold', 'Batches', 'done', 'const answer = 42;', 'A quote', 'nested']) {
			assert.ok(text.includes(expected), `"${expected}" in ${text}`);
		}
		const [page] = await pdfPageSizes(bytes);
		assert.ok(Math.abs(page.width - 842) <= 1 && Math.abs(page.height - 595) <= 1, `A4 landscape: ${JSON.stringify(page)}`);
	});

	test('an empty markdown is refused before sending', async () => {
		const { error } = await sandbox.run(tool('markdownToPdf', { markdown: '={{ "   " }}' }));
		assert.equal(error?.message, 'Invalid "Markdown": must not be empty');
		assert.equal(apiRequests(sandbox).length, 0);
	});
});

describe('Merge PDFs', () => {
	test('merges URLs and an uploaded binary in the given order', async () => {
		const { items, error } = await sandbox.run(
			tool('mergePdfs', {
				sources: {
					source: [
						{ inputType: 'url', url: files.url('/a.pdf') },
						{ inputType: 'binary', binaryPropertyName: 'data' },
						{ inputType: 'url', url: files.url('/b.pdf') },
					],
				},
				toolOptions: { finalFilename: 'merged.pdf' },
			}),
			[await pdfItem(await textPdf('Charlie', 1), 'charlie.pdf')],
		);
		assert.equal(error, undefined, error?.message);
		const pages = await pdfPageTexts(await binaryBytes(items[0].binary?.data));
		assert.deepEqual(pages.map((page) => page.trim()), ['Alpha page 1', 'Alpha page 2', 'Charlie page 1', 'Bravo page 1']);

		const calls = apiRequests(sandbox).map((request) => `${request.method} ${request.path}`);
		assert.deepEqual(calls, ['GET /v1/tools/get-signed-upload-url', 'POST /v1/tools/merge-pdfs']);
		assert.equal(apiRequests(sandbox)[0].query.fileName, 'charlie.pdf');
		const upload = sandbox.context.requestLog.find((request) => request.method === 'PUT')!;
		assert.match(upload.path, /^\/uploads\//);
		assert.equal(upload.headers['content-type'], 'application/pdf');
		assert.equal(upload.headers.authorization, undefined, 'the upload URL gets no API key');
		const urls = (toolCalls()[0].body as { urls: string[] }).urls;
		assert.equal(urls[0], files.url('/a.pdf'));
		assert.match(urls[1], /\/files\/.+\/charlie\.pdf\?expires=/);
	});

	test('fewer than two PDFs, or a binary that is not a PDF, is refused before sending', async () => {
		const one = await sandbox.run(tool('mergePdfs', { sources: { source: [{ inputType: 'url', url: files.url('/a.pdf') }] } }));
		assert.equal(one.error?.message, 'Invalid "PDFs to Merge": needs at least 2 PDFs, not 1');

		const png = await (async () => {
			const { prepareBinaryData } = await import('n8n-core');
			const binary = await prepareBinaryData(Buffer.from('\x89PNG\r\n\x1a\n....'), 'engine-test', 'engine-test-execution', 'logo.png', 'image/png');
			return [{ json: {}, binary: { data: binary } }];
		})();
		const notPdf = await sandbox.run(
			tool('mergePdfs', { sources: { source: [{ inputType: 'url', url: files.url('/a.pdf') }, { inputType: 'binary', binaryPropertyName: 'data' }] } }),
			png,
		);
		assert.equal(notPdf.error?.message, 'Invalid "PDFs to Merge → 2 → Input Binary Field": the binary field "data" is not a PDF (image/png, logo.png)');
		assert.equal(apiRequests(sandbox).length, 0);
	});
});

describe('Merge PDFs with "All Input Items"', () => {
	test('one merged PDF of every item\'s binary, in item order, in one request, paired with every item', async () => {
		const input = [
			await pdfItem(await textPdf('One', 1), 'one.pdf'),
			await pdfItem(await textPdf('Two', 2), 'two.pdf'),
			await pdfItem(await textPdf('Three', 1), 'three.pdf'),
		];
		const { items, error } = await sandbox.run(tool('mergePdfs', { mergeInputs: 'allItems', inputType: 'binary', binaryPropertyNameIn: 'data' }), input);
		assert.equal(error, undefined, error?.message);
		assert.equal(items.length, 1);
		assert.deepEqual(items[0].pairedItem, [{ item: 0 }, { item: 1 }, { item: 2 }]);
		const pages = await pdfPageTexts(await binaryBytes(items[0].binary?.data));
		assert.deepEqual(pages.map((page) => page.trim()), ['One page 1', 'Two page 1', 'Two page 2', 'Three page 1']);
		assert.equal(toolCalls().length, 1, 'one merge request');
		assert.deepEqual(
			(toolCalls()[0].body as { urls: string[] }).urls.map((url) => /\/([\w.]+)\?expires=/.exec(url)?.[1]),
			['one.pdf', 'two.pdf', 'three.pdf'],
		);
	});

	test('each item\'s URL from an expression', async () => {
		const { items, error } = await sandbox.run(
			tool('mergePdfs', { mergeInputs: 'allItems', inputType: 'url', url: '={{ $json.pdf }}' }),
			[{ json: { pdf: files.url('/b.pdf') } }, { json: { pdf: files.url('/a.pdf') } }],
		);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual((toolCalls()[0].body as { urls: string[] }).urls, [files.url('/b.pdf'), files.url('/a.pdf')]);
		const pages = await pdfPageTexts(await binaryBytes(items[0].binary?.data));
		assert.deepEqual(pages.map((page) => page.trim()), ['Bravo page 1', 'Alpha page 1', 'Alpha page 2']);
	});

	test('one input item, or an item without its PDF, is refused before anything is sent', async () => {
		const one = await sandbox.run(tool('mergePdfs', { mergeInputs: 'allItems', inputType: 'url', url: files.url('/a.pdf') }));
		assert.equal(one.error?.message, 'Invalid "Inputs": "All Input Items" needs at least 2 input items with a PDF, not 1');
		const missing = await sandbox.run(tool('mergePdfs', { mergeInputs: 'allItems', inputType: 'binary', binaryPropertyNameIn: 'data' }), [
			await pdfItem(await textPdf('One', 1), 'one.pdf'),
			{ json: {} },
		]);
		assert.equal(missing.error?.message, 'Invalid "Input Binary Field": the input item has no binary field "data"');
		assert.equal(sandbox.context.requestLog.length, 0);
	});
});

describe('Split PDF', () => {
	test('a 10-page file every 3 pages gives 4 items named {base}_{n}.pdf', async () => {
		const { items, error } = await sandbox.run(tool('splitPdf', { inputType: 'url', url: files.url('/report.pdf'), splitMode: 'intervals', interval: 3 }));
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(toolCalls()[0].body, { url: files.url('/report.pdf'), splitMode: 'intervals', interval: 3 });
		assert.equal(items.length, 4);
		assert.deepEqual(items.map((item) => item.binary?.data.fileName), ['report_1.pdf', 'report_2.pdf', 'report_3.pdf', 'report_4.pdf']);
		const counts = await Promise.all(items.map(async (item) => await pdfPageCount(await binaryBytes(item.binary?.data))));
		assert.deepEqual(counts, [3, 3, 3, 1]);
		assert.equal(items[0].json.totalParts, 4);
		assert.deepEqual(items.map((item) => item.pairedItem), [{ item: 0 }, { item: 0 }, { item: 0 }, { item: 0 }]);
		assert.ok((await pdfText(await binaryBytes(items[3].binary?.data))).includes('Report page 10'));
	});

	test('ranges from a binary, all parts on one item, and the ZIP', async () => {
		const { items, error } = await sandbox.run(
			tool('splitPdf', { inputType: 'binary', splitMode: 'ranges', ranges: '1-3, 5, 7-10', fileOutput: 'oneItem', downloadZip: true, toolOptions: { finalFilename: 'chapter.pdf' } }),
			[await pdfItem(tenPages, 'book.pdf')],
		);
		assert.equal(error, undefined, error?.message);
		assert.equal((toolCalls()[0].body as { ranges: string }).ranges, '1-3,5,7-10');
		assert.equal(items.length, 1);
		assert.deepEqual(Object.keys(items[0].binary ?? {}).sort(), ['data', 'data_1', 'data_2', 'data_3']);
		const counts = await Promise.all(['data_1', 'data_2', 'data_3'].map(async (field) => await pdfPageCount(await binaryBytes(items[0].binary?.[field]))));
		assert.deepEqual(counts, [3, 1, 4]);
		const zip = unzipSync(new Uint8Array(await binaryBytes(items[0].binary?.data)));
		assert.deepEqual(Object.keys(zip).sort(), ['chapter_1.pdf', 'chapter_2.pdf', 'chapter_3.pdf']);
	});

	test('ZIP only: one item whose binary is the ZIP of the parts, and no part downloaded on its own', async () => {
		const { items, error } = await sandbox.run(tool('splitPdf', { inputType: 'url', url: files.url('/report.pdf'), splitMode: 'intervals', interval: 4, fileOutput: 'zipOnly' }));
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(toolCalls()[0].body, { url: files.url('/report.pdf'), splitMode: 'intervals', interval: 4 });
		assert.equal(items.length, 1);
		assert.deepEqual(Object.keys(items[0].binary ?? {}), ['data']);
		const archive = items[0].binary!.data;
		assert.equal(archive.fileName, 'report.zip');
		assert.equal(archive.mimeType, 'application/zip');
		assert.equal(items[0].json.totalParts, 3);
		assert.equal(items[0].json.fileName, 'report.zip');
		assert.deepEqual(items[0].pairedItem, { item: 0 });
		const zip = unzipSync(new Uint8Array(await binaryBytes(archive)));
		assert.deepEqual(Object.keys(zip).sort(), ['report_1.pdf', 'report_2.pdf', 'report_3.pdf']);
		const counts = await Promise.all(['report_1.pdf', 'report_2.pdf', 'report_3.pdf'].map(async (name) => await pdfPageCount(Buffer.from(zip[name]))));
		assert.deepEqual(counts, [4, 4, 2]);
		const downloads = sandbox.context.requestLog.filter((request) => request.method === 'GET' && request.path.startsWith('/files/'));
		assert.equal(downloads.length, 1, 'only the ZIP is downloaded');
	});

	test('bad ranges are refused before sending; ranges past the end are the service\'s 400', async () => {
		const backwards = await sandbox.run(tool('splitPdf', { inputType: 'url', url: files.url('/report.pdf'), splitMode: 'ranges', ranges: '3-1' }));
		assert.equal(backwards.error?.message, 'Invalid "Page Ranges": must be page numbers and ranges separated by commas, like "1-3,5,7-10"; "3-1" is not a valid range');
		assert.equal(apiRequests(sandbox).length, 0);
		const pastTheEnd = await sandbox.run(tool('splitPdf', { inputType: 'url', url: files.url('/report.pdf'), splitMode: 'ranges', ranges: '9-12' }));
		assert.equal(pastTheEnd.error?.message, 'ranges: "9-12" goes past the last page (10)');
		assert.equal((pastTheEnd.error as { httpCode?: string }).httpCode, '400');
	});
});

describe('Compress PDF', () => {
	test('shrinks an image-heavy PDF and reports the sizes', async () => {
		const { items, error } = await sandbox.run(tool('compressPdf', { inputType: 'url', url: files.url('/photo.pdf'), compressLevel: 'high' }));
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(toolCalls()[0].body, { url: files.url('/photo.pdf'), compressLevel: 'high' });
		const metadata = items[0].json.metadata as { originalSize: string; compressedSize: string; reduction: string };
		assert.match(metadata.originalSize, /^\d+\.\d kB$/);
		assert.match(metadata.reduction, /^\d+\.\d%$/);
		const compressed = await binaryBytes(items[0].binary?.data);
		assert.ok(compressed.length < photo.length / 2, `${compressed.length} bytes from ${photo.length}`);
		assert.equal(parseFloat(metadata.compressedSize), Number((compressed.length / 1000).toFixed(1)));
		assert.equal(await pdfPageCount(compressed), 1);
	});

	test('from a binary: the PDF is uploaded, then compressed', async () => {
		const { items, error } = await sandbox.run(tool('compressPdf', { inputType: 'binary', compressLevel: 'low' }), [await pdfItem(photo, 'photo.pdf')]);
		assert.equal(error, undefined, error?.message);
		assert.match(String((toolCalls()[0].body as { url: string }).url), /\/files\/.+\/photo\.pdf\?expires=/);
		const compressed = await binaryBytes(items[0].binary?.data);
		assert.ok(compressed.length < photo.length, `${compressed.length} bytes from ${photo.length}`);
		assert.equal(items[0].binary?.data.fileName, 'photo_compressed.pdf');
	});

	test('a URL that does not hold a PDF is the service\'s 400', async () => {
		const { error } = await sandbox.run(tool('compressPdf', { inputType: 'url', url: files.url('/not-a-pdf.txt') }));
		assert.equal(error?.message, 'The file at url is not a PDF');
	});
});

describe('Update PDF Metadata', () => {
	test('sets only the given properties and leaves the pages as they were', async () => {
		const { items, error } = await sandbox.run(
			tool('updateMetadata', {
				inputType: 'binary',
				pdfProperties: { title: 'Annual report', author: 'Finance', keywords: 'report, 2026', copyright: '© 2026 Acme', trapped: 'False', createDate: '2026-01-02T03:04:05.000Z' },
			}),
			[await pdfItem(tenPages, 'report.pdf')],
		);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual((toolCalls()[0].body as { metadata: unknown }).metadata, {
			title: 'Annual report',
			author: 'Finance',
			copyright: '© 2026 Acme',
			keywords: ['report', '2026'],
			createDate: '2026-01-02T03:04:05.000Z',
			trapped: 'False',
		});
		const updated = await binaryBytes(items[0].binary?.data);
		const properties = await pdfProperties(updated);
		assert.equal(properties.title, 'Annual report');
		assert.equal(properties.author, 'Finance');
		assert.equal(properties.keywords, 'report 2026');
		assert.equal(properties.creator, 'Fixture maker', 'a property not given stays');
		assert.deepEqual(await pdfPageContents(updated), await pdfPageContents(tenPages));
	});

	test('keywords given as a list and a number given to a text field are used, not dropped', async () => {
		const { error } = await sandbox.run(
			tool('updateMetadata', { inputType: 'url', url: files.url('/report.pdf'), pdfProperties: { keywords: '={{ ["report", " 2026 ", ""] }}', title: '={{ 2026 }}' } }),
		);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual((toolCalls()[0].body as { metadata: unknown }).metadata, { title: '2026', keywords: ['report', '2026'] });
	});

	test('an object in a text field is refused before sending, naming the field', async () => {
		const { error } = await sandbox.run(tool('updateMetadata', { inputType: 'url', url: files.url('/report.pdf'), pdfProperties: { author: '={{ { name: "Finance" } }}' } }));
		assert.equal(error?.message, 'Invalid "Metadata → Author": must be text, not an object');
		assert.equal(apiRequests(sandbox).length, 0);
	});

	test('no property at all is refused before sending', async () => {
		const { error } = await sandbox.run(tool('updateMetadata', { inputType: 'url', url: files.url('/report.pdf'), pdfProperties: {} }));
		assert.equal(error?.message, 'Invalid "Metadata": needs at least one property to set');
		assert.equal(apiRequests(sandbox).length, 0);
	});
});

describe('common tool rules, background runs and status', () => {
	const rules: Array<[string, Record<string, unknown>, string]> = [
		['a file name without .pdf', { finalFilename: 'report.docx' }, 'Invalid "Output File Name": must be a file name ending in .pdf, not "report.docx"'],
		['a URL lifetime under 60 s', { expiration: 30 }, 'Invalid "URL Lifetime (Seconds)": must be a whole number from 60 to 604800, not 30'],
		['a URL lifetime over 7 days', { expiration: 604801 }, 'Invalid "URL Lifetime (Seconds)": must be a whole number from 60 to 604800, not 604801'],
	];
	for (const [name, toolOptions, message] of rules) {
		test(`${name} is refused before sending`, async () => {
			const { error } = await sandbox.run(tool('compressPdf', { inputType: 'url', url: files.url('/report.pdf'), toolOptions }));
			assert.equal(error?.message, message);
			assert.equal(apiRequests(sandbox).length, 0);
		});
	}

	test('"Run in Background" sends async and the node waits at the tool status endpoint', async () => {
		sandbox.context.settings.toolDelayMs = 1500;
		const { items, error } = await sandbox.run(tool('compressPdf', { inputType: 'url', url: files.url('/report.pdf'), pollInterval: 1, toolOptions: { async: true } }));
		assert.equal(error, undefined, error?.message);
		assert.equal((toolCalls()[0].body as { async: boolean }).async, true);
		const polls = apiRequests(sandbox).filter((request) => request.path.startsWith('/v1/tools/status/'));
		assert.ok(polls.length >= 1);
		assert.equal(items[0].json.status, 'SUCCESS');
		assert.equal(await pdfPageCount(await binaryBytes(items[0].binary?.data)), 10);
	});

	test('a tool slower than the sync wait is answered 202 and polled to its result', async () => {
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, toolDelayMs: 1500 });
		const { items, error } = await sandbox.run(tool('splitPdf', { inputType: 'url', url: files.url('/report.pdf'), splitMode: 'intervals', interval: 5, pollInterval: 1 }));
		assert.equal(error, undefined, error?.message);
		assert.equal(items.length, 2);
		assert.equal(toolCalls().length, 1, 'the tool was not started twice');
	});

	test('without waiting the acknowledgement is the output; Get Status then gives the result and its file', async () => {
		sandbox.context.settings.toolDelayMs = 500;
		const { items } = await sandbox.run(tool('compressPdf', { inputType: 'url', url: files.url('/report.pdf'), waitForCompletion: false, toolOptions: { async: true } }));
		assert.deepEqual(Object.keys(items[0].json).sort(), ['message', 'requestId', 'statusUrl']);
		const requestId = String(items[0].json.requestId);
		await sandbox.context.tools.get(requestId)!.finished;

		const byUrl = await sandbox.run(tool('getStatus', { toolRequestId: String(items[0].json.statusUrl) }));
		assert.equal(byUrl.error, undefined, byUrl.error?.message);
		assert.equal(byUrl.items[0].json.requestId, requestId);
		assert.equal(byUrl.items[0].json.status, 'SUCCESS');
		assert.equal(await pdfPageCount(await binaryBytes(byUrl.items[0].binary?.data)), 10);
	});

	test('a split fetched later with Get Status comes out in the shape its "Files" option asks for', async () => {
		const { items } = await sandbox.run(tool('splitPdf', { inputType: 'url', url: files.url('/report.pdf'), splitMode: 'intervals', interval: 4, waitForCompletion: false, toolOptions: { async: true } }));
		const requestId = String(items[0].json.requestId);
		await sandbox.context.tools.get(requestId)!.finished;

		const perFile = await sandbox.run(tool('getStatus', { toolRequestId: requestId }));
		assert.equal(perFile.error, undefined, perFile.error?.message);
		assert.deepEqual(perFile.items.map((item) => [item.json.partNumber, item.binary?.data.fileName]), [[1, 'report_1.pdf'], [2, 'report_2.pdf'], [3, 'report_3.pdf']]);
		assert.ok(perFile.items.every((item) => item.json.status === 'SUCCESS' && item.json.requestId === requestId));

		const onOneItem = await sandbox.run(tool('getStatus', { toolRequestId: requestId, fileOutput: 'oneItem', downloadZip: true }));
		assert.equal(onOneItem.items.length, 1);
		assert.deepEqual(
			Object.entries(onOneItem.items[0].binary ?? {}).map(([field, file]) => [field, file.fileName]),
			[['data', 'report.zip'], ['data_1', 'report_1.pdf'], ['data_2', 'report_2.pdf'], ['data_3', 'report_3.pdf']],
		);
		assert.equal(await pdfPageCount(await binaryBytes(onOneItem.items[0].binary?.data_3)), 2);
	});

	test('Get Status with "Wait for Completion" waits for a job it did not start: ONGOING, then SUCCESS and the file', async () => {
		sandbox.context.settings.toolDelayMs = 2500;
		const { items: started } = await sandbox.run(tool('compressPdf', { inputType: 'url', url: files.url('/report.pdf'), waitForCompletion: false, toolOptions: { async: true } }));
		const requestId = String(started[0].json.requestId);
		clearRequestLog(sandbox);

		const now = await sandbox.run(tool('getStatus', { toolRequestId: requestId }));
		assert.equal(now.items[0].json.status, 'ONGOING', 'off by default: the status as it is now');
		assert.equal(now.items[0].binary, undefined);

		const waited = await sandbox.run(tool('getStatus', { toolRequestId: requestId, waitForCompletion: true, pollInterval: 1 }));
		assert.equal(waited.error, undefined, waited.error?.message);
		assert.equal(waited.items[0].json.requestId, requestId);
		assert.equal(waited.items[0].json.status, 'SUCCESS');
		assert.equal(await pdfPageCount(await binaryBytes(waited.items[0].binary?.data)), 10);
		const calls = apiRequests(sandbox).map((request) => `${request.method} ${request.path}`);
		assert.ok(calls.length >= 3, calls.join(', '));
		assert.ok(calls.every((call) => call === `GET /v1/tools/status/${requestId}`), calls.join(', '));
	});

	test('Get Status refuses a poll interval under 1 s before sending when it waits', async () => {
		const { error } = await sandbox.run(tool('getStatus', { toolRequestId: 'abc', waitForCompletion: true, pollInterval: 0.5 }));
		assert.equal(error?.message, 'Invalid "Poll Interval (Seconds)": must be a number of at least 1');
		assert.equal(apiRequests(sandbox).length, 0);
	});

	test('a background job that fails is an error with the service\'s reason', async () => {
		const { error } = await sandbox.run(tool('compressPdf', { inputType: 'url', url: files.url('/missing.pdf'), pollInterval: 1, toolOptions: { async: true } }));
		assert.equal(error?.message, 'The PDF tool failed: Could not download the PDF at url: the server answered 404');
		const lookedUp = apiRequests(sandbox).find((request) => request.path.startsWith('/v1/tools/status/'))?.path.split('/').pop();
		assert.ok(lookedUp, 'the job was looked up');
		assert.equal(error?.description, `requestId ${lookedUp}`, 'the error names the job it looked up');
	});
});
