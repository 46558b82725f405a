/**
 * HTML and Markdown from files (Source: File) in n8n's engine against the sandbox, which renders
 * them with Chromium: a page whose stylesheet and logo come as the item's other binary fields, or
 * with it in a ZIP, in n8n's memory and filesystem binary modes; what the sandbox received (the
 * document with its files inlined as data: URIs) and the PDF that came out (the logo drawn as an
 * image, the heading in the stylesheet's colour); a file the page names that is missing, as an
 * execution hint; files refused before anything is sent; the tool variant, which keeps text.
 */
import assert from 'node:assert/strict';
import { beforeAll, describe, test } from '@jest/globals';

import { zipSync } from 'fflate';
import type { IBinaryData, INodeExecutionData, NodeExecutionHint } from 'n8n-workflow';
import { PNG } from 'pngjs';

import { PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';
import { binaryBytes, binaryDataService, NODE_NAME, type NodeRun } from '../harness/engine';
import { PACKAGE_NAME } from '../harness/nodeTypes';
import { pdfPaint, pdfText } from '../support/pdf';
import { apiRequests } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox();

/** The stylesheet's heading colour, as CSS writes it and as the PDF fills text with it. */
const HEADING = { css: 'rgb(200, 30, 30)', pdf: '#c81e1e' };
const STYLE_CSS = `h1 { color: ${HEADING.css}; font-size: 32px; }\nimg.logo { width: 96px; height: 96px; }\n`;
const INDEX_HTML =
	'<!DOCTYPE html><html><head><meta charset="utf-8"><title>Report</title><link rel="stylesheet" href="style.css"></head>' +
	'<body><h1>Quarterly report</h1><img class="logo" src="logo.png" alt="Logo"><p>Revenue grew.</p></body></html>';
let logoPng: Buffer;

beforeAll(() => {
	// A 16 × 16 blue square: any real PNG the page can draw.
	const png = new PNG({ width: 16, height: 16 });
	for (let offset = 0; offset < png.data.length; offset += 4) png.data.set([30, 90, 200, 255], offset);
	logoPng = PNG.sync.write(png);
});

interface FileSpec {
	fileName: string;
	mimeType: string;
	bytes: Buffer | string;
}

/** A binary as n8n keeps it in its memory mode: the bytes in the item, base64. */
function inMemory({ fileName, mimeType, bytes }: FileSpec): IBinaryData {
	const data = Buffer.from(bytes);
	return { data: data.toString('base64'), fileName, mimeType, fileSize: `${data.length} B` };
}

/** A binary as n8n keeps it in its filesystem mode: an id of a file in n8n's binary data folder. */
async function onDisk({ fileName, mimeType, bytes }: FileSpec): Promise<IBinaryData> {
	const { prepareBinaryData } = await import('n8n-core');
	await binaryDataService();
	return await prepareBinaryData(Buffer.from(bytes), 'engine-test', 'engine-test-execution', fileName, mimeType);
}

const indexHtml = (html = INDEX_HTML): FileSpec => ({ fileName: 'index.html', mimeType: 'text/html', bytes: html });
const styleCss = (): FileSpec => ({ fileName: 'style.css', mimeType: 'text/css', bytes: STYLE_CSS });
const logo = (): FileSpec => ({ fileName: 'logo.png', mimeType: 'image/png', bytes: logoPng });
const siteZip = (): FileSpec => ({
	fileName: 'site.zip',
	mimeType: 'application/zip',
	bytes: Buffer.from(zipSync({ 'site/index.html': Buffer.from(INDEX_HTML), 'site/style.css': Buffer.from(STYLE_CSS), 'site/logo.png': logoPng })),
});

/** An item with index.html, style.css and logo.png in binary fields data, style and logo. */
const threeFilesItem = (): INodeExecutionData => ({ json: { site: 'files' }, binary: { data: inMemory(indexHtml()), style: inMemory(styleCss()), logo: inMemory(logo()) } });
const zipItem = async (): Promise<INodeExecutionData> => ({ json: { site: 'zip' }, binary: { data: await onDisk(siteZip()) } });

const renderFromHtmlFile = (extra: Record<string, unknown> = {}) => ({ resource: 'document', operation: 'renderFromHtml', htmlSource: 'file', ...extra });
const posts = () => apiRequests(sandbox).filter((request) => request.method === 'POST');
const continueOnFail = { onError: 'continueRegularOutput' as const };

function hintsOf(result: NodeRun): string[] {
	const runs = result.run.data.resultData.runData[NODE_NAME] ?? [];
	return ((runs[runs.length - 1]?.hints ?? []) as NodeExecutionHint[]).map((hint) => hint.message);
}

/** The HTML sent: the page with its stylesheet in a <style> and its logo as a data: URI. */
function assertInlined(html: string): void {
	assert.ok(html.includes(`data:image/png;base64,${logoPng.toString('base64')}`), 'the logo is in the page as a data: URI');
	assert.ok(html.includes(HEADING.css), 'the stylesheet is in the page');
	assert.ok(!/href="style\.css"|src="logo\.png"/.test(html), 'no reference to a local file is left');
}

/** The PDF a person opens: the heading's text, the logo drawn as an image, the heading in the stylesheet's colour. */
async function assertRendered(binary: IBinaryData | undefined): Promise<void> {
	const bytes = await binaryBytes(binary);
	assert.ok((await pdfText(bytes)).includes('Quarterly report'));
	assert.match(bytes.toString('latin1'), /\/Subtype\s*\/Image/, 'the PDF holds an image XObject');
	const paint = await pdfPaint(bytes);
	assert.ok(paint.images >= 1, 'a page draws the logo');
	assert.ok(paint.fillColours.includes(HEADING.pdf), `the heading is filled with the stylesheet's colour: ${paint.fillColours.join(', ')}`);
}

describe('Render From HTML, Source: File', () => {
	test('index.html, style.css and logo.png as three binary fields (memory mode): one request with everything inlined, a PDF with the logo and the colour', async () => {
		const result = await sandbox.run(renderFromHtmlFile(), [threeFilesItem()]);
		assert.equal(result.error, undefined);
		assert.deepEqual(posts().map((request) => request.path), ['/v1/html-to-pdf/sync']);
		const body = posts()[0].body as Record<string, unknown>;
		assert.deepEqual(Object.keys(body), ['html']);
		assertInlined(String(body.html));
		await assertRendered(result.items[0].binary?.data);
		assert.deepEqual(hintsOf(result), []);
	});

	test('the same three files in a ZIP (filesystem mode): the same PDF', async () => {
		const result = await sandbox.run(renderFromHtmlFile(), [await zipItem()]);
		assert.equal(result.error, undefined);
		assertInlined(String((posts()[0].body as Record<string, unknown>).html));
		await assertRendered(result.items[0].binary?.data);
	});

	test('a file the page names that the item lacks: the PDF renders without it, and an execution hint names it', async () => {
		const page = INDEX_HTML.replace('<p>', '<img src="images/chart.png" alt="Chart"><p>');
		const result = await sandbox.run(renderFromHtmlFile(), [{ json: {}, binary: { data: inMemory(indexHtml(page)), style: inMemory(styleCss()), logo: inMemory(logo()) } }]);
		assert.equal(result.error, undefined);
		assert.equal(result.items[0].binary?.data.mimeType, 'application/pdf');
		assert.deepEqual(hintsOf(result), [
			'index.html refers to a file that was not found: images/chart.png. The PDF shows them missing (a broken image, an unstyled page). Add them to the item as binary properties whose file names match.',
		]);
	});

	test('a picture, an empty file, a file over 3 MB and a missing binary field: each refused naming the parameter and the file, nothing sent', async () => {
		const refusals: Array<[INodeExecutionData, string]> = [
			[{ json: {}, binary: { data: inMemory(logo()) } }, 'Invalid "Input Binary Field": "logo.png" is a PNG image, not an HTML file (or a ZIP holding one)'],
			[{ json: {}, binary: { data: inMemory({ ...indexHtml(), bytes: '' }) } }, 'Invalid "Input Binary Field": "index.html" is empty (0 bytes)'],
			[
				{ json: {}, binary: { data: await onDisk(indexHtml(`<html><body><p>${'x'.repeat(3.2 * 1024 * 1024)}</p></body></html>`)) } },
				'Invalid "Input Binary Field": index.html is 3.2 MB; pdf noodle takes at most 3 MB per request',
			],
			[{ json: {}, binary: { page: inMemory(indexHtml()) } }, 'Invalid "Input Binary Field": the input item has no binary field "data" (it has "page")'],
		];
		for (const [input, message] of refusals) {
			const { error } = await sandbox.run(renderFromHtmlFile(), [input]);
			assert.equal(error?.message, message);
			assert.match(String((error as { description?: string }).description), /Nothing was sent to pdf noodle\.$/);
			assert.deepEqual(apiRequests(sandbox), []);
		}
	});

	test('with Continue On Fail a refused file is an error item of its own and the other items render', async () => {
		const input = [threeFilesItem(), { json: {}, binary: { data: inMemory(logo()) } }, await zipItem()];
		const { items, error } = await sandbox.run(renderFromHtmlFile(), input, continueOnFail);
		assert.equal(error, undefined);
		assert.deepEqual(items.map((item) => item.json.error ?? item.binary?.data.mimeType), [
			'application/pdf',
			'Invalid "Input Binary Field": "logo.png" is a PNG image, not an HTML file (or a ZIP holding one)',
			'application/pdf',
		]);
		assert.deepEqual(items.map((item) => item.pairedItem), [{ item: 0 }, { item: 1 }, { item: 2 }]);
		assert.equal(posts().length, 2);
	});

	test('Source left at its default is the HTML text, as before the file source existed', async () => {
		await sandbox.run({ resource: 'document', operation: 'renderFromHtml', html: '<h1>Typed</h1>' }, [threeFilesItem()], {}, {});
		assert.deepEqual(posts().map((request) => request.body), [{ html: '<h1>Typed</h1>' }]);
	});
});

/** The node as n8n's tool variant ("<name>Tool", for an AI Agent or an MCP client). */
const TOOL_TYPE = `${PACKAGE_NAME}.pdfNoodleTool`;
class PdfNoodleTool extends PdfNoodle {
	constructor() {
		super();
		this.description = { ...this.description, name: 'pdfNoodleTool' };
	}
}

test('as a tool the node takes the HTML text, even where a saved workflow says File: a model writes text', async () => {
	const parameters = { resource: 'document', operation: 'renderFromHtml', htmlSource: 'file', html: '<h1>From the model</h1>' };
	const { error } = await sandbox.run(parameters, [threeFilesItem()], {}, { type: TOOL_TYPE, extraNodeTypes: { [TOOL_TYPE]: new PdfNoodleTool() } });
	assert.equal(error, undefined);
	assert.deepEqual(posts().map((request) => request.body), [{ html: '<h1>From the model</h1>' }]);
});

describe('Batch → Render HTML, Source: File (per item)', () => {
	const batchFromFiles = { resource: 'batch', operation: 'renderHtml', htmlSource: 'file' };

	test('an item with three binary fields and one with a ZIP: one batch of two inlined documents, two PDFs with the logo and the colour', async () => {
		const { items, error } = await sandbox.run(batchFromFiles, [threeFilesItem(), await zipItem()]);
		assert.equal(error, undefined);
		assert.deepEqual(posts().map((request) => request.path), ['/v1/html-to-pdf/batch']);
		const entries = (posts()[0].body as { items: Array<Record<string, unknown>> }).items;
		assert.equal(entries.length, 2);
		for (const entry of entries) assertInlined(String(entry.html));
		assert.equal(items.length, 2);
		for (const item of items) await assertRendered(item.binary?.data);
	});

	test('documents that inlining makes large go in batches under 3 MB each', async () => {
		sandbox.context.settings.fixedRender = true; // the batches' sizes are what is checked, not the documents
		const photo: FileSpec = { fileName: 'photo.jpg', mimeType: 'image/jpeg', bytes: Buffer.alloc(1.2 * 1024 * 1024, 7) };
		const page = indexHtml('<html><body><img src="photo.jpg"></body></html>');
		const input = [0, 1].map(() => ({ json: {}, binary: { data: inMemory(page), photo: inMemory(photo) } }));
		const { items, error } = await sandbox.run(batchFromFiles, input);
		assert.equal(error, undefined);
		const batches = posts().filter((request) => request.path === '/v1/html-to-pdf/batch');
		assert.deepEqual(batches.map((request) => (request.body as { items: unknown[] }).items.length), [1, 1]);
		for (const request of batches) assert.ok(Buffer.byteLength(JSON.stringify(request.body)) < 3 * 1024 * 1024);
		assert.equal(items.length, 2);
	});
});

describe('Markdown to PDF, Source: File', () => {
	const markdownFromFile = { resource: 'pdfTool', operation: 'markdownToPdf', markdownSource: 'file' };
	const notes = (text: string): FileSpec => ({ fileName: 'notes.md', mimeType: 'text/markdown', bytes: text });

	test('a Markdown file with a local image: the image inlined and drawn in the PDF', async () => {
		const input = [{ json: {}, binary: { data: await onDisk(notes('# Minutes\n\n![Logo](images/logo.png)\n\nAll agreed.\n')), logo: inMemory(logo()) } }];
		const { items, error } = await sandbox.run(markdownFromFile, input);
		assert.equal(error, undefined);
		const markdown = String((posts()[0].body as Record<string, unknown>).markdown);
		assert.ok(markdown.includes(`![Logo](data:image/png;base64,${logoPng.toString('base64')})`), markdown.slice(0, 200));
		const bytes = await binaryBytes(items[0].binary?.data);
		assert.ok((await pdfText(bytes)).includes('Minutes'));
		assert.match(bytes.toString('latin1'), /\/Subtype\s*\/Image/);
		assert.ok((await pdfPaint(bytes)).images >= 1);
	});

	test('an HTML file given as Markdown is refused before anything is sent; with Continue On Fail it is an error item', async () => {
		const input = [{ json: {}, binary: { data: inMemory(indexHtml()) } }];
		const { items, error } = await sandbox.run(markdownFromFile, input, continueOnFail);
		assert.equal(error, undefined);
		assert.equal(items[0].json.error, 'Invalid "Input Binary Field": "index.html" is an HTML file (use Render From HTML for it), not a Markdown file (or a ZIP holding one)');
		assert.deepEqual(apiRequests(sandbox), []);
	});
});
