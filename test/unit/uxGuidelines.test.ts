/**
 * n8n's UX guidelines for verified nodes, the rules a program can check, on what n8n loads: the
 * built descriptions of both nodes and both credentials, every parameter at every depth
 * (collections, fixed collections, options), including those built by helpers, which the
 * linter's rules (written for object literals in the source) do not see. And n8n's newer
 * `node-execute-block` rule, which its pinned scanner does not have yet: a NodeOperationError
 * raised in a `.node.ts` file names the item it is about.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@jest/globals';
import ts from 'typescript';

import type { ICredentialType, INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { PdfNoodleApi } from '../../dist/credentials/PdfNoodleApi.credentials.js';
import { PdfNoodleTriggerApi } from '../../dist/credentials/PdfNoodleTriggerApi.credentials.js';
import { PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';
import { PdfNoodleTrigger } from '../../dist/nodes/PdfNoodleTrigger/PdfNoodleTrigger.node.js';

const ROOT = join(__dirname, '..', '..');

interface Described {
	/** Where it is, for the message: "PDF Noodle › Options › Output File Name". */
	path: string;
	displayName: string;
	description?: string;
	type?: string;
	placeholder?: string;
}

type Entry = INodeProperties | INodePropertyCollection | INodePropertyOptions;

/** Every parameter, collection entry and option under `properties`, with where it sits. */
function* everything(owner: string, properties: Entry[]): Generator<Described> {
	for (const entry of properties) {
		const displayName = 'displayName' in entry ? entry.displayName : entry.name;
		const path = `${owner} › ${displayName}`;
		yield {
			path,
			displayName,
			description: 'description' in entry ? entry.description : undefined,
			type: 'type' in entry ? entry.type : undefined,
			placeholder: 'placeholder' in entry ? entry.placeholder : undefined,
		};
		if ('values' in entry && Array.isArray(entry.values)) yield* everything(path, entry.values);
		if ('options' in entry && Array.isArray(entry.options)) yield* everything(path, entry.options as Entry[]);
	}
}

const nodes: INodeTypeDescription[] = [new PdfNoodle().description, new PdfNoodleTrigger().description];
const credentials: ICredentialType[] = [new PdfNoodleApi(), new PdfNoodleTriggerApi()];
const described: Described[] = [
	...nodes.flatMap((node) => [...everything(node.displayName, node.properties)]),
	...credentials.flatMap((credential) => [...everything(credential.displayName, credential.properties)]),
];

/** Words n8n's Title Case leaves in lower case when they are not the first word. */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'of', 'on', 'or', 'per', 'the', 'to', 'via', 'with']);

/** The words of a display name that break Title Case ("Output file name" → ["file", "name"]). */
function lowerCaseWords(displayName: string): string[] {
	const words = displayName.split(/[\s/]+/).map((word) => word.replace(/^[("'“]+|[)"'”:,.?]+$/g, ''));
	return words.filter((word, index) => /^[a-z]/.test(word) && (index === 0 || !MINOR_WORDS.has(word)));
}

/** Sentences in a description, with code, URLs and "e.g." not taken for sentence ends. */
function sentences(description: string): number {
	const prose = description
		.replace(/<code>.*?<\/code>|`[^`]*`/g, 'code')
		.replace(/<a [^>]*>.*?<\/a>/g, 'link')
		.replace(/\b(e\.g|i\.e|etc)\./g, '$1')
		.replace(/\d\.\d/g, '0');
	return prose.split(/[.!?](?:\s|$)/).filter((part) => part.trim() !== '').length;
}

test('the checks see every parameter, option and collection entry, also those built by helpers', () => {
	const names = new Set(described.map((entry) => entry.displayName));
	for (const expected of ['Template', 'Output File Name', 'Download File', 'Request Options', 'Batching', 'Start Once per Render or Batch', 'API Key']) {
		assert.ok(names.has(expected), `the walk reaches "${expected}"`);
	}
	assert.ok(described.length > 200, `${described.length} entries walked`);
});

test('a boolean says what it decides with "Whether"', () => {
	const offending = described.filter((entry) => entry.type === 'boolean' && !/^Whether\b/.test(entry.description ?? ''));
	assert.deepEqual(offending.map((entry) => `${entry.path}: ${entry.description}`), []);
});

test('a placeholder is an example and says so with "e.g."', () => {
	// Collections' placeholders are the label of their add button ("Add Option"), not examples.
	const offending = described.filter((entry) => entry.placeholder && !['collection', 'fixedCollection'].includes(entry.type ?? '') && !entry.placeholder.startsWith('e.g. '));
	assert.deepEqual(offending.map((entry) => `${entry.path}: ${entry.placeholder}`), []);
});

test('display names, option names and collection entries are in Title Case', () => {
	// A notice's display name is its text, a sentence.
	const offending = described.filter((entry) => entry.type !== 'notice' && lowerCaseWords(entry.displayName).length > 0);
	assert.deepEqual(offending.map((entry) => `${entry.path} (${lowerCaseWords(entry.displayName).join(', ')})`), []);
});

test('a description of more than one sentence ends with a full stop, one of one sentence without (n8n\'s tooltip rule)', () => {
	const offending = described.filter((entry) => {
		const text = (entry.description ?? '').replace(/<\/?[a-z][^>]*>/g, '').trim();
		if (!text) return false;
		const endsWithStop = /[.!?]$/.test(text) && !/\be\.g\.$/.test(text);
		return sentences(entry.description ?? '') > 1 ? !endsWithStop : /\.$/.test(text) && !/\b(etc|e\.g)\.$/.test(text);
	});
	assert.deepEqual(offending.map((entry) => `${entry.path}: ${entry.description}`), []);
});

test('the rule itself: a lower-case word or a missing "Whether" would be caught', () => {
	assert.deepEqual(lowerCaseWords('Output file Name'), ['file']);
	assert.deepEqual(lowerCaseWords('Start Once per Render or Batch'), []);
	assert.deepEqual(lowerCaseWords('Data (JSON)'), []);
	assert.equal(sentences('One sentence, e.g. this one'), 1);
	assert.equal(sentences('One. Two.'), 2);
});

/** `new NodeOperationError(...)` calls in `source` whose last argument is not `{ ..., itemIndex }`. */
function errorsWithoutItem(fileName: string, source: string): string[] {
	const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
	const found: string[] = [];
	const visit = (node: ts.Node): void => {
		if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'NodeOperationError') {
			const last = node.arguments?.[node.arguments.length - 1];
			const namesItem =
				last !== undefined &&
				ts.isObjectLiteralExpression(last) &&
				last.properties.some((property) => property.name !== undefined && ts.isIdentifier(property.name) && property.name.text === 'itemIndex');
			if (!namesItem) found.push(`${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
		}
		ts.forEachChild(node, visit);
	};
	visit(file);
	return found;
}

function nodeFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? nodeFiles(join(folder, entry.name)) : entry.name.endsWith('.node.ts') ? [join(folder, entry.name)] : [],
	);
}

test('every NodeOperationError raised in a .node.ts file carries its item index (n8n\'s node-execute-block rule)', () => {
	// Array.from: arrays from node:fs belong to another realm than jest's, which deepEqual tells apart.
	const files = Array.from(nodeFiles(join(ROOT, 'nodes')));
	assert.deepEqual(Array.from(files, (file) => file.slice(ROOT.length + 1)).sort(), ['nodes/PdfNoodle/PdfNoodle.node.ts', 'nodes/PdfNoodleTrigger/PdfNoodleTrigger.node.ts']);
	assert.deepEqual(files.flatMap((file) => errorsWithoutItem(file.slice(ROOT.length + 1), readFileSync(file, 'utf8'))), []);
});

test('the rule itself: an error without { itemIndex } is found, one with it is not', () => {
	const source = [
		"throw new NodeOperationError(node, 'no item');",
		"throw new NodeOperationError(node, 'an item', { itemIndex: 0 });",
		"throw new NodeOperationError(node, 'other options', { description: 'd' });",
	].join('\n');
	assert.deepEqual(errorsWithoutItem('x.node.ts', source), ['x.node.ts:1', 'x.node.ts:3']);
});
