/**
 * The bad-input table: inputs that break the spec's rules, or that n8n hands over in
 * awkward shapes (expressions yielding other types, empty strings, numbers as text,
 * unicode), each refused before any request (the sandbox's request log proves it) with a
 * message that names the parameter and the rule, and never the API key.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from '@jest/globals';

import { prepareBinaryData } from 'n8n-core';
import type { INodeExecutionData } from 'n8n-workflow';

import { OPERATIONS } from '../../dist/nodes/PdfNoodle/resources/index.js';
import { binaryDataService, runPdfNoodle } from '../harness/engine';
import { textPdf } from '../support/fixtures';
import { type ExampleKey, exampleKey, exampleOf, templateById } from '../support/operationExamples';
import { clearRequestLog, credentialsFor } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ textRender: true });
let pdfItem: INodeExecutionData;
let pngItem: INodeExecutionData;

beforeAll(async () => {
	await binaryDataService();
	pdfItem = { json: {}, binary: { data: await prepareBinaryData(await textPdf('x', 1), 'engine-test', 'engine-test-execution', 'x.pdf', 'application/pdf') } };
	pngItem = { json: {}, binary: { data: await prepareBinaryData(Buffer.from('\x89PNG\r\n\x1a\nnot a pdf'), 'engine-test', 'engine-test-execution', 'logo.png', 'image/png') } };
});

/** What the table measured, for its summary line: each case asserts its own outcome. */
const measured = { cases: 0, requestsSent: 0, messagesNamingTheParameter: 0 };

afterAll(async () => {
	const { cases, requestsSent, messagesNamingTheParameter } = measured;
	console.log(`bad-input table: ${cases} of ${TABLE.length} cases run, ${requestsSent} requests reached the sandbox, ${messagesNamingTheParameter} messages name a parameter in quotes`);
});

type Parameters = Record<string, unknown>;
/** [case, its own parameters over the operation's example, the message (or its start), input items] */
type Case = [string, Parameters, string | RegExp, (() => INodeExecutionData[])?];

const print = (settings: Parameters) => ({ printSettings: settings });
const merge = (sources: Parameters[]) => ({ sources: { source: sources } });
const metadata = (properties: Parameters, extra: Parameters = {}) => ({ pdfProperties: properties, ...extra });
const list = (entries: unknown) => ({ batchSource: 'list', entries: typeof entries === 'string' ? entries : JSON.stringify(entries) });
const url = (value: string) => ({ inputType: 'url', url: value });

/**
 * The cases of each operation, under its key in the one example table
 * (test/support/operationExamples.ts): a case runs that operation's example with the case's
 * own parameters over it. Keyed by `ExampleKey` and at least one case each, so that the type
 * check of the tests refuses an operation without a case (the unit layer keeps the example
 * table equal to the node's list of operations).
 */
const CASES: Record<ExampleKey, [Case, ...Case[]]> = {
	'document/renderFromTemplate': [
		['data: a JSON list', { data: '[1, 2]' }, 'Invalid "Data (JSON)": must be a JSON object, not a list or a single value'],
		['data: broken JSON', { data: '{"a": ' }, /^Invalid "Data \(JSON\)": must be valid JSON/],
		['data: an expression yielding a number', { data: '={{ 42 }}' }, 'Invalid "Data (JSON)": must be a JSON object, not a list or a single value'],
		['data: an expression yielding an empty string', { data: '={{ "" }}' }, 'Invalid "Data (JSON)": must be a JSON object, e.g. {"name": "Ada"}'],
		['data: over 3 MB', { data: `={{ JSON.stringify({ body_html: "x".repeat(${3 * 1024 * 1024}) }) }}` }, /^Invalid "Data": makes a request body of 3\.0 MB; pdf noodle takes at most 3 MB$/],
		['template: an expression yielding nothing', { template: templateById('={{ "" }}') }, 'Invalid "Template": must not be empty'],
		['URL lifetime 0', { options: { signedUrlExpiresIn: 0 } }, /^Invalid "Signed URL Lifetime \(Seconds\)": must be a whole number of at least 1/],
		['URL lifetime as words', { options: { signedUrlExpiresIn: '={{ "an hour" }}' } }, /^Invalid "Signed URL Lifetime \(Seconds\)": must be a whole number/],
		['URL lifetime with a fraction', { options: { signedUrlExpiresIn: 1.5 } }, /^Invalid "Signed URL Lifetime \(Seconds\)"/],
		['storage path without a connection', { options: { s3Key: 'a/b' } }, 'Invalid "Storage Path": can only be used together with a Storage Connection ID'],
		['external ID that is no UUID', { options: { externalId: 'customer-7' } }, /^Invalid "External ID": must be a UUID/],
		['external ID as a number', { options: { externalId: '={{ 123 }}' } }, /^Invalid "External ID": must be a UUID/],
		['async without a webhook', { mode: 'async', webhook: '={{ "" }}' }, 'Invalid "Webhook URL": must not be empty'],
		['webhook that is not a URL', { mode: 'async', webhook: 'my webhook' }, /^Invalid "Webhook URL": must be an http:\/\/ or https:\/\/ URL/],
		['webhook over FTP', { mode: 'async', webhook: 'ftp://example.com/hook' }, /^Invalid "Webhook URL": must be an http:\/\/ or https:\/\/ URL/],
		['webhook without a host', { mode: 'async', webhook: 'http://' }, /^Invalid "Webhook URL"/],
		['pause: a timeout of 0', { mode: 'pause', pauseTimeout: 0 }, 'Invalid "Pause Timeout (Seconds)": must be a number of at least 1'],
		['pause: 21 items', { mode: 'pause' }, 'Mode "Pause Until Called Back" takes at most 20 items at a time, not 21', () => Array.from({ length: 21 }, () => ({ json: {} }))],
		['pause: different URL lifetimes for items paused together', { mode: 'pause', options: { signedUrlExpiresIn: '={{ 100 + $itemIndex }}' } }, 'Invalid "Signed URL Lifetime (Seconds)": must be the same for every item when the items are paused together (they go as one batch)', () => [{ json: {} }, { json: {} }]],
		['poll interval 0', { pollInterval: 0 }, 'Invalid "Poll Interval (Seconds)": must be a number of at least 1'],
		['poll interval as words', { pollInterval: '={{ "often" }}' }, 'Invalid "Poll Interval (Seconds)": must be a number of at least 1'],
		['timeout 0', { waitTimeout: 0 }, 'Invalid "Wait Timeout (Seconds)": must be a number of at least 1'],
		['a mapped list variable that is not JSON', { dataMode: 'map', variables: { mappingMode: 'defineBelow', value: { items: '[{' } } }, /^Invalid "Variables → items": must be a list: an expression that gives an array, or JSON text/],
	],
	'document/renderFromHtml': [
		['HTML of blanks', { html: '={{ "   " }}' }, 'Invalid "HTML": must not be empty'],
		['HTML over 3 MB', { html: `={{ "<p>" + "x".repeat(${3 * 1024 * 1024}) + "</p>" }}` }, /^Invalid "HTML": makes a request body of/],
		['HTML from a file that is a picture', { htmlSource: 'file' }, 'Invalid "Input Binary Field": "logo.png" is of the type image/png, not an HTML file (or a ZIP holding one)', () => [pngItem]],
		['HTML from a binary field the item lacks', { htmlSource: 'file', htmlBinaryField: 'page' }, 'Invalid "Input Binary Field": the input item has no binary field "page" (it has no binary data)'],
		['scale under 0.1', print({ scale: 0.05 }), /^Invalid "Print Settings → Scale": must be a number from 0.1 to 2/],
		['scale as text over 2', print({ scale: '={{ "2.5" }}' }), /^Invalid "Print Settings → Scale": must be a number from 0.1 to 2, not "2.5"$/],
		['margin in points', print({ marginTop: '2pt' }), /^Invalid "Print Settings → Margin Top": must be a number of pixels or a length with px, in, cm or mm/],
		['negative margin', print({ marginLeft: '-1cm' }), /^Invalid "Print Settings → Margin Left"/],
		['paper width in words', print({ width: 'wide' }), /^Invalid "Print Settings → Paper Width"/],
		['page ranges from 0', print({ pageRanges: '0-2' }), /^Invalid "Print Settings → Page Ranges": .*"0-2" is not a valid range$/],
		['page ranges backwards', print({ pageRanges: '3-1' }), /"3-1" is not a valid range$/],
		['page ranges as a word', print({ pageRanges: 'all' }), /^Invalid "Print Settings → Page Ranges": must be page numbers and ranges/],
		['page ranges with an empty part', print({ pageRanges: '1,,2' }), /^Invalid "Print Settings → Page Ranges"/],
		['extra print JSON as a list', print({ extraJson: '[1]' }), /^Invalid "Print Settings → More Print Settings \(JSON\)": must be a JSON object/],
		['extra print JSON broken', print({ extraJson: '{bad' }), /^Invalid "Print Settings → More Print Settings \(JSON\)": must be valid JSON/],
		['paper format from an expression', print({ format: '={{ "B5" }}' }), /^Invalid "Print Settings → Paper Format": must be one of Letter, Legal/],
	],
	'document/getStatus': [
		['status: a URL of another endpoint', { requestId: 'https://example.com/x' }, /^Invalid "Request ID or Status URL": must be an ID or a URL ending in \/v1\/pdf\/status\/<id>/],
		['status: an id with a slash', { requestId: 'a/b' }, /^Invalid "Request ID or Status URL"/],
		['status: nothing', { requestId: '={{ "" }}' }, 'Invalid "Request ID or Status URL": must not be empty'],
		// A pdf noodle ID is a short token: one of 129 characters is refused, given alone or in a status URL (records.ts).
		['status: an ID of 129 characters', { requestId: 'r'.repeat(129) }, 'Invalid "Request ID or Status URL": names an ID of 129 characters: a pdf noodle ID has at most 128'],
		['status: a status URL naming an ID of 900 kB', { requestId: `https://api.pdfnoodle.com/v1/pdf/status/${'r'.repeat(900 * 1024)}` }, 'Invalid "Request ID or Status URL": names an ID of 921600 characters: a pdf noodle ID has at most 128'],
	],
	'batch/renderTemplates': [
		['pause: items that make two batches', { ...list([{ templateId: 'letter', data: {} }]), mode: 'pause' }, 'Mode "Pause Until Called Back" sends one batch at a time, and these items make 2', () => [{ json: {} }, { json: {} }]],
		['batch items: different URL lifetimes in one batch', { batchOptions: { signedUrlExpiresIn: '={{ 100 + $itemIndex }}' } }, 'Invalid "Signed URL Lifetime (Seconds)": must be the same for every item of one batch (up to 20 input items go as one batch)', () => [{ json: {} }, { json: {} }]],
		['batch list: an object', list('{}'), 'Invalid "Entries (JSON)": must be a JSON list of entries'],
		['batch list: broken JSON', list('[{'), /^Invalid "Entries \(JSON\)": must be a JSON list \(/],
		['batch list: empty', list([]), 'Invalid "Entries (JSON)": must hold 1 to 20 entries, not 0'],
		['batch list: 21 entries', list(Array.from({ length: 21 }, () => ({ templateId: 'letter', data: {} }))), 'Invalid "Entries (JSON)": must hold 1 to 20 entries, not 21'],
		['batch list: an entry that is a number', list([1]), 'Invalid "Entries (JSON)": entry 1 must be an object'],
		['batch list: no templateId', list([{ data: {} }]), 'Invalid "Entries (JSON)": entry 1 needs a templateId'],
		['batch list: data as a list', list([{ templateId: 'letter', data: [] }]), 'Invalid "Entries (JSON)": entry 1 needs data as an object'],
		['batch list: convertToImage as text', list([{ templateId: 'letter', data: {}, convertToImage: 'yes' }]), 'Invalid "Entries (JSON)": entry 1: convertToImage must be true or false'],
		['batch list: merge with a PNG entry', { ...list([{ templateId: 'letter', data: {}, convertToImage: true }]), batchOptions: { merge: true } }, 'Invalid "Merge Into One PDF": cannot be used when an entry asks for PNG output'],
		['batch items: broken data', { documentData: 'oops' }, /^Invalid "Data \(JSON\)": must be valid JSON/],
		['batch items: a webhook that is not a URL', { webhook: 'my webhook' }, /^Invalid "Webhook URL": must be an http:\/\/ or https:\/\/ URL/],
		['batch items: URL lifetime 0', { batchOptions: { signedUrlExpiresIn: 0 } }, /^Invalid "Signed URL Lifetime \(Seconds\)"/],
	],
	'batch/renderHtml': [
		['batch list: html entry without html', list([{}]), 'Invalid "Entries (JSON)": entry 1 needs html'],
		['batch items: HTML from a file that is a picture', { htmlSource: 'file' }, 'Invalid "Input Binary Field": "logo.png" is of the type image/png, not an HTML file (or a ZIP holding one)', () => [pngItem]],
	],
	'batch/getStatus': [
		['batch status: an ID of 129 characters', { batchRequestId: 'b'.repeat(129) }, 'Invalid "Batch Request ID or Status URL": names an ID of 129 characters: a pdf noodle ID has at most 128'],
		['batch status: a tool status URL', { batchRequestId: 'https://api.pdfnoodle.com/v1/tools/status/1' }, /^Invalid "Batch Request ID or Status URL": must be an ID or a URL ending in \/v1\/pdf\/batch\/status\/<id>/],
	],
	'template/getMany': [
		['templates: a limit of 0', { limit: 0 }, 'Invalid "Limit": must be a whole number of at least 1, not 0'],
	],
	'template/get': [
		['get template: nothing', { template: templateById('={{ "" }}') }, 'Invalid "Template": must not be empty'],
	],
	'template/getVariables': [
		['variables: nothing', { template: templateById('={{ "" }}') }, 'Invalid "Template": must not be empty'],
	],
	'template/createWithAi': [
		['AI prompt empty', { prompt: '={{ "" }}' }, 'Invalid "Prompt": must not be empty'],
		['AI display name of blanks', { displayName: '={{ " " }}' }, 'Invalid "Display Name": must not be empty'],
		['AI reference file without scheme', { fileUrl: 'file.pdf' }, /^Invalid "Reference File URL": must be an http:\/\/ or https:\/\/ URL/],
		['AI reference file as javascript:', { fileUrl: 'javascript:alert(1)' }, /^Invalid "Reference File URL"/],
	],
	'pdfTool/markdownToPdf': [
		['markdown empty', { markdown: '={{ "" }}' }, 'Invalid "Markdown": must not be empty'],
		['markdown scale 3', { markdown: '# x', pdfOptions: { scale: 3 } }, /^Invalid "PDF Options → Scale": must be a number from 0.1 to 2/],
		['markdown margin in em', { markdown: '# x', pdfOptions: { marginTop: '2em' } }, /^Invalid "PDF Options → Margin Top"/],
		['markdown over 3 MB', { markdown: `={{ "#" + "x".repeat(${3 * 1024 * 1024}) }}` }, /^Invalid "Markdown": makes a request body of/],
		['markdown from a file that is a picture', { markdownSource: 'file' }, 'Invalid "Input Binary Field": "logo.png" is of the type image/png, not a Markdown file (or a ZIP holding one)', () => [pngItem]],
	],
	'pdfTool/mergePdfs': [
		['merge across items: output name not .pdf, before any upload', { mergeInputs: 'allItems', inputType: 'binary', toolOptions: { finalFilename: 'merged.docx' } }, 'Invalid "Output File Name": must be a file name ending in .pdf, not "merged.docx"', () => [pdfItem, pdfItem]],
		['merge across items: a binary that is not a PDF', { mergeInputs: 'allItems', inputType: 'binary' }, /^Invalid "Input Binary Field": the binary field "data" is not a PDF/, () => [pdfItem, pngItem]],
		['merge: one PDF', merge([url('https://a.test/1.pdf')]), 'Invalid "PDFs to Merge": needs at least 2 PDFs, not 1'],
		['merge: no PDFs', merge([]), 'Invalid "PDFs to Merge": needs at least 2 PDFs, not 0'],
		['merge: a URL that is not one', merge([url('https://a.test/1.pdf'), url('two.pdf')]), /^Invalid "PDFs to Merge → 2 → PDF URL": must be an http:\/\/ or https:\/\/ URL/],
		['merge: a binary that is not a PDF', merge([url('https://a.test/1.pdf'), { inputType: 'binary', binaryPropertyName: 'data' }]), /^Invalid "PDFs to Merge → 2 → Input Binary Field": the binary field "data" is not a PDF/, () => [pngItem]],
	],
	'pdfTool/splitPdf': [
		['split: ranges mode without ranges', { splitMode: 'ranges', ranges: '={{ "" }}' }, /^Invalid "Page Ranges": must be page numbers and ranges/],
		['split: letters as ranges', { splitMode: 'ranges', ranges: 'a-b' }, /^Invalid "Page Ranges"/],
		['split: interval 0', { splitMode: 'intervals', interval: 0 }, 'Invalid "Pages per Part": must be a whole number of at least 1, not 0'],
		['split: interval 2.5', { splitMode: 'intervals', interval: '={{ 2.5 }}' }, /^Invalid "Pages per Part": must be a whole number of at least 1/],
		['split: unknown mode', { splitMode: '={{ "chapters" }}', ranges: '1' }, 'Invalid "Split Mode": must be "intervals" or "ranges"'],
	],
	'pdfTool/compressPdf': [
		['output name not .pdf', { toolOptions: { finalFilename: 'report.docx' } }, 'Invalid "Output File Name": must be a file name ending in .pdf, not "report.docx"'],
		['output name with a folder', { toolOptions: { finalFilename: '={{ "../x.pdf" }}' } }, /^Invalid "Output File Name": must be a file name ending in .pdf/],
		['output name in unicode, not .pdf', { toolOptions: { finalFilename: 'rapport-été.docx' } }, 'Invalid "Output File Name": must be a file name ending in .pdf, not "rapport-été.docx"'],
		['URL lifetime 59 s', { toolOptions: { expiration: 59 } }, /^Invalid "URL Lifetime \(Seconds\)": must be a whole number from 60 to 604800, not 59$/],
		['URL lifetime over 7 days', { toolOptions: { expiration: 604801 } }, /not 604801$/],
		['URL lifetime as text', { toolOptions: { expiration: '={{ "1h" }}' } }, /^Invalid "URL Lifetime \(Seconds\)"/],
		['compress: URL without a host', { url: 'http://' }, /^Invalid "PDF URL": must be an http:\/\/ or https:\/\/ URL/],
		['compress: URL from an empty expression', { url: '={{ "" }}' }, 'Invalid "PDF URL": must not be empty'],
		['compress: binary field missing', { inputType: 'binary', binaryPropertyNameIn: 'file' }, 'Invalid "Input Binary Field": the input item has no binary field "file"', () => [pdfItem]],
		['compress: binary that is not a PDF', { inputType: 'binary' }, 'Invalid "Input Binary Field": the binary field "data" is not a PDF (image/png, logo.png)', () => [pngItem]],
	],
	'pdfTool/updateMetadata': [
		['metadata: none', metadata({}), 'Invalid "Metadata": needs at least one property to set'],
		['metadata: blank values only', metadata({ title: '', author: '' }), 'Invalid "Metadata": needs at least one property to set'],
		['metadata: a date that is none', metadata({ createDate: 'last tuesday' }), /^Invalid "Metadata → Created": must be a date/],
		['metadata: PDF version 3', metadata({ pdfVersion: 3 }), /^Invalid "Metadata → PDF Version": must be a number from 1 to 2/],
		['metadata: binary missing', metadata({ title: 'x' }, { inputType: 'binary' }), 'Invalid "Input Binary Field": the input item has no binary field "data"', () => [{ json: {} }]],
	],
	'pdfTool/getStatus': [
		['tool status: an ID of 129 characters', { toolRequestId: 't'.repeat(129) }, 'Invalid "Request ID or Status URL": names an ID of 129 characters: a pdf noodle ID has at most 128'],
		['tool status: a render status URL', { toolRequestId: 'https://api.pdfnoodle.com/v1/pdf/status/abc' }, /^Invalid "Request ID or Status URL": must be an ID or a URL ending in \/v1\/tools\/status\/<id>/],
	],
};

const TABLE = Object.entries(CASES).flatMap(([key, cases]) => cases.map(([name, extra, message, input]) => ({ key, name, parameters: exampleOf(key, extra), message, input })));

describe(`bad-input table (${TABLE.length} cases)`, () => {
	for (const { name, parameters, message, input } of TABLE) {
		test(name, async () => {
			clearRequestLog(sandbox);
			measured.cases++;
			const { error } = await runPdfNoodle(parameters as never, { credentials: credentialsFor(sandbox), input: input?.() });
			measured.requestsSent += sandbox.context.requestLog.length;
			if (/"[^"]+"/.test(String(error?.message))) measured.messagesNamingTheParameter++;
			assert.ok(error, 'the node refused the input');
			if (typeof message === 'string') assert.equal(error.message, message);
			else assert.match(error.message, message);
			assert.match(String(error.description), /Nothing was sent to pdf noodle/);
			assert.deepEqual(sandbox.context.requestLog.map((request) => `${request.method} ${request.path}`), [], 'nothing was sent');
			assert.ok(!`${error.message} ${error.description}`.includes(sandbox.apiKey));
		});
	}

	// The type of CASES keeps this while the tests are type-checked; swc, which runs them, does not check types.
	test('every operation of the node\'s list has a case, those of the whole run included', () => {
		const covered = new Set(TABLE.map(({ key }) => key));
		assert.deepEqual(OPERATIONS.map(exampleKey).filter((key) => !covered.has(key)), []);
	});
});
