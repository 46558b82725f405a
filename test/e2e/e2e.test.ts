/**
 * End to end: the packed package in a real n8n. The example workflows are imported with
 * n8n's CLI and run in `n8n start` as its editor runs them (one with `n8n execute`); the
 * trigger listens there and receives the sandbox's webhooks; forged calls are refused and
 * start nothing.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, test } from '@jest/globals';
import axios from 'axios';

import { unzipSync } from 'fflate';

import { isPdf, pdfPageTexts, pdfPaint, pdfProperties, pdfText } from '../support/pdf';
import { type Receiver, startReceiver } from '../support/receiver';
import { type Sandbox, startTestSandbox } from '../support/sandbox';
import { waitFor } from '../support/processes';
import { EXAMPLE_TRIGGER_TOKEN, example, httpRequestsWithCredential, sandboxCredential, savedVersion1Trigger, secretTokenTrigger, triggerSecretCredential } from './examples';
import { type N8n, N8N_MAJOR, N8nWithTestResolver } from './n8n';
import { N8N_3X_PROFILE } from './n8n3Profile';
import { testOnN8n2, testOnN8n2With3xProfile } from './versions';

let sandbox: Sandbox;
let n8n: N8n;
/** The running n8n: the examples run in it as from its editor, and the trigger workflows listen in it. */
let baseUrl: string;
/** What pdf noodle was asked while n8n started with the trigger workflows active. */
let requestsWhileActivating: unknown[];
const TRIGGER_PATH = '/webhook/pdf-noodle-example/pdf-noodle';

/** The items a node put out in a run (as `n8n execute --rawOutput` prints it, or `runWorkflow` returns it). */
function outputOf(run: any, nodeName: string): any[] {
	const runs = run.data.resultData.runData[nodeName];
	assert.ok(runs, `node "${nodeName}" ran; error: ${JSON.stringify(run.data.resultData.error?.message)}`);
	const last = runs[runs.length - 1];
	assert.equal(last.error, undefined, `node "${nodeName}" failed: ${last.error?.message}`);
	return last.data.main[0];
}

beforeAll(async () => {
	sandbox = await startTestSandbox({ templateCreationMs: 3000, templateFinalizeMs: 60_000 });
	redirects = await startRedirects();
	// With the tests' names resolvable (one rebinds between the check and the connection).
	n8n = new N8nWithTestResolver();
	await n8n.installThisPackage();
	// Every n8n CLI command starts an n8n (seconds each): one import for all credentials, one for
	// every workflow whose content is known before n8n serves (the triggers stay inactive until published).
	await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl), triggerSecretCredential(), redirectingCredential(redirects.baseUrl)]);
	await n8n.importWorkflows([
		...EXECUTED_EXAMPLES.map((name) => example(name)),
		batchMerge45(),
		typedMapping(),
		httpRedirect(redirects.baseUrl),
		example('trigger-receive-renders'),
		unconfirmedTrigger(),
		savedVersion1Trigger(),
		unconfirmedDownloadingTrigger(),
		example('async-render-wait-node'),
		...filesWithoutZip(),
	]);
	// The trigger workflows are active when n8n starts (the trigger's webhook lifecycle runs then);
	// meanwhile the workflows that send to their webhooks, whose URL is known now, are imported.
	for (const id of ['pdfNoodleTriggerReceiver', 'pdfNoodleTriggerUnconfirmed', 'triggerV1Saved', 'pdfNoodleTriggerDownloading']) await n8n.activateWorkflow(id);
	sandbox.context.requestLog.length = 0;
	baseUrl = await n8n.start();
	const sendingToTriggers = [asyncRenderTo(`${baseUrl}${TRIGGER_PATH}`), { ...asyncRenderTo(`${baseUrl}${V1_TRIGGER_PATH}`), id: 'asyncRenderToV1' }];
	await Promise.all([n8n.importWorkflows(sendingToTriggers), new Promise((wait) => setTimeout(wait, 2000))]);
	requestsWhileActivating = [...sandbox.context.requestLog];
});

/** Runs a workflow in the running n8n as its editor's "Execute workflow" does; returns the run as `n8n execute` prints it. */
async function runWorkflow(workflowId: string): Promise<any> {
	return await n8n.runManually(baseUrl, workflowId);
}

afterAll(async () => {
	await n8n?.dispose();
	await sandbox?.close();
	await redirects?.close();
});

/** The examples executed as they are, imported once in `beforeAll`. */
const EXECUTED_EXAMPLES = [
	'render-html',
	'render-invoice',
	'create-template-then-render',
	'batch-merge',
	'split-into-chapters',
	'template-from-a-pdf',
	'render-then-merge-items',
	'markdown-merge-compress-metadata',
	'zip-site-to-pdf',
];

/**
 * The zip-site-to-pdf example without its ZIP: the page, its stylesheet and its logo as three
 * binary fields of one item, rendered from the page's field; and a Markdown file with a local
 * image beside it as a second binary field, through Markdown to PDF.
 */
function filesWithoutZip(): any[] {
	const site = example('zip-site-to-pdf');
	const threeFields = structuredClone(site);
	threeFields.id = 'pdfNoodleSiteFilesToPdf';
	threeFields.name = 'PDF Noodle: a page, its stylesheet and its logo as three binary fields, to one PDF';
	threeFields.nodes = threeFields.nodes.filter((node: { name: string }) => node.name !== 'Zip the site');
	Object.assign(threeFields.nodes.find((node: { name: string }) => node.name === 'Render the site').parameters, { htmlBinaryField: 'index', fileName: 'three-fields.pdf' });
	threeFields.connections['One item with the three files'] = { main: [[{ node: 'Render the site', type: 'main', index: 0 }]] };
	delete threeFields.connections['Zip the site'];

	const node = (name: string) => structuredClone(site.nodes.find((one: { name: string }) => one.name === name));
	const files = node('Site files');
	files.parameters.jsonOutput = JSON.stringify({ markdown: '# Minutes\n\n![Logo](images/logo.png)\n\nAll agreed.\n', logo: JSON.parse(files.parameters.jsonOutput).logo });
	const notes = { ...node('index.html'), id: 'notes', name: 'notes.md', parameters: { operation: 'toText', sourceProperty: 'markdown', binaryPropertyName: 'notes', options: { fileName: 'notes.md' } } };
	const together = node('One item with the three files');
	together.name = 'One item with both files';
	together.parameters.numberInputs = 2;
	const render = node('Render the site');
	render.name = 'Render the notes';
	render.parameters = { resource: 'pdfTool', operation: 'markdownToPdf', markdownSource: 'file', markdownBinaryField: 'notes', options: {} };
	const link = (to: string, index = 0) => ({ main: [[{ node: to, type: 'main', index }]] });
	const markdown = {
		id: 'pdfNoodleMarkdownFileToPdf',
		name: 'PDF Noodle: a Markdown file with a local image, to a PDF',
		nodes: [node("When clicking 'Execute workflow'"), files, notes, node('logo.png'), together, render],
		connections: {
			"When clicking 'Execute workflow'": link('Site files'),
			'Site files': { main: [[{ node: 'notes.md', type: 'main', index: 0 }, { node: 'logo.png', type: 'main', index: 0 }]] },
			'notes.md': link('One item with both files'),
			'logo.png': link('One item with both files', 1),
			'One item with both files': link('Render the notes'),
		},
		settings: { executionOrder: 'v1' },
	};
	return [threeFields, markdown];
}

const PEOPLE_45 = Array.from({ length: 45 }, (_, index) => ({ name: `Person ${index + 1}` }));
/** batch-merge with the 45 people as graduates and Merge Into One PDF on. */
function batchMerge45(): any {
	const workflow = example('batch-merge');
	workflow.id = 'pdfNoodleBatchMerge45';
	const graduates = workflow.nodes.find((node: { name: string }) => node.name === 'Graduates');
	graduates.parameters.jsonOutput = JSON.stringify({ graduates: PEOPLE_45.map((person) => ({ ...person, course: 'Joining' })) });
	const batch = workflow.nodes.find((node: { name: string }) => node.name === 'Certificates, merged');
	batch.parameters.batchOptions = { merge: true };
	return workflow;
}

const ORDER = { lines: [{ description: 'Spanning tree', quantity: 1, unit_price: '10.00' }, { description: 'Bridge', quantity: 3, unit_price: '2.50' }] };
/** Two renders whose variables are mapped one by one (Map Each Variable): typed values, and ORDER's list. */
function typedMapping(): any {
	const field = (id: string, type = 'string') => ({ id, displayName: id, required: false, defaultMatch: false, display: true, type });
	const renderNode = (name: string, template: string, value: Record<string, string>, schema: object[], x: number) => ({
		id: name,
		name,
		type: 'n8n-nodes-pdf-noodle.pdfNoodle',
		typeVersion: 1,
		position: [x, 0],
		parameters: { resource: 'document', operation: 'renderFromTemplate', template: { __rl: true, mode: 'id', value: template }, dataMode: 'map', variables: { mappingMode: 'defineBelow', value, schema } },
		credentials: { pdfNoodleApi: { id: 'pdfNoodleSandbox', name: 'PDF Noodle account' } },
	});
	return {
		id: 'pdfNoodleTypedMapping',
		name: 'PDF Noodle: typed mapped variables',
		nodes: [
			{ id: 'manual', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ id: 'order', name: 'Order', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [200, 0], parameters: { mode: 'raw', jsonOutput: JSON.stringify(ORDER), options: {} } },
			renderNode('Certificate', 'certificate', { recipient_name: 'Ada Lovelace', 'course.title': 'Compilers', 'course.hours': '40', with_honors: 'false' }, ['recipient_name', 'course.title', 'course.hours', 'with_honors', 'issued_on'].map((id) => field(id)), 400),
			renderNode('Invoice', 'invoice', { invoice_number: 'INV-77', items: "={{ $('Order').item.json.lines }}", total: '17.5', paid: 'false', due_date: '2026-12-01' }, [field('invoice_number'), field('items', 'array'), field('total'), field('paid'), field('due_date')], 600),
		],
		connections: {
			Start: { main: [[{ node: 'Order', type: 'main', index: 0 }]] },
			Order: { main: [[{ node: 'Certificate', type: 'main', index: 0 }]] },
			Certificate: { main: [[{ node: 'Invoice', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * A Base URL that answers 302, to another port of its host (`otherPort`) or to another host (a
 * loopback alias, whose Authorization headers land in `otherHostHeaders`), by the path's first segment.
 */
interface Redirects {
	baseUrl: string;
	otherPort: Receiver;
	otherHostHeaders: string[];
	close(): Promise<void>;
}
let redirects: Redirects;

async function startRedirects(): Promise<Redirects> {
	const otherPort = await startReceiver();
	const otherHostHeaders: string[] = [];
	const otherHost = createServer((request, response) => {
		otherHostHeaders.push(request.headers.authorization ?? '(none)');
		response.end('{}');
	});
	await new Promise<void>((resolve) => otherHost.listen(0, '127.0.0.2', resolve));
	const otherHostUrl = `http://127.0.0.2:${(otherHost.address() as AddressInfo).port}`;
	const redirector = createServer((request, response) => {
		request.resume();
		const to = request.url?.startsWith('/to-port') ? `${new URL(otherPort.url).origin}/logged` : `${otherHostUrl}/logged`;
		response.writeHead(302, { Location: to }).end();
	});
	await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
	return {
		baseUrl: `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`,
		otherPort,
		otherHostHeaders,
		async close() {
			await otherPort.close();
			for (const server of [otherHost, redirector]) {
				server.closeAllConnections();
				await new Promise<void>((resolve) => server.close(() => resolve()));
			}
		},
	};
}

function redirectingCredential(baseUrl: string) {
	return { ...sandboxCredential('key-that-must-stay', baseUrl), id: 'pdfNoodleRedirecting', name: 'Redirecting Base URL' };
}

/** n8n's HTTP Request node with the redirecting credential, once to each redirect (Continue On Fail on). */
function httpRedirect(baseUrl: string): any {
	return httpRequestsWithCredential(
		{ id: 'pdfNoodleHttpRedirect', name: 'HTTP Request with the PDF Noodle API credential, redirected' },
		{ id: 'pdfNoodleRedirecting', name: 'Redirecting Base URL' },
		[
			{ name: 'To another port', url: `${baseUrl}/to-port/v1/integration/templates` },
			{ name: 'To another host', url: `${baseUrl}/to-host/v1/integration/templates` },
		],
		{ continueOnFail: true },
	);
}

describe('example workflows run in n8n', () => {
	test('render-html (README\'s first workflow, no template needed): the note\'s fields as a titled PDF named after it', async () => {
		const run = await runWorkflow('pdfNoodleRenderHtml');
		const [item] = outputOf(run, 'Render page');
		assert.equal(item.binary.data.fileName, 'meeting-notes.pdf');
		const bytes = n8n.readBinary(item.binary.data);
		assert.ok(isPdf(bytes));
		const text = await pdfText(bytes);
		assert.ok(text.includes('Meeting notes') && text.includes('Budget approved') && text.includes('Next meeting on Friday'), text);
		assert.equal((await pdfProperties(bytes)).title, 'Meeting notes');
		// What was sent names no template: it would run the same on any account.
		const sent = sandbox.context.requestLog.filter((request) => request.path === '/v1/html-to-pdf/sync').at(-1);
		assert.match(String((sent?.body as { html?: string })?.html), /<li>Launch in March<\/li>/);
	});

	test('render-invoice: a PDF named after the invoice, with its data and metadata', async () => {
		const run = await runWorkflow('pdfNoodleRenderInvoice');
		const [item] = outputOf(run, 'Render invoice');
		assert.equal(item.binary.data.fileName, 'invoice-INV-1042.pdf');
		assert.equal(item.binary.data.mimeType, 'application/pdf');
		const bytes = n8n.readBinary(item.binary.data);
		assert.ok(isPdf(bytes));
		const text = await pdfText(bytes);
		assert.ok(text.includes('Invoice INV-1042') && text.includes('Ada Lovelace') && text.includes('Punched card pack'), text);
		assert.equal((await pdfProperties(bytes)).title, 'Invoice INV-1042');
	});

	test('create-template-then-render: the new template, its preview, and a render of it', async () => {
		const run = await runWorkflow('pdfNoodleCreateTemplateThenRender');
		const [created] = outputOf(run, 'Create template with AI');
		assert.match(created.json.templateId, /^[0-9a-f]{10}$/);
		assert.ok((await pdfText(n8n.readBinary(created.binary.preview))).includes('Delivery Note'));
		const [rendered] = outputOf(run, 'Render with the new template');
		const text = await pdfText(n8n.readBinary(rendered.binary.data));
		assert.ok(text.includes('Delivery Note') && text.includes('Teapot') && text.includes('ORD-2026-77') && text.includes('12 Main Street'), text);
	});

	test('batch-merge: items become one batch; the merged PDF has every certificate, in order', async () => {
		const run = await runWorkflow('pdfNoodleBatchMerge');
		const [merged, ...singles] = outputOf(run, 'Certificates, merged');
		assert.equal(singles.length, 3);
		const pages = (await pdfText(n8n.readBinary(merged.binary.data))).split('\n');
		assert.equal(pages.length, 3);
		['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson'].forEach((name, index) => assert.ok(pages[index].includes(name), pages[index]));
		// The entries' variables are mapped per item, and each document is named by its item.
		assert.deepEqual(singles.map((item) => item.binary.data.fileName), ['Ada Lovelace - certificate.pdf', 'Grace Hopper - certificate.pdf', 'Katherine Johnson - certificate.pdf']);
		assert.deepEqual(singles.map((item) => item.json.entryNumber), [1, 2, 3]);
		const second = await pdfText(n8n.readBinary(singles[1].binary.data));
		assert.ok(second.includes('Compilers') && second.includes('12 hours') && second.includes('2026-11-22'), second);
	});

	test('45 items with Merge Into One PDF: one item with one 45-page PDF in input order (three batches joined by the merge tool)', async () => {
		sandbox.context.requestLog.length = 0;
		// The test reads which certificate is on which page, not how it looks: the sandbox draws
		// each one's words (textRender) instead of rendering 45 Chromium pages, twice per run (n8n 2.x and 1.x).
		sandbox.context.settings.textRender = true;
		const run = await runWorkflow('pdfNoodleBatchMerge45').finally(() => (sandbox.context.settings.textRender = false));
		const items = outputOf(run, 'Certificates, merged');
		assert.equal(items.length, 1, 'one output item');
		assert.equal(items[0].pairedItem.length, 45, 'paired with every input item');
		const pages = await pdfPageTexts(n8n.readBinary(items[0].binary.data));
		assert.deepEqual(pages.map((page) => /Person (\d+)/.exec(page)?.[1]), PEOPLE_45.map((_, index) => String(index + 1)));
		const posts = sandbox.context.requestLog.filter((request) => request.method === 'POST').map((request) => request.path);
		assert.deepEqual(posts, ['/v1/pdf/batch', '/v1/pdf/batch', '/v1/pdf/batch', '/v1/tools/merge-pdfs']);
	});

	test('split-into-chapters: one item, the ZIP in data and the chapters in data_1 to data_3, named by the service', async () => {
		const run = await runWorkflow('pdfNoodleSplitIntoChapters');
		const items = outputOf(run, 'Chapters, all on one item');
		assert.equal(items.length, 1);
		const binary = items[0].binary as Record<string, { fileName: string; id: string }>;
		assert.deepEqual(
			Object.entries(binary).map(([field, file]) => [field, file.fileName]).sort(),
			[['data', 'chapter.zip'], ['data_1', 'chapter_1.pdf'], ['data_2', 'chapter_2.pdf'], ['data_3', 'chapter_3.pdf']],
		);
		for (const chapter of [1, 2, 3]) {
			const pages = await pdfPageTexts(n8n.readBinary(binary[`data_${chapter}`]));
			assert.equal(pages.length, 2);
			assert.ok(pages[0].includes(`Chapter ${chapter}, page 1`), pages[0]);
		}
		assert.deepEqual(Object.keys(unzipSync(new Uint8Array(n8n.readBinary(binary.data)))).sort(), ['chapter_1.pdf', 'chapter_2.pdf', 'chapter_3.pdf']);
	});

	test('template-from-a-pdf: the PDF of the input is uploaded and is the reference file of the new template', async () => {
		sandbox.context.requestLog.length = 0;
		const run = await runWorkflow('pdfNoodleTemplateFromPdf');
		const [created] = outputOf(run, 'Template like this PDF');
		assert.match(created.json.templateId, /^[0-9a-f]{10}$/);
		const createCall = sandbox.context.requestLog.find((request) => request.path === '/v1/integration/templates/create')!;
		const { fileUrl } = createCall.body as { fileUrl: string };
		const uploadedId = /\/files\/([^/]+)\//.exec(new URL(fileUrl).pathname)![1];
		const uploaded = sandbox.context.files.get(uploadedId)!;
		assert.ok((await pdfText(uploaded.bytes!)).includes('Order ORD-2026-18'), 'the reference is the rendered packing slip');
		assert.equal(uploaded.fileName, 'packing-slip.pdf', 'uploaded under the name the render gave it');
	});

	test('render-then-merge-items: a letter per item (variables mapped), all merged by one node in item order', async () => {
		const run = await runWorkflow('pdfNoodleRenderThenMergeItems');
		assert.equal(outputOf(run, 'Letter per recipient').length, 3);
		const [merged, ...more] = outputOf(run, 'All letters in one PDF');
		assert.equal(more.length, 0, 'one merged item');
		assert.equal(merged.binary.data.fileName, 'letters.pdf');
		const pages = (await pdfText(n8n.readBinary(merged.binary.data))).split('\n');
		assert.equal(pages.length, 3);
		['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson'].forEach((name, index) => assert.ok(pages[index].includes(name), pages[index]));
		assert.ok(pages.every((page) => page.includes('Kind regards')));
	});

	test('Map Each Variable in a real n8n: typed false and 40 go as a boolean and a number (no honors line), a mapped list renders as rows', async () => {
		sandbox.context.requestLog.length = 0;
		const run = await runWorkflow('pdfNoodleTypedMapping');
		const [certificateBody, invoiceBody] = sandbox.context.requestLog.filter((request) => request.path === '/v1/pdf/sync').map((request) => (request.body as { data: unknown }).data);
		assert.deepEqual(certificateBody, { recipient_name: 'Ada Lovelace', course: { title: 'Compilers', hours: 40 }, with_honors: false });
		const certificateText = await pdfText(n8n.readBinary(outputOf(run, 'Certificate')[0].binary.data));
		assert.ok(certificateText.includes('Ada Lovelace') && certificateText.includes('40 hours') && !certificateText.includes('with honors'), certificateText);
		// The Invoice node's input is the certificate's output: the list is taken from the Order node.
		assert.deepEqual(invoiceBody, { invoice_number: 'INV-77', items: ORDER.lines, total: 17.5, paid: false, due_date: '2026-12-01' });
		const invoiceText = await pdfText(n8n.readBinary(outputOf(run, 'Invoice')[0].binary.data));
		assert.ok(invoiceText.includes('Spanning tree') && invoiceText.includes('Bridge') && invoiceText.includes('Payment due by 2026-12-01'), invoiceText);
	});

	test('markdown-merge-compress-metadata: the tools chained, the final PDF read back', async () => {
		const run = await runWorkflow('pdfNoodleMarkdownMergeCompressMetadata');
		const [merged] = outputOf(run, 'Merge cover and body');
		assert.equal(merged.binary.data.fileName, 'report-merged.pdf');
		const [final] = outputOf(run, 'Set title and author');
		assert.equal(final.binary.data.fileName, 'annual-report-2026.pdf');
		const bytes = n8n.readBinary(final.binary.data);
		const pages = (await pdfText(bytes)).split('\n');
		assert.ok(pages[0].includes('Annual Report 2026'), 'the cover comes first');
		assert.ok(pages.slice(1).join(' ').includes('Outlook'), 'the body follows');
		const properties = await pdfProperties(bytes);
		assert.equal(properties.title, 'Annual Report 2026');
		assert.equal(properties.author, 'Acme Supplies Ltd.');
	});

	test('zip-site-to-pdf: a ZIP of a page, its stylesheet and its logo, made in the workflow, rendered to one PDF that shows the logo and the colour', async () => {
		const run = await runWorkflow('pdfNoodleZipSiteToPdf');
		const [zip] = outputOf(run, 'Zip the site');
		assert.deepEqual(Object.keys(unzipSync(n8n.readBinary(zip.binary.data))).sort(), ['index.html', 'logo.png', 'style.css']);
		const [item] = outputOf(run, 'Render the site');
		assert.equal(item.binary.data.fileName, 'quarterly-report.pdf');
		const bytes = n8n.readBinary(item.binary.data);
		assert.ok((await pdfText(bytes)).includes('Quarterly report'));
		assert.match(bytes.toString('latin1'), /\/Subtype\s*\/Image/, 'the PDF holds the logo as an image XObject');
		const paint = await pdfPaint(bytes);
		assert.ok(paint.images >= 1, 'the page draws the logo');
		assert.ok(paint.fillColours.includes('#c81e1e'), `the heading has the stylesheet's colour: ${paint.fillColours.join(', ')}`);
		// What pdf noodle received: one page, its stylesheet and logo inside it, nothing left to fetch.
		const sent = String((sandbox.context.requestLog.filter((request) => request.path === '/v1/html-to-pdf/sync').at(-1)?.body as { html?: string })?.html);
		assert.match(sent, /<style[^>]*>[^<]*rgb\(200, 30, 30\)/);
		assert.match(sent, /src="data:image\/png;base64,/);
		assert.doesNotMatch(sent, /href="style\.css"|src="logo\.png"/);
	});

	test('zip-site-to-pdf without the ZIP: the same three files as binary fields of one item, the same PDF', async () => {
		const run = await runWorkflow('pdfNoodleSiteFilesToPdf');
		const [item] = outputOf(run, 'Render the site');
		assert.equal(item.binary.data.fileName, 'three-fields.pdf');
		const bytes = n8n.readBinary(item.binary.data);
		assert.match(bytes.toString('latin1'), /\/Subtype\s*\/Image/);
		const paint = await pdfPaint(bytes);
		assert.ok(paint.images >= 1 && paint.fillColours.includes('#c81e1e'), JSON.stringify(paint));
	});

	test('a Markdown file with a local image (a second binary field) through Markdown to PDF: the image drawn', async () => {
		const run = await runWorkflow('pdfNoodleMarkdownFileToPdf');
		const [item] = outputOf(run, 'Render the notes');
		const bytes = n8n.readBinary(item.binary.data);
		assert.ok((await pdfText(bytes)).includes('Minutes'));
		assert.match(bytes.toString('latin1'), /\/Subtype\s*\/Image/);
		assert.ok((await pdfPaint(bytes)).images >= 1);
		const sent = sandbox.context.requestLog.filter((request) => request.path === '/v1/tools/convert-markdown-to-pdf').at(-1)?.body as { markdown?: string };
		assert.match(String(sent?.markdown), /!\[Logo\]\(<?data:image\/png;base64,/);
	});
});

describe('the API key and redirects', () => {
	test('n8n\'s HTTP Request node with the PDF Noodle API credential: a Base URL answering 302 to another port or another host sends the key to neither', async () => {
		// The credential's Base URL is the redirector (`startRedirects`); the key loggers behind it start empty.
		const run = await runWorkflow('pdfNoodleHttpRedirect');
		for (const name of ['To another port', 'To another host']) {
			const [item] = run.data.resultData.runData[name][0].data.main[0];
			// n8n's own words for an answer it did not follow: the status of the redirect.
			assert.match(String((item.json.error as { message?: string })?.message), /^302 - /, `${name}: the redirect was not followed, and the item says it got a 302`);
		}
		assert.deepEqual(redirects.otherPort.received, [], 'the other port got nothing');
		assert.deepEqual(redirects.otherHostHeaders, [], 'the other host got nothing');
	});
});

/**
 * The example trigger with the secret token in the URL instead of the confirmation: nothing is
 * confirmed, and its file downloads are refused (Download From Unconfirmed Payload URLs is off).
 */
function unconfirmedTrigger() {
	return secretTokenTrigger('pdfNoodleTriggerUnconfirmed', 'PDF Noodle: unconfirmed trigger', 'pdf-noodle-unconfirmed');
}

/** The same, downloading what a call names (Download From Unconfirmed Payload URLs on). */
function unconfirmedDownloadingTrigger() {
	const receiver = unconfirmedTrigger();
	receiver.nodes[0] = { ...receiver.nodes[0], webhookId: 'pdf-noodle-downloading', parameters: { ...receiver.nodes[0].parameters, downloadUnconfirmed: true } };
	return { ...receiver, id: 'pdfNoodleTriggerDownloading', name: 'PDF Noodle: unconfirmed, downloading' };
}

/** async-render-to-trigger, its render's webhook the trigger at `webhookUrl` (with the token). */
function asyncRenderTo(webhookUrl: string): any {
	const workflow = example('async-render-to-trigger');
	workflow.nodes[1].parameters.webhook = `${webhookUrl}?token=${EXAMPLE_TRIGGER_TOKEN}`;
	return workflow;
}

/** Where the trigger saved with version 1 (savedVersion1Trigger) listens. */
const V1_TRIGGER_PATH = '/webhook/pdf-noodle-v1-saved/pdf-noodle';

describe('the trigger in a running n8n', () => {
	let internal: Receiver;
	const triggerPath = TRIGGER_PATH;

	beforeAll(async () => {
		// A stand-in for a service inside n8n's network (a cloud's metadata endpoint, an admin page).
		internal = await startReceiver();
	});

	test('activating the trigger workflows sent nothing to pdf noodle: it has no API to register webhooks', () => {
		assert.deepEqual(requestsWhileActivating, []);
	});

	afterAll(async () => await internal?.close());

	// n8n 2.x's workflow builder reads it; on 1.x, which has none, the other tests show the nodes load and run as before.
	testOnN8n2('n8n serves both nodes\' descriptions with what its AI workflow builder reads (builderHint)', async () => {
		// The node types n8n hands its editor and its workflow builder, as loaded from the package.
		const editor = await n8n.ownerClient(baseUrl);
		const answer = await editor.get('/types/nodes.json');
		assert.equal(answer.status, 200);
		const types: any[] = answer.data;
		const typeNamed = (name: string) => types.find((type) => type.name === name);
		const node = typeNamed('n8n-nodes-pdf-noodle.pdfNoodle');
		const trigger = typeNamed('n8n-nodes-pdf-noodle.pdfNoodleTrigger');
		assert.match(node.builderHint.searchHint, /instead of an HTTP Request node/);
		assert.deepEqual(node.builderHint.relatedNodes.map((related: any) => related.nodeType)[0], 'n8n-nodes-pdf-noodle.pdfNoodleTrigger');
		assert.match(trigger.builderHint.searchHint, /Production URL/);
		const template = node.properties.find((property: any) => property.name === 'template');
		const data = node.properties.find((property: any) => property.name === 'data');
		assert.match(template.builderHint.propertyHint, /Template → Get Many/);
		assert.match(data.builderHint.propertyHint, /Template → Get Variables/);
		// The tool variant n8n derives for AI agents keeps them.
		assert.match(typeNamed('n8n-nodes-pdf-noodle.pdfNoodleTool').builderHint.searchHint, /pdf noodle/);
	});

	// What n8n 2.x's own Settings → Migration Report says about 3.0 once the profile's settings are in
	// place; without them it lists the unverified packages, the task timeout and the Compression limits.
	testOnN8n2With3xProfile('n8n\'s 3.0 Migration Report: no instance setting left to change, nothing in the example workflows', async () => {
		// Not settings: where n8n runs (outside a container: Docker only), and the editor's Import from URL (always listed).
		const noSetting = ['docker-only-deployment-v3', 'workflow-import-url-removed-v3'];
		const editor = await n8n.ownerClient(baseUrl);
		const answer = await editor.post('/rest/breaking-changes/report/refresh', {}, { params: { version: 'v3' } });
		assert.equal(answer.status, 200, JSON.stringify(answer.data));
		const { instanceResults, workflowResults } = answer.data.data.report;
		const issues = (results: any[]) => results.map((result) => `${result.ruleId}: ${result.ruleTitle}`);
		assert.deepEqual(issues(instanceResults.filter((result: any) => !noSetting.includes(result.ruleId))), []);
		assert.deepEqual(issues(workflowResults), []);
	});

	const executionsOf = (workflowId: string) => n8n.executions().filter((execution) => execution.workflowId === workflowId);
	const triggerExecutions = () => executionsOf('pdfNoodleTriggerReceiver');
	const statusLookupsOf = (id: string) => sandbox.context.requestLog.filter((request) => request.method === 'GET' && request.path.endsWith(`/status/${id}`));
	const forgedRender = () => ({
		requestId: 'forged-e2e',
		renderStatus: 'SUCCESS',
		signedUrl: `${new URL(internal.url).origin}/latest/meta-data/iam/security-credentials/admin`,
		metadata: {},
	});

	test('an async render delivers its webhook to the production URL and the workflow runs with the payload and file', async () => {
		const run = await runWorkflow('pdfNoodleAsyncRenderToTrigger');
		const [ack] = outputOf(run, 'Render asynchronously');
		const requestId = ack.json.requestId;

		const delivery = await waitFor('the webhook delivery', () =>
			sandbox.context.webhookDeliveries.find((entry) => (entry.payload as { requestId?: string }).requestId === requestId),
		);
		assert.equal(delivery.status, 200);
		assert.deepEqual(delivery.answer, { received: true, started: true }, 'the service is told that the workflow started');
		const execution = await waitFor('the trigger execution', () =>
			triggerExecutions().find((entry) => entry.status === 'success' && JSON.stringify(entry.data).includes(requestId)),
		);
		const [item] = execution.data.resultData.runData['PDF Noodle Trigger'][0].data.main[0];
		assert.equal(item.json.event, 'render');
		assert.equal(item.json.requestId, requestId);
		assert.equal(item.json.renderStatus, 'SUCCESS');
		assert.ok((await pdfText(n8n.readBinary(item.binary.data))).includes('Monthly report'));
		assert.equal(statusLookupsOf(requestId).length, 1, 'confirmed with pdf noodle by one status call');
	});

	test('a batch delivered to the production URL starts one execution whose items are one per file', async () => {
		const api = axios.create({ baseURL: sandbox.baseUrl, headers: { Authorization: `Bearer ${sandbox.apiKey}` } });
		const certificate = (name: string) => ({ templateId: 'certificate', data: { recipient_name: name, course: { title: 'Compilers', hours: 3 } } });
		const { data: record } = await api.post('/v1/pdf/batch', {
			items: [certificate('Ada Lovelace'), certificate('Grace Hopper')],
			webhook: `${baseUrl}${triggerPath}?token=${EXAMPLE_TRIGGER_TOKEN}`,
		});
		const batchRequestId = String(record.batchRequestId);
		const delivery = await waitFor('the batch webhook', () =>
			sandbox.context.webhookDeliveries.find((entry) => (entry.payload as { batchRequestId?: string }).batchRequestId === batchRequestId),
		);
		assert.deepEqual([delivery.status, delivery.answer], [200, { received: true, started: true }]);
		const execution = await waitFor('the trigger execution', () =>
			triggerExecutions().find((entry) => entry.status === 'success' && JSON.stringify(entry.data).includes(batchRequestId)),
		);
		const items = execution.data.resultData.runData['PDF Noodle Trigger'][0].data.main[0];
		assert.deepEqual(items.map((item: any) => [item.json.event, item.json.batchRequestId, item.json.entryNumber]), [['batch', batchRequestId, 1], ['batch', batchRequestId, 2]]);
		assert.ok((await pdfText(n8n.readBinary(items[1].binary.data))).includes('Grace Hopper'));
	});

	test('forged calls are refused and start nothing: without the token at a trigger guarded by it, for their body at any', async () => {
		const before = [triggerExecutions().length, executionsOf('pdfNoodleTriggerUnconfirmed').length];
		const payload = { requestId: 'forged', renderStatus: 'SUCCESS', signedUrl: '', metadata: {} };
		const n8nServer = axios.create({ baseURL: baseUrl, validateStatus: () => true });
		const post = async (path: string, query: string, body: unknown, contentType = 'application/json') =>
			(await n8nServer.post(`${path}${query}`, body, { headers: { 'Content-Type': contentType } })).status;
		const guarded = '/webhook/pdf-noodle-unconfirmed/pdf-noodle';
		assert.equal(await post(guarded, '', payload), 401);
		assert.equal(await post(guarded, '?token=wrong', payload), 401);
		// The token of the trigger's credential lets a call past the check, to be refused for its body.
		for (const path of [guarded, triggerPath]) {
			assert.equal(await post(path, `?token=${EXAMPLE_TRIGGER_TOKEN}`, { hello: 'world' }), 400);
			assert.equal(await post(path, `?token=${EXAMPLE_TRIGGER_TOKEN}`, 'not json', 'text/plain'), 400);
			assert.equal(await post(path, `?token=${EXAMPLE_TRIGGER_TOKEN}`, { ...payload, renderStatus: 'ONGOING' }), 422);
		}
		await new Promise((wait) => setTimeout(wait, 1500));
		assert.deepEqual([triggerExecutions().length, executionsOf('pdfNoodleTriggerUnconfirmed').length], before);
	});

	test('a workflow saved with version 1 of the trigger (both credentials) still runs: the token is checked, the call confirmed, a forged one refused', async () => {
		const path = V1_TRIGGER_PATH;
		const forged = { ...forgedRender(), requestId: 'forged-e2e-v1' };
		const withoutToken = await axios.post(`${baseUrl}${path}`, forged, { validateStatus: () => true });
		assert.deepEqual([withoutToken.status, withoutToken.data], [401, { message: 'Unauthorized' }], 'no token: refused before any lookup');
		assert.equal(statusLookupsOf('forged-e2e-v1').length, 0);
		const withToken = await axios.post(`${baseUrl}${path}?token=${EXAMPLE_TRIGGER_TOKEN}`, forged, { validateStatus: () => true });
		assert.deepEqual([withToken.status, withToken.data], [403, { message: 'pdf noodle knows no render "forged-e2e-v1": the call is not confirmed and starts nothing' }]);

		const [ack] = outputOf(await runWorkflow('asyncRenderToV1'), 'Render asynchronously');
		const requestId = ack.json.requestId;
		const execution = await waitFor('the version-1 trigger\'s execution', () =>
			executionsOf('triggerV1Saved').find((entry) => entry.status === 'success' && JSON.stringify(entry.data).includes(requestId)),
		);
		const [item] = execution.data.resultData.runData['PDF Noodle Trigger'][0].data.main[0];
		assert.deepEqual([item.json.event, item.json.requestId, item.json.renderStatus], ['render', requestId, 'SUCCESS']);
		assert.ok((await pdfText(n8n.readBinary(item.binary.data))).includes('Monthly report'));
		assert.equal(statusLookupsOf(requestId).length, 1, 'confirmed with pdf noodle by one status call');
		assert.equal(executionsOf('triggerV1Saved').length, 1, 'the forged calls started nothing');
		assert.deepEqual(internal.received, [], 'the internal address got nothing');
	});

	test('a forged SUCCESS with the right token and a file URL inside n8n\'s network: confirmed, it is refused 403 and nothing is fetched', async () => {
		const before = triggerExecutions().length;
		const answer = await axios.post(`${baseUrl}${triggerPath}?token=${EXAMPLE_TRIGGER_TOKEN}`, forgedRender(), { validateStatus: () => true });
		assert.deepEqual([answer.status, answer.data], [403, { message: 'pdf noodle knows no render "forged-e2e": the call is not confirmed and starts nothing' }]);
		assert.equal(statusLookupsOf('forged-e2e').length, 1, 'looked up at pdf noodle');
		await new Promise((wait) => setTimeout(wait, 1500));
		assert.equal(triggerExecutions().length, before);
		assert.deepEqual(internal.received, [], 'the internal address got nothing');
	});

	test('the same call to a trigger without the API credential: the workflow starts with the refusal on the item, and nothing is fetched', async () => {
		const answer = await axios.post(`${baseUrl}/webhook/pdf-noodle-unconfirmed/pdf-noodle?token=${EXAMPLE_TRIGGER_TOKEN}`, forgedRender(), { validateStatus: () => true });
		assert.deepEqual([answer.status, answer.data], [200, { received: true, started: true }]);
		const execution = await waitFor('the unconfirmed trigger\'s execution', () =>
			executionsOf('pdfNoodleTriggerUnconfirmed').find((entry) => entry.status === 'success'),
		);
		const [item] = execution.data.resultData.runData['PDF Noodle Trigger'][0].data.main[0];
		assert.equal(item.json.requestId, 'forged-e2e');
		assert.equal(item.binary, undefined);
		assert.match(item.json.downloadError, /^data: Not downloaded: the call was not confirmed with pdf noodle/);
		assert.deepEqual(internal.received, [], 'the internal address got nothing');
	});

	test('with n8n\'s SSRF protection off (its default), an unconfirmed call naming [::], [0::], 100.64.0.1, 224.0.0.1, 2002::1, a name resolving to ::, 100.64.0.1 or ::ffff:127.0.0.1, or a rebinding name fetches nothing, and the item says why', async () => {
		// A service on n8n's own host, on every address of it (IPv6 and IPv4), as an admin page is.
		const reached: string[] = [];
		const standIn = createServer((request, response) => {
			reached.push(request.url ?? '/');
			response.end('%PDF-1.4 internal secret');
		});
		await new Promise<void>((resolve) => standIn.listen(0, '::', resolve));
		try {
			const { port } = standIn.address() as AddressInfo;
			const ownNetwork = (host: string) => `data: Not downloaded: http://${host}:${port} is an address of n8n's own network (loopback, link-local, private or reserved), and only the credential's Base URL may be one`;
			// n8n 3.x's block list has these (test/e2e/n8n3Profile.ts): under its defaults n8n's egress filter refuses them first.
			const ownNetworkOr3xList = (host: string) =>
				N8N_3X_PROFILE
					? `data: Not downloaded: n8n's SSRF protection blocked http://${host}:${port} (The request was blocked because it resolves to a restricted IP address) (Only the credential's Base URL may be an address of n8n's own network (loopback, link-local, private or reserved): no n8n setting lets the package reach another.)`
					: ownNetwork(host);
			// n8n 1.x gives the package no resolver: a name an unconfirmed call chose is not fetched.
			const namedOn1x = (name: string) =>
				`data: Not downloaded: http://${name}.pdf-noodle.test:${port} names its host, and this n8n gives the package no resolver to judge the name's addresses with (n8n 1.x does not) and does not check the address it connects to (its SSRF protection is off), so the name could lead elsewhere at the connection than at the check (Confirm the call with pdf noodle (select a PDF Noodle API credential), or have an n8n admin turn on N8N_SSRF_PROTECTION_ENABLED (n8n 2.x); see "For n8n admins" in docs/reliability.md.)`;
			// n8n 2.x: the name's addresses judged; n8n's own list first where it has the address (2.x's has
			// ::ffff:127.0.0.1 by its IPv4 range; only 3.x's has :: and 100.64.0.0/10).
			const OWN_NETWORK_ADVICE =
				"Only the credential's Base URL may be an address of n8n's own network (loopback, link-local, private or reserved): no n8n setting lets the package reach another.";
			const resolvesHome = (name: string, address: string, inN8nList: boolean) =>
				inN8nList
					? `data: Not downloaded: n8n's SSRF protection blocked http://${name}.pdf-noodle.test:${port} (The request was blocked because it resolves to a restricted IP address) (${OWN_NETWORK_ADVICE})`
					: `data: Not downloaded: http://${name}.pdf-noodle.test:${port} resolves to ${address}, an address of n8n's own network (loopback, link-local, private or reserved), and only the credential's Base URL may be one (${OWN_NETWORK_ADVICE})`;
			const probes = [
				{ url: `http://[::]:${port}/a`, error: ownNetworkOr3xList('[::]') },
				{ url: `http://[0::]:${port}/b`, error: ownNetworkOr3xList('[::]') },
				{ url: `http://[0:0:0:0:0:0:0:0]:${port}/c`, error: ownNetworkOr3xList('[::]') },
				{ url: `http://100.64.0.1:${port}/d`, error: ownNetworkOr3xList('100.64.0.1') },
				{ url: `http://224.0.0.1:${port}/e`, error: ownNetwork('224.0.0.1') },
				{ url: `http://[2002::1]:${port}/f`, error: ownNetworkOr3xList('[2002::1]') },
				// n8n 2.x: the name resolved once by n8n's resolver, sent to the public address it gave
				// (where that leads from this machine is not the test's to know; that it is not n8n's own host is).
				{ url: `http://rebind.pdf-noodle.test:${port}/g`, error: N8N_MAJOR >= 2 ? undefined : namedOn1x('rebind') },
				// Names resolving to what 2.x's list lacks: judged by the package where the connection is made.
				{ url: `http://zero.pdf-noodle.test:${port}/h`, error: N8N_MAJOR >= 2 ? resolvesHome('zero', '::', N8N_3X_PROFILE) : namedOn1x('zero') },
				{ url: `http://shared.pdf-noodle.test:${port}/i`, error: N8N_MAJOR >= 2 ? resolvesHome('shared', '100.64.0.1', N8N_3X_PROFILE) : namedOn1x('shared') },
				{ url: `http://mapped.pdf-noodle.test:${port}/j`, error: N8N_MAJOR >= 2 ? resolvesHome('mapped', '::ffff:127.0.0.1', true) : namedOn1x('mapped') },
			];
			// n8n activates the workflows as it starts; on a busy machine this one may not be registered yet.
			await n8n.waitForWebhook(baseUrl, 'pdf-noodle-downloading/pdf-noodle', 'POST');
			const before = executionsOf('pdfNoodleTriggerDownloading').length;
			for (const [index, probe] of probes.entries()) {
				const answer = await axios.post(
					`${baseUrl}/webhook/pdf-noodle-downloading/pdf-noodle?token=${EXAMPLE_TRIGGER_TOKEN}`,
					{ requestId: `probe-${index}`, renderStatus: 'SUCCESS', signedUrl: probe.url, metadata: {} },
					{ validateStatus: () => true },
				);
				assert.deepEqual([answer.status, answer.data], [200, { received: true, started: true }], probe.url);
			}
			const executions = await waitFor('the probes\' executions', () => {
				const ended = executionsOf('pdfNoodleTriggerDownloading').slice(before).filter((entry) => entry.status === 'success');
				return ended.length === probes.length ? ended : undefined;
			});
			const errorOf = new Map(
				executions.map((execution) => {
					const [item] = execution.data.resultData.runData['PDF Noodle Trigger'][0].data.main[0];
					return [String(item.json.requestId), String(item.json.downloadError)];
				}),
			);
			assert.deepEqual(
				probes.map(({ error }, index) => (error === undefined ? undefined : errorOf.get(`probe-${index}`))),
				probes.map(({ error }) => error),
				`on n8n ${N8N_MAJOR}.x`,
			);
			assert.deepEqual(reached, [], 'the service on n8n\'s own host got nothing');
		} finally {
			standIn.closeAllConnections();
			await new Promise<void>((resolve) => standIn.close(() => resolve()));
		}
	});

	test('async-render-wait-node: the Wait node resumes on $execution.resumeUrl and the file is fetched', async () => {
		// Long enough for `n8n execute` to park the execution before the webhook arrives.
		sandbox.context.settings.renderDelayMs = 6000;
		try {
			const workflow = example('async-render-wait-node');
			const render = workflow.nodes.find((node: { name: string }) => node.name === 'Render asynchronously');
			assert.equal(render.parameters.waitForCompletion, undefined, 'the asynchronous render runs with its defaults');
			await n8n.execute('pdfNoodleAsyncRenderWaitNode').catch(() => undefined);
			const execution = await waitFor(
				'the resumed execution',
				() => n8n.executions().find((entry) => entry.workflowId === 'pdfNoodleAsyncRenderWaitNode' && entry.status === 'success'),
				60_000,
			);
			const [item] = execution.data.resultData.runData['Get the finished file'][0].data.main[0];
			assert.equal(item.json.renderStatus, 'SUCCESS');
			assert.equal(item.binary.data.fileName, 'certificate.pdf');
			assert.ok((await pdfText(n8n.readBinary(item.binary.data))).includes('Alan Turing'));
		} finally {
			sandbox.context.settings.renderDelayMs = 0;
		}
	});

	// Last in this block: the trigger stops listening. n8n 2.x deactivates through its REST API
	// (1.x's differs; there the activation test above stands alone).
	testOnN8n2('deactivating the workflow sends nothing to pdf noodle either: nothing was registered there', async () => {
		// Logged in as the owner (ownerClient fails unless the login answers 200).
		const n8nServer = await n8n.ownerClient(baseUrl);
		const logged = sandbox.context.requestLog.length;
		const deactivated = await n8nServer.post('/rest/workflows/pdfNoodleTriggerReceiver/deactivate', {});
		assert.equal(deactivated.status, 200, JSON.stringify(deactivated.data));
		assert.deepEqual(sandbox.context.requestLog.slice(logged).map((request) => `${request.method} ${request.path}`), []);
	});
});
