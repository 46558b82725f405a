/**
 * n8n's "On Error" settings with items that fail among items that succeed, for each family of
 * operations: under "Continue (using error output)" the failed items reach the error output
 * and the good ones the success output; under "Continue" they stay on the one output, in
 * input order. Every item names the input item it came from.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from '@jest/globals';

import type { INodeExecutionData } from 'n8n-workflow';

import { type FileServer, serveFiles, textPdf } from '../support/fixtures';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ textRender: true });
let files: FileServer;

beforeAll(async () => {
	files = await serveFiles({ '/doc.pdf': await textPdf('Doc', 2) });
});

afterAll(async () => {
	await files.close();
});

const template = { __rl: true, mode: 'id', value: '={{ $json.template }}' };

/** Each family: its parameters, and three input items of which the second fails. */
const FAMILIES = [
	{
		name: 'render',
		parameters: { resource: 'document', operation: 'renderFromTemplate', template, data: '{}', downloadFile: false },
		input: () => [{ template: 'letter' }, { template: 'broken-layout' }, { template: 'certificate' }],
		failure: /^The document could not be rendered/,
	},
	{
		name: 'batch entry',
		parameters: { resource: 'batch', operation: 'renderTemplates', batchSource: 'inputItems', template, documentData: '{}', downloadFile: false },
		input: () => [{ template: 'letter' }, { template: 'broken-layout' }, { template: 'certificate' }],
		failure: /^The render of batch entry 2 failed/,
	},
	{
		name: 'batch planning',
		parameters: { resource: 'batch', operation: 'renderTemplates', batchSource: 'inputItems', template: { __rl: true, mode: 'id', value: 'letter' }, documentData: '={{ $json.data }}', downloadFile: false },
		input: () => [{ data: '{}' }, { data: 'not JSON' }, { data: '{}' }],
		failure: /^Invalid "Data \(JSON\)": must be valid JSON/,
	},
	{
		name: 'PDF tool',
		parameters: { resource: 'pdfTool', operation: 'compressPdf', inputType: 'url', url: '={{ $json.url }}', downloadFile: false },
		input: () => [{ url: files.url('/doc.pdf') }, { url: files.url('/missing.pdf') }, { url: files.url('/doc.pdf') }],
		failure: /^Could not download the PDF at url: the server answered 404/,
	},
];

const pairedIndexes = (items: INodeExecutionData[]) => items.map((item) => (item.pairedItem as { item: number }).item);

describe.each(FAMILIES)('$name', ({ parameters, input, failure }) => {
	const json = () => input().map((values) => ({ json: values }));

	test('"Continue (using error output)": the failed item on the error output, the others on the success output', async () => {
		const { items, errorItems, error } = await sandbox.run(parameters, json(), { onError: 'continueErrorOutput' });
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(pairedIndexes(items), [0, 2]);
		assert.ok(items.every((item) => item.json.error === undefined), JSON.stringify(items.map((item) => item.json)));
		assert.equal(errorItems.length, 1);
		assert.deepEqual(pairedIndexes(errorItems), [1]);
		assert.match(String(errorItems[0].json.error), failure);
		// n8n hands the error output the failed input item's fields along with the error.
		assert.deepEqual(Object.keys(input()[1]).filter((key) => !(key in errorItems[0].json)), []);
	});

	test('"Continue": every item on the one output, in input order, the failed one with its error', async () => {
		const { items, error } = await sandbox.run(parameters, json(), { onError: 'continueRegularOutput' });
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(pairedIndexes(items), [0, 1, 2]);
		assert.deepEqual(items.map((item) => item.json.error !== undefined), [false, true, false]);
		assert.match(String(items[1].json.error), failure);
	});
});
