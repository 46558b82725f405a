/**
 * The Document operations run as workflows in n8n's execution engine against the
 * sandbox: the files that come out, and the requests the sandbox received.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { announcedSizeOf, WHOLE_FILE_MAX_BYTES } from '../../dist/nodes/shared/files/download.js';
import { binaryBytes, runPdfNoodle } from '../harness/engine';
import { isPdf, pdfText } from '../support/pdf';
import { apiRequests, credentialsFor } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox();

const renderInvoice = {
	resource: 'document',
	operation: 'renderFromTemplate',
	template: { __rl: true, mode: 'list', value: 'invoice' },
	data: JSON.stringify({
		invoice_number: 'INV-2001',
		customer: { name: 'Katherine Johnson' },
		items: [{ description: 'Trajectory analysis', quantity: 1, unit_price: '900.00' }],
		total: '900.00',
	}),
};

describe('Document: Render From Template', () => {
	test('puts a PDF with the data into binary "data" and keeps the API answer as JSON', async () => {
		const { items, error } = await sandbox.run(renderInvoice);
		assert.equal(error, undefined);
		assert.equal(items.length, 1);
		const [item] = items;
		assert.match(String(item.json.signedUrl), /^http:\/\/127\.0\.0\.1:\d+\/files\//);
		assert.match(String((item.json.metadata as { fileSize: string }).fileSize), / kB$/);

		const binary = item.binary?.data;
		assert.ok(binary, 'the file is in binary property "data"');
		assert.equal(binary.mimeType, 'application/pdf');
		assert.match(binary.fileName ?? '', /^[\w-]+\.pdf$/);
		const bytes = await binaryBytes(binary);
		assert.ok(isPdf(bytes));
		const text = await pdfText(bytes);
		for (const expected of ['Invoice INV-2001', 'Katherine Johnson', 'Trajectory analysis', '900.00']) {
			assert.ok(text.includes(expected), `the PDF shows "${expected}": ${text}`);
		}
	});

	test('sends exactly {templateId, data} with the bearer key to POST /v1/pdf/sync', async () => {
		await sandbox.run(renderInvoice);
		// Before it, the template's variables are looked up once (Check Data Against Template: Warn).
		const requests = apiRequests(sandbox);
		assert.deepEqual(requests.map((request) => `${request.method} ${request.path}`), ['GET /v1/integration/templates/invoice/variables', 'POST /v1/pdf/sync']);
		const request = requests[1];
		assert.equal(request.method, 'POST');
		assert.equal(request.path, '/v1/pdf/sync');
		assert.equal(request.headers.authorization, `Bearer ${sandbox.apiKey}`);
		assert.match(String(request.headers['content-type']), /^application\/json/);
		assert.deepEqual(request.body, { templateId: 'invoice', data: JSON.parse(renderInvoice.data) });
	});

	test('uses the binary field and file name the user chose', async () => {
		const { items } = await sandbox.run({ ...renderInvoice, binaryPropertyName: 'invoice', fileName: 'invoice-2001.pdf' });
		assert.deepEqual(Object.keys(items[0].binary ?? {}), ['invoice']);
		assert.equal(items[0].binary?.invoice.fileName, 'invoice-2001.pdf');
	});

	test('with "Download File" off returns the signed URL and no binary', async () => {
		const { items } = await sandbox.run({ ...renderInvoice, downloadFile: false });
		assert.equal(items[0].binary, undefined);
		assert.match(String(items[0].json.signedUrl), /\/files\//);
		assert.equal(sandbox.context.requestLog.filter((request) => request.path.startsWith('/files/')).length, 0);
	});

	test('one item per input item, each with its own data', async () => {
		const { items } = await sandbox.run(
			{ ...renderInvoice, data: '={{ JSON.stringify({ invoice_number: $json.number, items: [] }) }}' },
			[{ json: { number: 'A-1' } }, { json: { number: 'B-2' } }],
		);
		assert.equal(items.length, 2);
		const texts = await Promise.all(items.map(async (item) => await pdfText(await binaryBytes(item.binary?.data))));
		assert.ok(texts[0].includes('Invoice A-1') && texts[1].includes('Invoice B-2'), texts.join(' | '));
		assert.deepEqual(items.map((item) => item.pairedItem), [{ item: 0 }, { item: 1 }]);
	});
});

describe('Document: Render From HTML', () => {
	test('renders the HTML to a PDF binary', async () => {
		const { items, error } = await sandbox.run({ resource: 'document', operation: 'renderFromHtml', html: '<h1>Shipping label</h1><p>To: Hedy Lamarr</p>' });
		assert.equal(error, undefined);
		const text = await pdfText(await binaryBytes(items[0].binary?.data));
		assert.ok(text.includes('Shipping label') && text.includes('To: Hedy Lamarr'), text);
		assert.deepEqual(apiRequests(sandbox).map((request) => [request.path, request.body]), [
			['/v1/html-to-pdf/sync', { html: '<h1>Shipping label</h1><p>To: Hedy Lamarr</p>' }],
		]);
	});

	// Small files are fetched whole, larger ones streamed (WHOLE_FILE_MAX_BYTES): both must
	// arrive exactly as the service stored them.
	test.each([
		['a small document, fetched whole', 10, true],
		['a document larger than 256 kB, streamed', 600, false],
	])('%s, arrives byte for byte', async (_, side, whole) => {
		// Noise drawn on a canvas does not compress: its side sets the size of the PDF.
		const html = `<canvas id="noise" width="${side}" height="${side}"></canvas><script>
			const canvas = document.getElementById('noise'), context = canvas.getContext('2d');
			const pixels = context.createImageData(canvas.width, canvas.height);
			for (let index = 0; index < pixels.data.length; index++) pixels.data[index] = index % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
			context.putImageData(pixels, 0, 0);
		</script>`;
		const { items, error } = await sandbox.run({ resource: 'document', operation: 'renderFromHtml', html });
		assert.equal(error, undefined, error?.message);
		const stored = sandbox.context.files.get(/\/files\/([^/?]+)/.exec(String(items[0].json.signedUrl))![1])!.bytes!;
		// The size the service announces is what the node decides by.
		const announced = announcedSizeOf(items[0].json)!;
		assert.ok(Math.abs(announced - stored.length) < 100, `announced ${announced} bytes, stored ${stored.length}`);
		assert.equal(announced <= WHOLE_FILE_MAX_BYTES, whole, `a PDF of ${stored.length} bytes`);
		const downloaded = await binaryBytes(items[0].binary?.data);
		assert.equal(downloaded.length, stored.length);
		assert.ok(downloaded.equals(stored), 'the downloaded bytes are the stored ones');
		assert.equal(items[0].binary?.data.mimeType, 'application/pdf');
	});
});

describe('Document: errors', () => {
	test('a wrong API key stops the node with "check the API key" and the 401', async () => {
		const { error, items } = await runPdfNoodle(renderInvoice, {
			credentials: credentialsFor(sandbox, { apiKey: 'not-the-key' }),
		});
		assert.ok(error, 'the execution failed');
		assert.match(error.message, /check the API key/);
		assert.equal((error as { httpCode?: string }).httpCode, '401');
		assert.equal(error.description, 'Unauthorized');
		assert.equal(items.length, 0);
	});

	test('a missing template is an error with the service\'s message', async () => {
		const { error } = await sandbox.run({ ...renderInvoice, template: { __rl: true, mode: 'id', value: 'no-such-template' } });
		assert.ok(error);
		assert.equal(error.message, 'Template "no-such-template" could not be found');
		assert.match(String(error.description), /Template → Get Many lists the templates/);
		assert.equal((error as { httpCode?: string }).httpCode, '404');
	});

	test('Data that is not a JSON object is refused before any request, naming the parameter', async () => {
		const { error } = await sandbox.run({ ...renderInvoice, data: '[1, 2]' });
		assert.ok(error);
		assert.equal(error.message, 'Invalid "Data (JSON)": must be a JSON object, not a list or a single value');
		assert.equal(apiRequests(sandbox).length, 0);
	});

	test('with "Continue On Fail" a bad item becomes an error item and the others render', async () => {
		const { items, error } = await sandbox.run(
			{ ...renderInvoice, data: '={{ $json.data }}' },
			[{ json: { data: '{"invoice_number": "OK-1"}' } }, { json: { data: 'not json' } }, { json: { data: '{"invoice_number": "OK-3"}' } }],
			{ onError: 'continueRegularOutput' },
		);
		assert.equal(error, undefined);
		assert.equal(items.length, 3);
		assert.match(String(items[1].json.error), /^Invalid "Data \(JSON\)": must be valid JSON/);
		assert.equal(items[1].binary, undefined);
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data))).includes('OK-1'));
		assert.ok((await pdfText(await binaryBytes(items[2].binary?.data))).includes('OK-3'));
		assert.equal(apiRequests(sandbox).filter((request) => request.method === 'POST').length, 2, 'the bad item sent nothing');
	});
});
