/**
 * One way into the node however n8n calls it: its engine runs `customOperations`, while the
 * MCP Server Trigger and AI Agent 2.x call `execute`. Every resource and operation the
 * description offers must reach the same operation both ways, so that none can fall back to
 * n8n's declarative routing engine.
 */
import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationFor, PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';

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

test('every resource and operation of the description is one of the package\'s operations, through customOperations and through execute', () => {
	const pairs = offeredPairs();
	assert.equal(pairs.length, 16, 'three operations of Document and of Batch, four of Template, six of PDF Tool');
	assert.deepEqual([...new Set(pairs.map(([resource]) => resource))].sort(), ['batch', 'document', 'pdfTool', 'template']);
	const resolved = pairs.map(([resource, operation]) => {
		const engine = node.customOperations?.[resource]?.[operation];
		return [`${resource}:${operation}`, typeof engine === 'function' && operationFor(resource, operation) === engine];
	});
	assert.deepEqual(resolved.filter(([, same]) => !same), [], 'each pair reaches the same function both ways');
	assert.equal(typeof node.execute, 'function');
});

test('execute refuses a resource or operation the node lacks, naming both, instead of guessing', async () => {
	const context = {
		getNodeParameter: (name: string) => ({ resource: 'document', operation: 'renderFromPdf' })[name],
		getNode: () => ({ name: 'PDF Noodle', type: 'n8n-nodes-pdf-noodle.pdfNoodle', typeVersion: 1, parameters: {} }),
	} as unknown as IExecuteFunctions;
	await assert.rejects(node.execute!.call(context), { message: 'The PDF Noodle node has no operation "renderFromPdf" for the resource "document"' });
});
