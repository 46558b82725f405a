/** Rules every operation of the node's description must keep, checked on the built node. */
import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';
import { throwOnErrorStatus } from '../../dist/nodes/PdfNoodle/shared/errors.js';

const { description } = new PdfNoodle();

function operations(): Array<INodePropertyOptions & { resource: string }> {
	return description.properties
		.filter((property: INodeProperties) => property.name === 'operation')
		.flatMap((property: INodeProperties) =>
			(property.options as INodePropertyOptions[]).map((option) => ({
				...option,
				resource: String(property.displayOptions?.show?.resource?.[0]),
			})),
		);
}

test('the node is usable by AI agents and names its credential', () => {
	assert.equal(description.usableAsTool, true);
	assert.deepEqual(description.credentials, [{ name: 'pdfNoodleApi', required: true }]);
});

const node = new PdfNoodle();
const customOperations = (node as { customOperations?: Record<string, Record<string, unknown>> }).customOperations ?? {};
const isCustom = (operation: { resource: string; value: unknown }) => Boolean(customOperations[operation.resource]?.[String(operation.value)]);

test('every operation is either routed or a custom operation, never neither', () => {
	for (const operation of operations()) {
		assert.ok(Boolean(operation.routing) !== isCustom(operation), `${operation.resource}/${operation.value} has exactly one way to run`);
	}
	assert.deepEqual(Object.keys(customOperations.batch ?? {}).sort(), ['renderHtml', 'renderTemplates']);
});

test('every routed operation words error statuses through throwOnErrorStatus before anything else', () => {
	assert.ok(operations().length >= 2);
	for (const operation of operations().filter((candidate) => !isCustom(candidate))) {
		const postReceive = operation.routing?.output?.postReceive ?? [];
		assert.equal(postReceive[0], throwOnErrorStatus, `${operation.resource}/${operation.value} checks the status first`);
	}
	assert.equal(description.requestDefaults?.ignoreHttpStatusErrors, true);
});

test('every operation has an action text and a description', () => {
	for (const operation of operations()) {
		assert.ok(operation.action, `${operation.value} has an action`);
		assert.ok(operation.description, `${operation.value} has a description`);
	}
});

test('parameter names are unique per operation where they are shown together', () => {
	const seen = new Map<string, string>();
	for (const property of description.properties) {
		const key = `${property.name}|${JSON.stringify(property.displayOptions ?? {})}`;
		assert.ok(!seen.has(key), `parameter "${property.name}" is declared twice for the same operations`);
		seen.set(key, property.name);
	}
});
