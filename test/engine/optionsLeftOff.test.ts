/**
 * The node sends only what applies (api-notes.md: "fields that do not apply are left out of the
 * body, never sent as false or \"\""). For every operation of the node, every boolean it shows
 * (top-level switches, and each boolean option of its collections, added and left off) is set
 * to false, and what reaches the sandbox is checked: no false and no "" in any body, and the
 * sandbox's contract-violation log empty. The booleans are read from the node's description,
 * so an option added later is covered without touching this file.
 */
import assert from 'node:assert/strict';
import { beforeAll, describe, test } from '@jest/globals';
import type { INodeProperties } from 'n8n-workflow';

import { PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';
import { apiRequests, callApi, takeContractViolations } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox();
/** Two PDFs for the tools to read: files the sandbox rendered, at its signed URLs. */
const pdfUrls: string[] = [];

beforeAll(async () => {
	for (const page of ['A', 'B']) pdfUrls.push(String((await callApi(sandbox, 'POST', '/v1/html-to-pdf/sync', { html: `<p>${page}</p>` })).json.signedUrl));
});

const properties = new PdfNoodle().description.properties as INodeProperties[];

/** Whether a property shows for the resource and operation (other display conditions aside: a boolean hidden by one is simply not read). */
function showsFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show ?? {};
	return (!show.resource || show.resource.includes(resource)) && (!show.operation || show.operation.includes(operation));
}

/** The operation's parameters with every boolean it shows set to false, collections' boolean options added and left off. */
function everyBooleanOff(resource: string, operation: string, base: Record<string, unknown>): Record<string, unknown> {
	const parameters: Record<string, unknown> = { ...base };
	for (const property of properties.filter((candidate) => showsFor(candidate, resource, operation))) {
		if (property.type === 'boolean') parameters[property.name] = false;
		if (property.type !== 'collection') continue;
		const booleans = (property.options as INodeProperties[]).filter((option) => option.type === 'boolean');
		if (booleans.length === 0) continue;
		parameters[property.name] = { ...(parameters[property.name] as object), ...Object.fromEntries(booleans.map((option) => [option.name, false])) };
	}
	return parameters;
}

/** Every path in a body whose value is false or "", as `a.b[2].c`. */
function offValues(value: unknown, path = ''): string[] {
	if (value === false || value === '') return [path];
	if (Array.isArray(value)) return value.flatMap((entry, index) => offValues(entry, `${path}[${index}]`));
	if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, entry]) => offValues(entry, path ? `${path}.${key}` : key));
	return [];
}

const certificate = { __rl: true, mode: 'id', value: 'certificate' };
const certificateData = '{"recipient_name": "Dorothy Vaughan", "course": {"title": "FORTRAN", "hours": 3}}';

/** The parameters each operation needs to send its request; each is run with every boolean off. */
const OPERATIONS: Record<string, () => Promise<Record<string, unknown>>> = {
	'document renderFromTemplate': async () => ({ template: certificate, data: certificateData, options: { outputFormat: 'pdf' } }),
	'document renderFromHtml': async () => ({ html: '<p>Off</p>', options: { outputFormat: 'pdf' }, printSettings: { format: 'A5' } }),
	'document getStatus': async () => ({ requestId: String((await callApi(sandbox, 'POST', '/__sandbox/filler-render', { megabytes: 1 })).json.requestId) }),
	'batch renderTemplates': async () => ({ batchSource: 'inputItems', template: certificate, documentData: certificateData, options: { outputFormat: 'pdf' } }),
	'batch renderHtml': async () => ({ batchSource: 'inputItems', documentHtml: '<p>Off</p>', options: { outputFormat: 'pdf' }, printSettings: { format: 'A5' } }),
	'batch getStatus': async () => ({ batchRequestId: String((await callApi(sandbox, 'POST', '/v1/html-to-pdf/batch', { items: [{ html: '<p>x</p>' }] })).json.batchRequestId) }),
	'template createWithAi': async () => ({ prompt: 'A receipt with a total', displayName: 'Receipt' }),
	'template get': async () => ({ template: certificate }),
	'template getMany': async () => ({ limit: 2 }),
	'template getVariables': async () => ({ template: certificate }),
	'pdfTool markdownToPdf': async () => ({ markdown: '# Off', pdfOptions: { format: 'A5' } }),
	'pdfTool mergePdfs': async () => ({ sources: { source: [{ inputType: 'url', url: pdfUrls[0] }, { inputType: 'url', url: pdfUrls[1] }] } }),
	'pdfTool splitPdf': async () => ({ inputType: 'url', url: pdfUrls[1], splitMode: 'intervals', interval: 1 }),
	'pdfTool compressPdf': async () => ({ inputType: 'url', url: pdfUrls[0], compressLevel: 'low' }),
	// `marked` is a value written into the PDF (false unmarks it), not an option: it may go as false.
	'pdfTool updateMetadata': async () => ({ inputType: 'url', url: pdfUrls[0], pdfProperties: { title: 'Off' } }),
	'pdfTool getStatus': async () => ({ toolRequestId: String((await callApi(sandbox, 'POST', '/v1/tools/convert-markdown-to-pdf', { markdown: '# x', async: true })).json.requestId) }),
};

const operations = properties
	.filter((property) => property.name === 'operation')
	.flatMap((property) => (property.options as Array<{ value: string }>).map((option) => `${String(property.displayOptions?.show?.resource?.[0])} ${option.value}`));

describe('an option added and left off is left out of the body, for every operation', () => {
	test('every operation of the node is in this test', () => {
		assert.deepEqual(operations.filter((operation) => !(operation in OPERATIONS)), []);
	});

	test.each(operations)('%s', async (operation) => {
		const [resource, name] = operation.split(' ');
		const base = await OPERATIONS[operation]();
		takeContractViolations(sandbox); // What the test itself sent to set things up is not the node's.
		const setUp = apiRequests(sandbox).length;
		const parameters = everyBooleanOff(resource, name, { resource, operation: name, ...base });
		const { error } = await sandbox.run(parameters);
		assert.equal(error, undefined, error?.message);
		const sent = apiRequests(sandbox).slice(setUp);
		assert.ok(sent.length > 0, 'the operation sent its request');
		const off = sent.flatMap((request) => offValues(request.body).filter((path) => path !== 'metadata.marked').map((path) => `${request.method} ${request.path}: ${path}`));
		assert.deepEqual(off, [], 'no false and no "" in what was sent');
		assert.deepEqual(takeContractViolations(sandbox), [], 'the sandbox found nothing against the contract');
	});

	test('the booleans this covers: each collection\'s boolean options, read from the description', () => {
		const covered = everyBooleanOff('pdfTool', 'markdownToPdf', {});
		assert.deepEqual(covered.toolOptions, { async: false });
		assert.deepEqual(covered.pdfOptions, { landscape: false, printBackground: false });
		const html = everyBooleanOff('document', 'renderFromHtml', {});
		assert.deepEqual(html.printSettings, { displayHeaderFooter: false, landscape: false, printBackground: false });
		assert.deepEqual(html.options, { hasCover: false });
		assert.deepEqual(everyBooleanOff('batch', 'renderTemplates', {}).batchOptions, { alsoSingleFiles: false, merge: false });
	});
});
