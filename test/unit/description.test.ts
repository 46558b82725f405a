/** Rules every operation of the node's description must keep, checked on the built node. */
import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';
import { PdfNoodleTrigger } from '../../dist/nodes/PdfNoodleTrigger/PdfNoodleTrigger.node.js';

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

test('as an AI agent\'s tool, files stay URLs and templates come simplified unless asked otherwise', () => {
	// n8n names a node used as a tool "<name>Tool" and shows `@tool` parameters only then.
	const defaultsFor = (name: string, parameters: Record<string, unknown>) =>
		NodeHelpers.getNodeParameters(description.properties, parameters as never, true, false, { typeVersion: 1 }, { ...description, name }) ?? {};
	const render = { resource: 'document', operation: 'renderFromTemplate' };
	const get = { resource: 'template', operation: 'get' };
	assert.equal(defaultsFor('pdfNoodle', render).downloadFile, true);
	assert.equal(defaultsFor('pdfNoodleTool', render).downloadFile, false);
	assert.equal(defaultsFor('pdfNoodle', get).simplify, false);
	assert.equal(defaultsFor('pdfNoodleTool', get).simplify, true);
});

test('HTML and Markdown: Source is Text by default (saved workflows unchanged), File asks for the binary field; a tool has no Source and keeps the text', () => {
	const shown = (name: string, parameters: Record<string, unknown>) =>
		NodeHelpers.getNodeParameters(description.properties, parameters as never, true, false, { typeVersion: 1 }, { ...description, name }) ?? {};
	const cases = [
		{ operation: { resource: 'document', operation: 'renderFromHtml' }, choice: 'htmlSource', text: 'html', binary: 'htmlBinaryField' },
		{ operation: { resource: 'batch', operation: 'renderHtml' }, choice: 'htmlSource', text: 'documentHtml', binary: 'htmlBinaryField' },
		{ operation: { resource: 'pdfTool', operation: 'markdownToPdf' }, choice: 'markdownSource', text: 'markdown', binary: 'markdownBinaryField' },
	];
	for (const { operation, choice, text, binary } of cases) {
		const saved = shown('pdfNoodle', operation);
		assert.equal(saved[choice], 'text', `${operation.operation}: Source defaults to Text`);
		assert.ok(text in saved && !(binary in saved), `${operation.operation}: the text parameter shows, the binary field does not`);
		const file = shown('pdfNoodle', { ...operation, [choice]: 'file' });
		assert.equal(file[binary], 'data', `${operation.operation}: Input Binary Field defaults to data`);
		assert.ok(!(text in file), `${operation.operation}: the text parameter hides for File`);
		const tool = shown('pdfNoodleTool', operation);
		assert.ok(!(choice in tool) && text in tool && !(binary in tool), `${operation.operation}: a tool takes text only`);
	}
});

test('no parameter has a displayOptions key left undefined (n8n 1.x refuses every workflow with such a node)', () => {
	for (const nodeType of [new PdfNoodle(), new PdfNoodleTrigger()]) {
		const undefinedKeys = nodeType.description.properties.flatMap((property) =>
			Object.entries(property.displayOptions ?? {})
				.filter(([, value]) => value === undefined)
				.map(([key]) => `${property.name}.displayOptions.${key}`),
		);
		assert.deepEqual(undefinedKeys, [], nodeType.description.name);
	}
});

test('the canvas subtitle names the operation and the resource as the node panel does', () => {
	const expression = String(description.subtitle).replace(/^=\{\{/, '').replace(/\}\}$/, '');
	const subtitle = (parameters: Record<string, string>) => new Function('$parameter', `return ${expression}`)(parameters);
	assert.equal(subtitle({ resource: 'document', operation: 'renderFromTemplate' }), 'Render From Template: Document');
	assert.equal(subtitle({ resource: 'pdfTool', operation: 'mergePdfs' }), 'Merge PDFs: PDF Tool');
	assert.equal(subtitle({ resource: 'batch', operation: 'getStatus' }), 'Get Status: Batch');
});

test('the trigger\'s canvas subtitle names the chosen events as the Events parameter does', () => {
	const expression = String(new PdfNoodleTrigger().description.subtitle).replace(/^=\{\{/, '').replace(/\}\}$/, '');
	const subtitle = (events: string[]) => new Function('$parameter', `return ${expression}`)({ events });
	assert.equal(subtitle(['render']), 'Render Finished');
	assert.equal(subtitle(['render', 'batch']), 'Render Finished, Batch Finished');
});

/** The values a show or hide condition names for a parameter, or undefined where it names none (or a condition object). */
function namedValues(condition: Record<string, unknown[]> | undefined, key: string): unknown[] | undefined {
	const values = condition?.[key];
	return values && values.every((value) => typeof value !== 'object') ? values : undefined;
}

/** Whether n8n could show both parameters at once: every key both show allows a common value, and neither hides what the other needs. */
function mayShowTogether(a: INodeProperties, b: INodeProperties): boolean {
	const showA = a.displayOptions?.show as Record<string, unknown[]> | undefined;
	const showB = b.displayOptions?.show as Record<string, unknown[]> | undefined;
	for (const key of new Set([...Object.keys(showA ?? {}), ...Object.keys(showB ?? {})])) {
		const valuesA = namedValues(showA, key);
		const valuesB = namedValues(showB, key);
		if (valuesA && valuesB && !valuesA.some((value) => valuesB.includes(value))) return false;
	}
	const hides = (hider: INodeProperties, shown: Record<string, unknown[]> | undefined) =>
		Object.keys(hider.displayOptions?.hide ?? {}).some((key) => {
			const hidden = namedValues(hider.displayOptions?.hide as Record<string, unknown[]>, key);
			const needed = namedValues(shown, key);
			return hidden !== undefined && needed !== undefined && needed.every((value) => hidden.includes(value));
		});
	return !hides(a, showB) && !hides(b, showA);
}

test('no two parameters of the same name can be shown at once (overlapping show conditions, not only identical ones)', () => {
	const clashes: string[] = [];
	description.properties.forEach((a: INodeProperties, index: number) => {
		for (const b of description.properties.slice(index + 1)) {
			if (a.name === b.name && mayShowTogether(a, b)) clashes.push(`"${a.name}": ${JSON.stringify(a.displayOptions)} and ${JSON.stringify(b.displayOptions)}`);
		}
	});
	assert.deepEqual(clashes, []);
});

test('the rule itself: overlapping operations clash, the agent\'s split by @tool does not', () => {
	const parameter = (displayOptions: INodeProperties['displayOptions']) => ({ displayName: 'X', name: 'x', type: 'string', default: '', displayOptions }) as INodeProperties;
	const some = parameter({ show: { resource: ['document'], operation: ['renderFromTemplate', 'renderFromHtml'] } });
	assert.equal(mayShowTogether(some, parameter({ show: { resource: ['document'], operation: ['renderFromHtml'] } })), true);
	assert.equal(mayShowTogether(some, parameter({ show: { resource: ['batch'], operation: ['renderFromHtml'] } })), false);
	assert.equal(mayShowTogether(parameter({ show: { operation: ['get'] }, hide: { '@tool': [true] } }), parameter({ show: { operation: ['get'], '@tool': [true] } })), false);
});
