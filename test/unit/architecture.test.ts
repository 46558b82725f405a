/**
 * docs/architecture.md's recipe for adding an operation, kept true by a test: every file it
 * names exists (but the new operation's own), every helper it calls is one the code exports,
 * the helper it names to run a tool is the one the tools use, and the Tool Options it says to
 * read back are read back by every tool that shows them.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from '@jest/globals';

const ROOT = resolve(__dirname, '..', '..');
const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
const recipe = doc.slice(doc.indexOf('## Adding an operation'));
/** The example operation the recipe adds: its names are the only ones that may not exist yet. */
const NEW = /rotate/i;

/** The text of every code span of the recipe. */
const spans = [...recipe.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? sourceFiles(join(folder, entry.name)) : entry.name.endsWith('.ts') ? [join(folder, entry.name)] : [],
	);
}
const sources = sourceFiles(join(ROOT, 'nodes')).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
const pdfTools = sources.filter(({ file }) => file.includes(join('resources', 'pdfTool')));

test('the recipe is there, and names the two source files an operation touches', () => {
	assert.ok(recipe.length > 500, 'docs/architecture.md has its "Adding an operation" section');
	assert.ok(spans.includes('nodes/PdfNoodle/resources/pdfTool/rotatePdf.ts'));
	assert.ok(spans.includes('nodes/PdfNoodle/resources/pdfTool/index.ts'));
});

test('every file and folder the recipe names exists, but the new operation\'s own', () => {
	const paths = spans.filter((span) => /^(nodes|test|docs)\//.test(span));
	assert.ok(paths.length >= 8, String(paths.length));
	assert.deepEqual([...paths.filter((path) => !NEW.test(path) && !existsSync(join(ROOT, path)))], []);
});

test('every helper the recipe calls is exported by the code', () => {
	const called = [...new Set(spans.flatMap((span) => [...span.matchAll(/(?:^|\.\.\.|[^.\w])([a-zA-Z]\w*)\(/g)].map((match) => match[1])))].filter((name) => !NEW.test(name));
	assert.ok(called.includes('runToolOnInputPdf') && called.includes('toolPlan') && called.includes('inputPdfFields'), called.join(', '));
	const exported = (name: string) => sources.some(({ text }) => new RegExp(`export (async )?(function|const|class|interface|type) ${name}\\b`).test(text));
	// What an operation gives (`forEachItem(context)`, `forWholeRun(run)`) is a member of `Operation`.
	const operationModel = readFileSync(join(ROOT, 'nodes/PdfNoodle/resources/operation.ts'), 'utf8');
	const member = (name: string) => new RegExp(`\\b${name}: `).test(operationModel);
	assert.deepEqual([...called.filter((name) => !exported(name) && !member(name))], []);
	for (const name of ['Operation', 'TOOL_PATHS', 'RESOURCE']) assert.ok(exported(name), name);
});

test('the helper the recipe runs a tool with is the one the tools use', () => {
	const users = pdfTools.filter(({ text }) => /runToolOnInputPdf\(context/.test(text)).map(({ file }) => file);
	assert.ok(users.length >= 3, `the one-PDF tools run through runToolOnInputPdf: ${users.join(', ')}`);
	assert.match(readFileSync(join(ROOT, 'nodes/PdfNoodle/resources/pdfTool/index.ts'), 'utf8'), /const tools = \[/, 'the resource has the `tools` list the recipe adds to');
});

test('every tool that shows the Tool Options reads them back (the recipe\'s toolPlan, which runToolOnInputPdf makes)', () => {
	assert.match(recipe, /toolPlan\(context, fields\)/);
	const tool = readFileSync(join(ROOT, 'nodes/PdfNoodle/resources/pdfTool/tool.ts'), 'utf8');
	assert.match(tool.slice(tool.indexOf('export function toolPlan')), /toolOptionsBody\(context\)/, 'the plan reads the Tool Options back');
	assert.match(tool.slice(tool.indexOf('export async function runToolOnInputPdf')), /toolPlan\(context/, 'runToolOnInputPdf makes the plan');
	const showing = pdfTools.filter(({ text }) => /toolOptionsField\(/.test(text) && !/export function toolOptionsField/.test(text));
	assert.ok(showing.length >= 5, String(showing.length));
	assert.deepEqual([...showing.filter(({ text }) => !/(toolPlan|runToolOnInputPdf)\(context/.test(text)).map(({ file }) => file)], []);
});

test('no operation file writes where its fields show: no literal resource or operation condition, no `option.value as string`', () => {
	const operationFiles = sources.filter(({ file }) => /resources[\\/][^\\/]+[\\/][^\\/]+\.ts$/.test(file));
	assert.ok(operationFiles.length >= 20, String(operationFiles.length));
	const literal = operationFiles.filter(({ text }) => /show: \{[^}]*\b(resource|operation): \[/.test(text) || /option\.value as string/.test(text));
	assert.deepEqual([...literal.map(({ file }) => file)], []);
});
