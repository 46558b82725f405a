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
import { EXAMPLE_KEYS, type ExampleWorld, exampleOf, sandboxWorld } from '../support/operationExamples';
import { apiRequests, takeContractViolations } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ textRender: true });
/** What the examples read and look up: two PDFs the sandbox rendered (at its signed URLs), a render, a batch and a tool job it started. */
let world: ExampleWorld;

beforeAll(async () => {
	world = await sandboxWorld(sandbox);
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

/** Every operation the description offers, as `resource/operation`; each runs its example (test/support/operationExamples.ts) with every boolean off. */
const operations = properties
	.filter((property) => property.name === 'operation')
	.flatMap((property) => (property.options as Array<{ value: string }>).map((option) => `${String(property.displayOptions?.show?.resource?.[0])}/${option.value}`));

describe('an option added and left off is left out of the body, for every operation', () => {
	test('every operation of the node has an example', () => {
		assert.deepEqual(operations.filter((operation) => !EXAMPLE_KEYS.includes(operation)), []);
	});

	test.each(operations)('%s', async (operation) => {
		const [resource, name] = operation.split('/');
		takeContractViolations(sandbox); // What the test itself sent to set things up is not the node's.
		const setUp = apiRequests(sandbox).length;
		const parameters = everyBooleanOff(resource, name, exampleOf(operation, {}, world));
		const { error } = await sandbox.run(parameters);
		assert.equal(error, undefined, error?.message);
		const sent = apiRequests(sandbox).slice(setUp);
		assert.ok(sent.length > 0, 'the operation sent its request');
		// `marked` is a value written into the PDF (false unmarks it), not an option: it may go as false.
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
