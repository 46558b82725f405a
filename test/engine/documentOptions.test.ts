/**
 * Every render option of the Document operations: what the node sends (exactly, and
 * nothing the user did not set) and what the file that comes out shows.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { binaryBytes } from '../harness/engine';
import { pdfPageCount, pdfPageSizes, pdfProperties, pdfText, pngSize } from '../support/pdf';
import { apiRequests } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox();

const template = (value: string) => ({ __rl: true, mode: 'list', value });

/** Chromium lays pages out in whole CSS pixels, so a page may differ from the paper by a point. */
function assertPageSizes(actual: Array<{ width: number; height: number }>, expected: Array<{ width: number; height: number }>) {
	assert.equal(actual.length, expected.length, `${actual.length} pages`);
	actual.forEach((page, index) => {
		assert.ok(
			Math.abs(page.width - expected[index].width) <= 1 && Math.abs(page.height - expected[index].height) <= 1,
			`page ${index + 1} is ${page.width}x${page.height} pt, expected ${expected[index].width}x${expected[index].height}`,
		);
	});
}

async function renderAndRead(parameters: Record<string, unknown>) {
	const { items, error } = await sandbox.run(parameters);
	assert.equal(error, undefined, error?.message);
	const requests = apiRequests(sandbox);
	// The render's body: a template render looks the template's variables up first (Check Data Against Template).
	const render = requests.find((request) => request.method === 'POST');
	return { item: items[0], bytes: await binaryBytes(items[0].binary?.data), body: render?.body, requests };
}

describe('Render From Template options', () => {
	test('every option set goes into the body under the API\'s names; those set to their default (PDF, no cover) are left out', async () => {
		const { body, item } = await renderAndRead({
			resource: 'document',
			operation: 'renderFromTemplate',
			template: template('certificate'),
			data: '{"recipient_name": "Mary Jackson", "course": {"title": "Aerodynamics", "hours": 40}}',
			options: {
				outputFormat: 'pdf',
				pdfMetadata: { metadata: { title: 'Certificate', author: 'Training Team', subject: 'Completion', keywords: 'course, aero' } },
				hasCover: false,
				signedUrlExpiresIn: 600,
				s3Bucket: 'sandbox-storage',
				s3Key: 'certificates/2026/mary-jackson',
				debug: true,
				externalId: '123e4567-e89b-12d3-a456-426614174000',
			},
		});
		assert.deepEqual(body, {
			templateId: 'certificate',
			data: { recipient_name: 'Mary Jackson', course: { title: 'Aerodynamics', hours: 40 } },
			metadata: { title: 'Certificate', author: 'Training Team', subject: 'Completion', keywords: 'course, aero' },
			signedUrlExpiresIn: 600,
			s3_bucket: 'sandbox-storage',
			s3_key: 'certificates/2026/mary-jackson',
			debug: true,
			externalId: '123e4567-e89b-12d3-a456-426614174000',
		});
		assert.equal(item.binary?.data.fileName, 'mary-jackson.pdf', 'the file is named after the storage path');
	});

	test('the PDF metadata is readable from the file', async () => {
		const { bytes } = await renderAndRead({
			resource: 'document',
			operation: 'renderFromTemplate',
			template: template('certificate'),
			data: '{"recipient_name": "Dorothy Vaughan"}',
			options: { pdfMetadata: { metadata: { title: 'Certificate for Dorothy', author: 'NACA', subject: 'FORTRAN', keywords: 'fortran, computing' } } },
		});
		const properties = await pdfProperties(bytes);
		assert.equal(properties.title, 'Certificate for Dorothy');
		assert.equal(properties.author, 'NACA');
		assert.equal(properties.subject, 'FORTRAN');
		assert.equal(properties.keywords, 'fortran computing');
	});

	test('PDF metadata from expressions: a list of keywords is joined, a number is text', async () => {
		const { body } = await renderAndRead({
			resource: 'document',
			operation: 'renderFromTemplate',
			template: template('certificate'),
			data: '{"recipient_name": "Annie Easley"}',
			options: { pdfMetadata: { metadata: { title: '={{ 1955 }}', keywords: '={{ ["rocketry", "centaur"] }}' } } },
		});
		assert.deepEqual((body as { metadata: unknown }).metadata, { title: '1955', keywords: 'rocketry, centaur' });
	});

	test('Output Format PNG sends convertToImage and gives a PNG binary', async () => {
		const { body, item, bytes } = await renderAndRead({
			resource: 'document',
			operation: 'renderFromTemplate',
			template: template('certificate'),
			data: '{"recipient_name": "Annie Easley"}',
			options: { outputFormat: 'png' },
		});
		assert.equal((body as { convertToImage: boolean }).convertToImage, true);
		assert.equal(item.binary?.data.mimeType, 'image/png');
		assert.match(item.binary?.data.fileName ?? '', /\.png$/);
		assert.ok(pngSize(bytes).width > 500);
	});

	test('a body with no options carries only templateId and data', async () => {
		const { body } = await renderAndRead({
			resource: 'document',
			operation: 'renderFromTemplate',
			template: template('letter'),
			data: '{}',
			options: {},
		});
		assert.deepEqual(body, { templateId: 'letter', data: {} });
	});

	test('hasCover leaves the template\'s header off the first page only', async () => {
		const rows = Array.from({ length: 60 }, (_, index) => ({ description: `Line ${index + 1}`, quantity: 1, unit_price: '1.00' }));
		const { bytes } = await renderAndRead({
			resource: 'document',
			operation: 'renderFromTemplate',
			template: template('invoice'),
			data: JSON.stringify({ invoice_number: 'COVER-1', items: rows }),
			options: { hasCover: true },
		});
		assert.ok((await pdfPageCount(bytes)) >= 2, 'the invoice runs over more than one page');
		const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
		const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
		const pageText = async (number: number) =>
			(await (await document.getPage(number)).getTextContent()).items.map((entry) => ('str' in entry ? entry.str : '')).join(' ');
		assert.ok(!(await pageText(1)).includes('Acme Supplies Ltd.'), 'no header on the cover');
		assert.ok((await pageText(2)).includes('Acme Supplies Ltd.'), 'the header is on page 2');
	});
});

describe('Render From HTML print settings', () => {
	const html = '<h1>Print settings</h1><p>Landscape A5</p>';

	test('paper format and orientation are sent as pdfParams and shape the pages', async () => {
		const { body, bytes } = await renderAndRead({
			resource: 'document',
			operation: 'renderFromHtml',
			html,
			printSettings: { format: 'A5', landscape: true, printBackground: true, marginTop: '2cm', marginLeft: 30, scale: 0.8, pageRanges: '1' },
		});
		assert.deepEqual(body, {
			html,
			pdfParams: { format: 'A5', landscape: true, printBackground: true, scale: 0.8, pageRanges: '1', margin: { top: '2cm', left: 30 } },
		});
		assertPageSizes(await pdfPageSizes(bytes), [{ width: 595, height: 420 }]);
	});

	test('width and height, header and footer templates, and raw JSON extras', async () => {
		const { body, bytes } = await renderAndRead({
			resource: 'document',
			operation: 'renderFromHtml',
			html,
			printSettings: {
				width: '4in',
				height: '6in',
				displayHeaderFooter: true,
				headerTemplate: '<div style="font-size:10px">Shipping label header</div>',
				footerTemplate: '<div style="font-size:10px">Page <span class="pageNumber"></span></div>',
				marginTop: '1in',
				marginBottom: '1in',
				extraJson: '{"preferCSSPageSize": false, "margin": {"right": "5mm"}}',
			},
		});
		assert.deepEqual((body as { pdfParams: unknown }).pdfParams, {
			preferCSSPageSize: false,
			width: '4in',
			height: '6in',
			displayHeaderFooter: true,
			headerTemplate: '<div style="font-size:10px">Shipping label header</div>',
			footerTemplate: '<div style="font-size:10px">Page <span class="pageNumber"></span></div>',
			margin: { right: '5mm', top: '1in', bottom: '1in' },
		});
		assertPageSizes(await pdfPageSizes(bytes), [{ width: 288, height: 432 }]);
		const text = await pdfText(bytes);
		assert.ok(text.includes('Shipping label header') && text.includes('Page 1'), text);
	});

	test('HTML renders take no template-only options', async () => {
		const { body } = await renderAndRead({
			resource: 'document',
			operation: 'renderFromHtml',
			html,
			options: { signedUrlExpiresIn: 120, outputFormat: 'pdf' },
		});
		assert.deepEqual(body, { html, signedUrlExpiresIn: 120 }, 'PDF output is the default: convertToImage is left out, not sent as false');
	});
});

describe('bad options are refused before anything is sent', () => {
	const cases: Array<[string, Record<string, unknown>, RegExp]> = [
		['Storage Path without a connection', { options: { s3Key: 'a/b' } }, /^Invalid "Storage Path": can only be used together with a Storage Connection ID$/],
		['External ID that is no UUID', { options: { externalId: 'customer-7' } }, /^Invalid "External ID": must be a UUID/],
		['a zero URL lifetime', { options: { signedUrlExpiresIn: 0 } }, /^Invalid "Signed URL Lifetime \(Seconds\)": must be a whole number of at least 1/],
		['an async render whose webhook expression yields nothing', { mode: 'async', webhook: '={{ "" }}' }, /^Invalid "Webhook URL": must not be empty$/],
		['a webhook that is not a URL', { mode: 'async', webhook: 'ftp://example.com/x' }, /^Invalid "Webhook URL": must be an http:\/\/ or https:\/\/ URL/],
		['a poll interval under 1 s', { pollInterval: 0 }, /^Invalid "Poll Interval \(Seconds\)": must be a number of at least 1$/],
	];
	for (const [name, parameters, message] of cases) {
		test(name, async () => {
			const { error } = await sandbox.run({ resource: 'document', operation: 'renderFromTemplate', template: template('letter'), data: '{}', ...parameters });
			assert.match(error?.message ?? '', message);
			assert.equal(apiRequests(sandbox).length, 0);
		});
	}

	const printCases: Array<[string, Record<string, unknown>, RegExp]> = [
		['a scale over 2', { scale: 2.5 }, /^Invalid "Print Settings → Scale": must be a number from 0.1 to 2, not 2.5$/],
		['a margin without a known unit', { marginTop: '2pt' }, /^Invalid "Print Settings → Margin Top": must be a number of pixels or a length with px, in, cm or mm/],
		['page ranges with a backwards range', { pageRanges: '5-2' }, /^Invalid "Print Settings → Page Ranges": .*"5-2" is not a valid range$/],
		['page ranges that are not ranges', { pageRanges: 'first' }, /^Invalid "Print Settings → Page Ranges": must be page numbers and ranges/],
		['extra JSON that is not an object', { extraJson: '[1]' }, /^Invalid "Print Settings → More Print Settings \(JSON\)": must be a JSON object/],
	];
	for (const [name, printSettings, message] of printCases) {
		test(name, async () => {
			const { error } = await sandbox.run({ resource: 'document', operation: 'renderFromHtml', html: '<p>x</p>', printSettings });
			assert.match(error?.message ?? '', message);
			assert.equal(apiRequests(sandbox).length, 0);
		});
	}
});
