/**
 * Every operation words the service's error statuses for a person, whichever way it runs (for
 * each item, or for the whole run): a wrong API key says to check the credential, and an
 * operation on a template that does not exist names the template and where the IDs are.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { OPERATIONS, RESOURCES } from '../../dist/nodes/PdfNoodle/resources/index.js';
import { runPdfNoodle } from '../harness/engine';
import { apiRequests, credentialsFor } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const pdfUrl = 'https://files.example.com/report.pdf';

/** Each operation the node offers, with the least it needs to send its first request. */
const LEAST_PARAMETERS: Record<string, Record<string, unknown>> = {
	'Document → Render From Template': { resource: 'document', operation: 'renderFromTemplate', template: byId('invoice'), data: '{}' },
	'Document → Render From HTML': { resource: 'document', operation: 'renderFromHtml', html: '<p>Hello</p>' },
	'Document → Get Status': { resource: 'document', operation: 'getStatus', requestId: 'a-render' },
	'Batch → Render Templates': { resource: 'batch', operation: 'renderTemplates', batchSource: 'inputItems', template: byId('letter'), documentData: '{}' },
	'Batch → Render HTML': { resource: 'batch', operation: 'renderHtml', batchSource: 'inputItems', documentHtml: '<p>Hello</p>' },
	'Batch → Get Status': { resource: 'batch', operation: 'getStatus', batchRequestId: 'a-batch' },
	'Template → Get Many': { resource: 'template', operation: 'getMany', returnAll: true },
	'Template → Get': { resource: 'template', operation: 'get', template: byId('invoice') },
	'Template → Get Variables': { resource: 'template', operation: 'getVariables', template: byId('invoice') },
	'Template → Create With AI': { resource: 'template', operation: 'createWithAi', prompt: 'An invoice', displayName: 'Invoice' },
	'PDF Tool → Markdown to PDF': { resource: 'pdfTool', operation: 'markdownToPdf', markdown: '# Hello' },
	'PDF Tool → Merge PDFs': { resource: 'pdfTool', operation: 'mergePdfs', sources: { source: [{ inputType: 'url', url: pdfUrl }, { inputType: 'url', url: pdfUrl }] } },
	'PDF Tool → Split PDF': { resource: 'pdfTool', operation: 'splitPdf', inputType: 'url', url: pdfUrl, splitMode: 'intervals', interval: 1 },
	'PDF Tool → Compress PDF': { resource: 'pdfTool', operation: 'compressPdf', inputType: 'url', url: pdfUrl },
	'PDF Tool → Update PDF Metadata': { resource: 'pdfTool', operation: 'updateMetadata', inputType: 'url', url: pdfUrl, pdfProperties: { title: 'Report' } },
	'PDF Tool → Get Status': { resource: 'pdfTool', operation: 'getStatus', toolRequestId: 'a-tool-job' },
};

/** The node's list of operations, each named as the editor shows it, e.g. "Document → Get Status". */
const everyOperation = OPERATIONS.map((operation): [string, Record<string, unknown> | undefined] => {
	const resource = RESOURCES.find((candidate) => candidate.option.value === operation.resource);
	const name = `${resource?.option.name} → ${operation.option.name}`;
	return [name, LEAST_PARAMETERS[name]];
});

test('the table has the least parameters of every operation of the node\'s list, and of nothing else', () => {
	assert.deepEqual(Object.keys(LEAST_PARAMETERS).sort(), everyOperation.map(([name]) => name).sort());
});

describe('an error status, worded for a person', () => {
	test.each(everyOperation)('%s with a wrong API key says to check the credential', async (_, parameters) => {
		assert.ok(parameters, 'the table has the operation');
		const { items, error } = await runPdfNoodle(parameters as never, { credentials: credentialsFor(sandbox, { apiKey: 'not-the-key' }) });
		assert.equal(error?.message, 'Authorization failed: check the API key of your PDF Noodle API credential');
		assert.equal(items.length, 0);
		assert.equal(apiRequests(sandbox).length, 1, 'one request, answered 401, and nothing after it');
	});

	const onTemplates = ['Document → Render From Template', 'Template → Get', 'Template → Get Variables'];
	test.each(onTemplates)('%s names a template that does not exist and where the IDs are', async (name) => {
		const parameters = { ...LEAST_PARAMETERS[name], template: byId('no-such-template') };
		const { error } = await runPdfNoodle(parameters as never, { credentials: credentialsFor(sandbox) });
		assert.equal(error?.message, 'Template "no-such-template" could not be found');
		assert.match(String(error?.description), /^Check the template ID: Template → Get Many lists the templates of the account/);
	});
});
