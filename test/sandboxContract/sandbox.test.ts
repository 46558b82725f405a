/**
 * The sandbox's own contract: what a person checking it with curl would see. The node
 * tests rely on it, so it is held to the spec here.
 */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from '@jest/globals';

import { isPdf, pdfPageTexts, pdfText, pngSize } from '../support/pdf';
import { callApi, download, finishedCall } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const INVOICE_DATA = {
	invoice_number: 'INV-1042',
	date: '2026-11-22',
	customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
	items: [
		{ description: 'Analytical engine gear', quantity: 3, unit_price: '12.50' },
		{ description: 'Punched card pack', quantity: 10, unit_price: '0.99' },
	],
	total: '47.40',
	paid: false,
	due_date: '2026-12-22',
	notes: '<b>Handle with care</b>',
};

const sandbox = useSandbox();

describe('authentication', () => {
	test('a call without a key is refused with 401 Unauthorized', async () => {
		const response = await callApi(sandbox, 'GET', '/v1/integration/templates', undefined, null);
		assert.equal(response.status, 401);
		assert.deepEqual(response.json, { message: 'Unauthorized' });
	});

	test('a call with a wrong key is refused with 401 Unauthorized', async () => {
		const response = await callApi(sandbox, 'POST', '/v1/pdf/sync', { templateId: 'invoice', data: {} }, 'wrong-key');
		assert.equal(response.status, 401);
		assert.deepEqual(response.json, { message: 'Unauthorized' });
	});
});

describe('templates', () => {
	test('the list holds the seeded templates as {id, displayName}, sorted by display name', async () => {
		const response = await callApi(sandbox, 'GET', '/v1/integration/templates');
		assert.equal(response.status, 200);
		assert.deepEqual(response.json, {
			templates: [
				{ id: 'broken-layout', displayName: 'Broken Layout (always fails)' },
				{ id: 'letter', displayName: 'Business Letter' },
				{ id: 'certificate', displayName: 'Certificate of Completion' },
				{ id: 'invoice', displayName: 'Invoice' },
			],
		});
	});

	test('a template is returned under "template" with the completed-template fields', async () => {
		const response = await callApi(sandbox, 'GET', '/v1/integration/templates/invoice');
		assert.equal(response.status, 200);
		const template = response.json.template;
		assert.equal(template.id, 'invoice');
		assert.equal(template.displayName, 'Invoice');
		assert.ok(!Number.isNaN(Date.parse(template.createdAt)) && !Number.isNaN(Date.parse(template.updatedAt)));
		assert.deepEqual(template.style, {
			header: { showHeader: true, headerText: 'Acme Supplies Ltd.' },
			footer: { showFooter: true, footerText: 'Thank you for your business' },
		});
		assert.equal(template.type, 'HTML');
		assert.match(template.html, /\{\{#each items\}\}/);
		assert.equal(template.htmlTemplate, template.html);
	});

	test('an unknown template is 404 with a message', async () => {
		const response = await callApi(sandbox, 'GET', '/v1/integration/templates/no-such-template');
		assert.equal(response.status, 404);
		assert.match(response.json.message, /template could not be found/i);
	});
});

describe('synchronous template render', () => {
	test('answers only signedUrl and metadata, and the file is a PDF showing the data', async () => {
		const response = await callApi(sandbox, 'POST', '/v1/pdf/sync', { templateId: 'invoice', data: INVOICE_DATA });
		assert.equal(response.status, 200);
		assert.deepEqual(Object.keys(response.json).sort(), ['metadata', 'signedUrl']);
		assert.deepEqual(Object.keys(response.json.metadata).sort(), ['executionTime', 'fileSize']);
		assert.match(response.json.metadata.executionTime, /^\d+(\.\d+)? seconds$/);
		assert.match(response.json.metadata.fileSize, /^\d+(\.\d+)? kB$/);

		const file = await download(response.json.signedUrl);
		assert.equal(file.status, 200);
		assert.equal(file.contentType, 'application/pdf');
		assert.ok(isPdf(file.bytes));
		const text = await pdfText(file.bytes);
		for (const expected of ['Invoice INV-1042', 'Ada Lovelace', 'ada@example.com', 'Analytical engine gear', 'Punched card pack', '47.40', 'Payment due by 2026-12-22', 'Acme Supplies Ltd.']) {
			assert.ok(text.includes(expected), `the PDF shows "${expected}"; its text: ${text}`);
		}
		assert.ok(!text.includes('Status: PAID'), 'the #if paid branch is not taken');
		assert.ok(text.includes('Handle with care') && !text.includes('<b>'), 'triple braces insert raw HTML');
	});

	// The tests below read the rendered file, not the sync answer: they wait past a 202 as a user
	// would (finishedCall), for Chromium on a slow machine may outlast the sync wait.
	test('double braces escape HTML and conditions take the true branch', async () => {
		const response = await finishedCall(sandbox, '/v1/pdf/sync', {
			templateId: 'invoice',
			data: { ...INVOICE_DATA, customer: { name: '<i>Grace</i> & Co' }, paid: true },
		});
		const text = await pdfText((await download(response.json.signedUrl)).bytes);
		assert.ok(text.includes('<i>Grace</i> & Co'), `escaped markup is shown as text: ${text}`);
		assert.ok(text.includes('Status: PAID'));
		assert.ok(!text.includes('Payment due'));
	});

	test('convertToImage gives a PNG', async () => {
		const response = await finishedCall(sandbox, '/v1/pdf/sync', {
			templateId: 'certificate',
			data: { recipient_name: 'Alan Turing', course: { title: 'Computability', hours: 12 } },
			convertToImage: true,
		});
		assert.equal(response.status, 200);
		const file = await download(response.json.signedUrl);
		assert.equal(file.contentType, 'image/png');
		assert.match(response.json.signedUrl, /\.png\?/);
		const size = pngSize(file.bytes);
		assert.ok(size.width >= 800 && size.height > 0, `a page-wide image: ${JSON.stringify(size)}`);
	});

	test('a missing template is 404 and missing fields are 400', async () => {
		const missing = await callApi(sandbox, 'POST', '/v1/pdf/sync', { templateId: 'nope', data: {} });
		assert.equal(missing.status, 404);
		const noData = await callApi(sandbox, 'POST', '/v1/pdf/sync', { templateId: 'invoice' });
		assert.equal(noData.status, 400);
		assert.match(noData.json.message, /data/);
	});
});

describe('synchronous HTML render', () => {
	test('renders the HTML to a PDF', async () => {
		const response = await finishedCall(sandbox, '/v1/html-to-pdf/sync', { html: '<h1>Quarterly report</h1><p>Revenue grew 12%.</p>' });
		assert.equal(response.status, 200);
		const text = await pdfText((await download(response.json.signedUrl)).bytes);
		assert.ok(text.includes('Quarterly report') && text.includes('Revenue grew 12%.'), text);
	});

	test('each render starts on a blank page: nothing of the one before it (its scripts\' globals, its text) is left', async () => {
		// Three in a row, one at a time: the renderer keeps its pages between renders.
		const texts: string[] = [];
		for (const name of ['first', 'second', 'third']) {
			const html = `<p id="out"></p><script>document.getElementById('out').textContent = 'Render ${name}, left before it: ' + (window.leftBehind ?? 'nothing'); window.leftBehind = '${name}';</script>`;
			const response = await finishedCall(sandbox, '/v1/html-to-pdf/sync', { html });
			assert.equal(response.status, 200);
			texts.push((await pdfText((await download(response.json.signedUrl)).bytes)).trim());
		}
		assert.deepEqual(texts, ['Render first, left before it: nothing', 'Render second, left before it: nothing', 'Render third, left before it: nothing']);
	});

	test('an empty html is 400', async () => {
		const response = await callApi(sandbox, 'POST', '/v1/html-to-pdf/sync', { html: '' });
		assert.equal(response.status, 400);
		assert.match(response.json.message, /html/);
	});
});

describe('signed URLs', () => {
	// What is signed is the subject, not what was rendered: the sandbox's prepared PDF, and a 202 waited for all the same.
	beforeEach(() => {
		sandbox.context.settings.fixedRender = true;
	});

	test('expire after the default 3600 seconds', async () => {
		const response = await finishedCall(sandbox, '/v1/html-to-pdf/sync', { html: '<p>expiring</p>' });
		sandbox.context.settings.clockOffsetMs = 3590_000;
		assert.equal((await download(response.json.signedUrl)).status, 200);
		sandbox.context.settings.clockOffsetMs = 3601_000;
		const refused = await download(response.json.signedUrl);
		assert.equal(refused.status, 403);
		assert.match(refused.bytes.toString(), /Request has expired/);
	});

	test('expire after signedUrlExpiresIn seconds', async () => {
		const response = await finishedCall(sandbox, '/v1/html-to-pdf/sync', { html: '<p>short</p>', signedUrlExpiresIn: 60 });
		assert.equal((await download(response.json.signedUrl)).status, 200);
		sandbox.context.settings.clockOffsetMs = 61_000;
		assert.equal((await download(response.json.signedUrl)).status, 403);
	});

	test('a tampered URL is refused', async () => {
		const response = await finishedCall(sandbox, '/v1/html-to-pdf/sync', { html: '<p>x</p>', signedUrlExpiresIn: 60 });
		const stretched = response.json.signedUrl.replace(/expires=(\d+)/, (_: string, at: string) => `expires=${Number(at) + 86400}`);
		assert.equal((await download(stretched)).status, 403);
	});
});

describe('the words-only render of tests (textRender)', () => {
	beforeEach(() => {
		sandbox.context.settings.textRender = true;
	});

	test('a template render is its filled words, page after page, without the head or styles', async () => {
		const rows = Array.from({ length: 60 }, (_, index) => ({ description: `Line ${index + 1} &amp; more`, quantity: 1, unit_price: '1.00' }));
		const response = await finishedCall(sandbox, '/v1/pdf/sync', { templateId: 'invoice', data: { ...INVOICE_DATA, items: rows } });
		assert.equal(response.status, 200);
		const pages = await pdfPageTexts((await download(response.json.signedUrl)).bytes);
		assert.ok(pages.length >= 2, `${pages.length} pages for 60 rows`);
		const words = pages.join('\n');
		assert.match(words, /INV-1042/);
		assert.match(words, /Line 1 &amp; more[\s\S]*Line 60 &amp; more/, 'the rows in order, an entity in the data as the reader sees it');
		assert.doesNotMatch(words, /font-family|<\/?p>/, 'no styles, no tags');
	});

	test('a broken template still fails, and a PNG is still Chromium\'s', async () => {
		const broken = await finishedCall(sandbox, '/v1/pdf/sync', { templateId: 'broken-layout', data: {} });
		assert.equal(broken.status, 500);
		const png = await finishedCall(sandbox, '/v1/html-to-pdf/sync', { html: '<p>image</p>', convertToImage: true });
		assert.ok(pngSize((await download(png.json.signedUrl)).bytes).width > 0);
	});
});

describe('limits and the synchronous wait', () => {
	test('a body over 3 MB is 413', async () => {
		const html = `<p>${'x'.repeat(3 * 1024 * 1024)}</p>`;
		const response = await callApi(sandbox, 'POST', '/v1/html-to-pdf/sync', { html });
		assert.equal(response.status, 413);
		assert.match(response.json.message, /request entity too large/i);
	});

	test('a render slower than the sync wait is answered 202, then read at the status URL', async () => {
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 1500 });
		const response = await callApi(sandbox, 'POST', '/v1/pdf/sync', { templateId: 'invoice', data: INVOICE_DATA });
		assert.equal(response.status, 202);
		assert.deepEqual(Object.keys(response.json).sort(), ['message', 'requestId', 'statusUrl']);
		assert.equal(response.json.statusUrl, `${sandbox.baseUrl}/v1/pdf/status/${response.json.requestId}`);

		const ongoing = await callApi(sandbox, 'GET', `/v1/pdf/status/${response.json.requestId}`);
		assert.deepEqual(ongoing.json, { requestId: response.json.requestId, renderStatus: 'ONGOING', signedUrl: '', metadata: {} });

		await sandbox.context.renders.get(response.json.requestId)!.finished;
		const done = await callApi(sandbox, 'GET', `/v1/pdf/status/${response.json.requestId}`);
		assert.equal(done.json.renderStatus, 'SUCCESS');
		assert.match(done.json.metadata.fileSize, / kB$/);
		assert.ok((await pdfText((await download(done.json.signedUrl)).bytes)).includes('INV-1042'));
	});

	test('an unknown request id is 404', async () => {
		const response = await callApi(sandbox, 'GET', '/v1/pdf/status/not-a-request');
		assert.equal(response.status, 404);
	});
});
