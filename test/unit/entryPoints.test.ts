/**
 * One way into the node however n8n calls it: n8n's engine, an AI Agent and the MCP Server
 * Trigger all call the node type's `execute`. Every resource and operation the description
 * offers must be one of the package's own operations, and nothing may be left for n8n's
 * declarative routing engine (a node type without `execute`, or an option with `routing`,
 * would send a request the package never checked: a Batch render once sent `GET /`).
 */
import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';
import { OPERATIONS, operationFor, resumeFor } from '../../dist/nodes/PdfNoodle/resources/index.js';

const node = new PdfNoodle();

/** Every resource/operation pair the editor offers. */
function offeredPairs(): Array<[string, string]> {
	return node.description.properties
		.filter((property: INodeProperties) => property.name === 'operation')
		.flatMap((property: INodeProperties) =>
			((property.displayOptions?.show?.resource ?? []) as string[]).flatMap((resource) =>
				(property.options as INodePropertyOptions[]).map((option): [string, string] => [resource, String(option.value)]),
			),
		);
}

test('the description offers exactly the operations of the one list, each of them runnable', () => {
	const listed = OPERATIONS.map((operation): [string, string] => [operation.resource, operation.option.value]);
	assert.deepEqual(offeredPairs().sort(), listed.sort(), 'every operation of the list is offered, and nothing else');
	assert.deepEqual([...new Set(listed.map(([resource]) => resource))].sort(), ['batch', 'document', 'pdfTool', 'template']);
	for (const operation of OPERATIONS) {
		const name = `${operation.resource} → ${operation.option.value}`;
		assert.equal(operationFor(operation.resource, operation.option.value), operation, name);
		const runs = ['forEachItem', 'forWholeRun'].filter((how) => typeof (operation as unknown as Record<string, unknown>)[how] === 'function');
		assert.equal(runs.length, 1, `${name} runs for each item or for the whole run, not both`);
		assert.equal(resumeFor(operation.resource, operation.option.value), operation.resume, name);
	}
	// The pause: the four renders can pause, and so resume; nothing else does.
	assert.deepEqual(OPERATIONS.filter((operation) => operation.resume).map((operation) => operation.option.value).sort(), ['renderFromHtml', 'renderFromTemplate', 'renderHtml', 'renderTemplates']);
});

test('the node has one entry, execute, and nothing n8n\'s routing engine would run', () => {
	assert.equal(typeof node.execute, 'function');
	assert.equal((node as { customOperations?: unknown }).customOperations, undefined);
	assert.equal((node.description as { requestDefaults?: unknown }).requestDefaults, undefined);
	const routed = JSON.stringify(node.description.properties, (key, value) => (key === 'routing' ? 'ROUTED' : value)).includes('"ROUTED"');
	assert.equal(routed, false, 'no parameter or option of the description has routing');
});

test('a name of Object\'s prototype is no operation', () => {
	assert.equal(operationFor('document', 'constructor'), undefined);
	assert.equal(operationFor('toString', 'call'), undefined);
});

test('execute refuses a resource or operation the node lacks, naming both, instead of guessing', async () => {
	const context = {
		getNodeParameter: (name: string) => ({ resource: 'document', operation: 'renderFromPdf' })[name],
		getNode: () => ({ name: 'PDF Noodle', type: 'n8n-nodes-pdf-noodle.pdfNoodle', typeVersion: 1, parameters: {} }),
	} as unknown as IExecuteFunctions;
	await assert.rejects(node.execute!.call(context), { message: 'The PDF Noodle node has no operation "renderFromPdf" for the resource "document"' });
});
