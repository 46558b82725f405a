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
import { operationFor } from '../../dist/nodes/PdfNoodle/resources/index.js';

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

test('every resource and operation of the description is one of the package\'s operations', () => {
	const pairs = offeredPairs();
	assert.equal(pairs.length, 16, 'three operations of Document and of Batch, four of Template, six of PDF Tool');
	assert.deepEqual([...new Set(pairs.map(([resource]) => resource))].sort(), ['batch', 'document', 'pdfTool', 'template']);
	const missing = pairs.filter(([resource, operation]) => typeof operationFor(resource, operation) !== 'function');
	assert.deepEqual(missing, []);
	const operations = new Set(pairs.map(([resource, operation]) => operationFor(resource, operation)));
	assert.equal(operations.size, pairs.length, 'no two pairs run the same operation');
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
