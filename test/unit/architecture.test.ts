/**
 * docs/architecture.md's recipe for adding an operation, kept true by a test: every file it
 * names exists (but the new operation's own), its table of files names every file its steps
 * edit and every test that reads the operation examples, each file of the table already names
 * every operation its row says it does, the example file has an entry for every operation of
 * the node's list, every body the node sends has its fields in the sandbox's contract, every
 * helper it calls is one the code exports, the helper it names to run a tool is the one the
 * tools use, and the Tool Options it says to read back are read back by every tool that shows
 * them.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from '@jest/globals';

import * as endpoints from '../../dist/nodes/shared/api/endpoints.js';
import { OPERATIONS } from '../../dist/nodes/PdfNoodle/resources/index.js';
import { BODY_FIELDS } from '../sandbox/contract/endpoints';
import { EXAMPLE_KEYS, exampleKey } from '../support/operationExamples';

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

/** The recipe's table of the files an operation touches: each row's files (its first cell's code spans) and its "Already names each" cell. */
const tableRows = [...recipe.matchAll(/^\| (`.+)$/gm)].map((match) => {
	const [files, , names] = match[1].split('|').map((cell) => cell.trim());
	return { files: [...files.matchAll(/`([^`]+)`/g)].map((file) => file[1]), names };
});
const tableFiles = tableRows.flatMap((row) => row.files);
/** The steps: the recipe from its first numbered step on. */
const steps = recipe.slice(recipe.search(/^1\. /m));
const NUMBERS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];

test('the recipe is there, and its table names every file its steps edit, as many source files as it says', () => {
	assert.ok(recipe.length > 500, 'docs/architecture.md has its "Adding an operation" section');
	const sourceFiles = tableFiles.filter((file) => file.startsWith('nodes/'));
	assert.ok(sourceFiles.includes('nodes/PdfNoodle/resources/pdfTool/rotatePdf.ts'));
	// A file a step edits: "add ... in `file`", "**The operation file** `file`", or a bullet opening with it.
	const edited = [...steps.matchAll(/(?:\badd|\bin|file\*\*|^ *-) `((?:nodes|test)\/[^`]+\.ts)`/gm)].map((match) => match[1]);
	assert.ok(edited.includes('nodes/shared/api/endpoints.ts') && edited.includes('nodes/PdfNoodle/resources/pdfTool/index.ts') && edited.includes('test/sandbox/tools/pdfOps.ts'), edited.join(', '));
	assert.deepEqual([...new Set(edited)].filter((file) => !tableFiles.includes(file)), [], 'every file a step edits is in the table ("all of them")');
	const said = /^(\w+) source files change/im.exec(recipe)?.[1].toLowerCase();
	assert.equal(said, NUMBERS[sourceFiles.length], `the recipe says "${said} source files change"; its table names ${sourceFiles.length}`);
});

test('the table names the example file and every test file that reads it', () => {
	assert.ok(tableFiles.includes('test/support/operationExamples.ts'));
	const readers = ['unit', 'engine'].flatMap((layer) => readdirSync(join(ROOT, 'test', layer)).map((name) => `test/${layer}/${name}`))
		.filter((file) => file.endsWith('.test.ts') && file !== 'test/unit/architecture.test.ts' && readFileSync(join(ROOT, file), 'utf8').includes("from '../support/operationExamples'"));
	assert.ok(readers.length >= 3, readers.join(', '));
	assert.deepEqual(readers.filter((file) => !spans.includes(file)), [], 'every test that reads the examples is named');
});

test('the example file has one example for every operation of the node\'s list, and for nothing else', () => {
	assert.deepEqual([...EXAMPLE_KEYS].sort(), OPERATIONS.map(exampleKey).sort());
});

test('every path the node sends a body to has its fields in the sandbox\'s contract (the recipe\'s step 4)', () => {
	const stringsIn = (value: unknown): string[] => (typeof value === 'string' ? [value] : value !== null && typeof value === 'object' ? Object.values(value).flatMap(stringsIn) : []);
	// Every path endpoints.ts exports, but the two the node only GETs (the template list, the upload URL).
	const posted = stringsIn(Object.values(endpoints)).filter((path) => path.startsWith('/v1/') && path !== endpoints.TOOL_PATHS.signedUploadUrl && path !== endpoints.TEMPLATES_PATH);
	assert.ok(posted.length >= 12, posted.join(', '));
	assert.deepEqual(posted.filter((path) => !(`POST ${path}` in BODY_FIELDS)), []);
});

test('every file and folder the recipe names exists, but the new operation\'s own', () => {
	const paths = spans.filter((span) => /^(nodes|test|docs)\//.test(span));
	assert.ok(paths.length >= 8, String(paths.length));
	assert.deepEqual([...paths.filter((path) => !NEW.test(path) && !existsSync(join(ROOT, path)))], []);
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const TOOL_PATHS: Record<string, string> = endpoints.TOOL_PATHS;
type NodeOperation = (typeof OPERATIONS)[number];
/** What a row's "Already names each" cell may say: which operations... */
const SCOPES: Record<string, NodeOperation[]> = {
	operation: OPERATIONS,
	'PDF Tool operation': OPERATIONS.filter((operation) => operation.resource === 'pdfTool'),
	// A tool sends a job: it shows the Tool Options (Get Status does not).
	tool: OPERATIONS.filter((operation) => operation.resource === 'pdfTool' && operation.fields.some((field) => field.name === 'toolOptions')),
};
/** ...and how a file names one: its key in quotes, its value as a word, its path, its name in bold (a doc) or in quotes (a test). */
const FORMS: Record<string, (operation: NodeOperation) => RegExp> = {
	key: (operation) => new RegExp(`'${escaped(exampleKey(operation))}'`, 'g'),
	value: (operation) => new RegExp(`\\b${operation.option.value}\\b`, 'g'),
	// The path `TOOL_PATHS` keeps under the tool's value (the recipe's step 1); none, and nothing names it.
	path: (operation) => (Object.hasOwn(TOOL_PATHS, operation.option.value) ? new RegExp(`${escaped(TOOL_PATHS[operation.option.value])}(?![\\w-])`, 'g') : /(?!)/g),
	name: (operation) => new RegExp(`(\\*\\*|')${escaped(operation.option.name)}\\1`, 'g'),
};

test('every file of the table exists, but the new operation\'s own, and already names each operation its row says', () => {
	assert.deepEqual(tableFiles.filter((file) => !NEW.test(file) && !existsSync(join(ROOT, file))), []);
	const checked = tableRows.filter((row) => row.names !== '');
	assert.ok(checked.length >= 8, `rows that say what they name: ${checked.length}`);
	const missing = checked.flatMap(({ files, names }) => {
		const [, scope, form] = /^(.+), by its (\w+)$/.exec(names) ?? [];
		assert.ok(SCOPES[scope] && FORMS[form], `"${names}" says which operations (${Object.keys(SCOPES).join(', ')}) and how they are named (${Object.keys(FORMS).join(', ')})`);
		const operations = SCOPES[scope];
		return files.filter((file) => !NEW.test(file)).flatMap((file) => {
			const text = readFileSync(join(ROOT, file), 'utf8');
			// Operations named alike (three Get Status) are each named once: as many mentions as operations.
			const alike = (operation: NodeOperation) => operations.filter((other) => FORMS[form](other).source === FORMS[form](operation).source).length;
			return operations.filter((operation) => (text.match(FORMS[form](operation)) ?? []).length < alike(operation)).map((operation) => `${file}: ${exampleKey(operation)}`);
		});
	});
	assert.deepEqual(missing, []);
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

/** docs/architecture.md's recipe for a render option: the section between its heading and the operation recipe. */
const renderOptionRecipe = doc.slice(doc.indexOf('## Adding a render option'), doc.indexOf('## Adding an operation'));

test('the render option recipe holds: one reader of the options, called by the one document builder, which every render path builds with', () => {
	assert.ok(renderOptionRecipe.length > 500, 'docs/architecture.md has its "Adding a render option" section');
	const named = [...renderOptionRecipe.matchAll(/`((?:nodes|test|docs)\/[^`]+)`/g)].map((match) => match[1]);
	assert.ok(named.includes('nodes/PdfNoodle/fields/renderOptions.ts') && named.includes('nodes/PdfNoodle/resources/document/document.ts'), named.join(', '));
	assert.deepEqual(named.filter((path) => !existsSync(join(ROOT, path))), [], 'every file the recipe names exists');
	// Spread into this file's arrays: Jest's realm compares arrays made elsewhere as different.
	const calling = (name: string) => [...sources.filter(({ text }) => new RegExp(`\\b${name}\\(`).test(text) && !new RegExp(`export (async )?function ${name}\\b`).test(text)).map(({ file }) => file.slice(ROOT.length + 1).replace(/\\/g, '/'))];
	assert.deepEqual(calling('renderOptionsBody'), ['nodes/PdfNoodle/resources/document/document.ts'], 'the render options are read by the one document builder alone');
	assert.deepEqual(calling('documentOf').sort(), ['nodes/PdfNoodle/resources/batch/plan.ts', 'nodes/PdfNoodle/resources/document/render.ts'], 'the single render and the batch entry build their documents with it');
	assert.ok(calling('renderDraft').includes('nodes/PdfNoodle/resources/document/renderDocuments.ts'), 'the renders paused together are planned as the single render is');
	const batchSettings = readFileSync(join(ROOT, 'nodes/PdfNoodle/fields/batchSettings.ts'), 'utf8');
	assert.match(batchSettings, /\.\.\.ENTRY_OPTION_FIELDS/, 'the entries of a list per item take their option names from renderOptions.ts');
	assert.doesNotMatch(batchSettings, /'hasCover'|'convertToImage'/, 'and write none of their own');
	for (const name of ['renderOptionsField', 'renderOptionsBody', 'ENTRY_OPTION_FIELDS', 'ENTRY_OPTION_FLAGS', 'documentOf', 'renderDraft']) {
		assert.ok(renderOptionRecipe.includes(`\`${name}\``), `the recipe names ${name}`);
		assert.ok(sources.some(({ text }) => new RegExp(`export (async )?(function|const) ${name}\\b`).test(text)), `${name} is exported by the code`);
	}
});

test('the four families of work are built on the one shape the compiler checks (waiting/family.ts)', () => {
	const families: Record<string, string> = {
		'nodes/PdfNoodle/resources/document/render.ts': 'RENDERS',
		'nodes/PdfNoodle/resources/batch/batch.ts': 'BATCHES',
		'nodes/PdfNoodle/resources/pdfTool/tool.ts': 'TOOLS',
		'nodes/PdfNoodle/resources/template/creation.ts': 'CREATIONS',
	};
	for (const [file, name] of Object.entries(families)) {
		assert.match(readFileSync(join(ROOT, file), 'utf8'), new RegExp(`const ${name}: WorkFamily<`), `${file} declares ${name} as a WorkFamily`);
		assert.ok(doc.includes(`\`${name}\``), `docs/architecture.md names ${name}`);
	}
});
