/**
 * The rooms of docs/architecture.md and their one-way arrows, kept by a test instead of by
 * prose: every relative import in nodes/ and credentials/ goes from a room to one it may use.
 * A new room, or a new arrow, is a change to ARROWS below and to the picture in the doc.
 * Within the rooms too, imports run one way (no file reaches itself through its imports, type-only
 * imports included), and every file stays small (CONTRIBUTING.md: at most 250 lines).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from '@jest/globals';

const ROOT = resolve(__dirname, '..', '..');

/** The room a source file is in: its folder under nodes/PdfNoodle or nodes/shared, or the node, trigger or credentials. */
function roomOf(file: string): string {
	const path = relative(ROOT, file).replace(/\\/g, '/');
	if (path.startsWith('credentials/')) return 'credentials';
	if (path.startsWith('nodes/PdfNoodleTrigger/')) return 'trigger';
	if (path === 'nodes/PdfNoodle/PdfNoodle.node.ts') return 'node';
	const [, area, room] = path.split('/');
	if (area === 'PdfNoodle' || area === 'shared') return room;
	throw new Error(`${path} is in no room of docs/architecture.md`);
}

/** docs/architecture.md's arrows: a room may use those it points at, and what they may use. */
const ARROWS: Record<string, string[]> = {
	node: ['resources', 'pause', 'dataCheck'],
	resources: ['pause', 'waiting', 'dataCheck', 'fields', 'runner'],
	dataCheck: ['fields', 'runner'],
	pause: ['fields', 'runner', 'waiting'],
	waiting: ['fields', 'runner'],
	fields: ['runner', 'htmlFiles'],
	runner: ['files', 'transport'],
	trigger: ['files', 'api', 'transport'],
	credentials: ['api', 'transport'],
	files: ['transport'],
	// Pure: a file's bytes to a self-contained document; the fields room reads an item's binary
	// data with n8n's helpers and hands the bytes over (fields/documentFiles.ts).
	htmlFiles: [],
	transport: ['errors', 'api'],
	errors: [],
	api: [],
};
/** "Every room of the action node may also use api, errors and transport directly." */
const ACTION_NODE_ROOMS = ['node', 'resources', 'pause', 'waiting', 'dataCheck', 'fields', 'runner'];

function mayUse(room: string): Set<string> {
	const reached = new Set<string>([room]);
	const next = [...(ARROWS[room] ?? []), ...(ACTION_NODE_ROOMS.includes(room) ? ['api', 'errors', 'transport'] : [])];
	while (next.length > 0) {
		const other = next.pop()!;
		if (reached.has(other)) continue;
		reached.add(other);
		next.push(...(ARROWS[other] ?? []));
	}
	return reached;
}

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? sourceFiles(join(folder, entry.name)) : entry.name.endsWith('.ts') ? [join(folder, entry.name)] : [],
	);
}

/** The relative paths a source imports from (`import type` and `export … from` too). */
function relativeImportsIn(source: string): string[] {
	return [...source.matchAll(/from '(\.[^']+)'/g)].map((match) => match[1]);
}

/** Each relative import of a file, resolved to the file it names. */
function importsOf(file: string): string[] {
	return relativeImportsIn(readFileSync(file, 'utf8')).map((path) => {
		const named = resolve(dirname(file), path);
		return existsSync(`${named}.ts`) ? `${named}.ts` : join(named, 'index.ts');
	});
}

/** The imports that break an arrow: "fields/x.ts → resources/y.ts". */
function brokenArrows(files: string[]): string[] {
	return files.flatMap((file) =>
		importsOf(file)
			.filter((imported) => !mayUse(roomOf(file)).has(roomOf(imported)))
			.map((imported) => `${relative(ROOT, file)} → ${relative(ROOT, imported)}`),
	);
}

const files = Array.from([...sourceFiles(join(ROOT, 'nodes')), ...sourceFiles(join(ROOT, 'credentials'))]);

test('every file is in a room of docs/architecture.md, and every room the doc draws has files', () => {
	const rooms = new Set(files.map(roomOf));
	assert.deepEqual([...rooms].sort(), Object.keys(ARROWS).sort());
});

test('every import follows an arrow of docs/architecture.md (nothing imports from resources/ or the node file, nothing shared imports from a node)', () => {
	assert.deepEqual(brokenArrows(files), []);
});

test('the rule itself: an import against an arrow is found', () => {
	assert.ok(!mayUse('fields').has('resources'));
	assert.ok(!mayUse('transport').has('runner'));
	assert.ok(mayUse('resources').has('files'), 'through runner');
	assert.ok(!mayUse('trigger').has('runner'));
});

/**
 * The import cycles among `files`, each as "a.ts → b.ts → a.ts" from the first of its files: the
 * strongly connected components of the import graph (Tarjan's algorithm) with more than one
 * file, or a file that imports itself.
 */
function importCycles(files: string[], importsOfFile: (file: string) => string[]): string[] {
	const index = new Map<string, number>();
	const lowest = new Map<string, number>();
	const stack: string[] = [];
	const cycles: string[] = [];
	const visit = (file: string): void => {
		index.set(file, index.size);
		lowest.set(file, index.get(file)!);
		stack.push(file);
		for (const imported of importsOfFile(file)) {
			if (!index.has(imported)) {
				visit(imported);
				lowest.set(file, Math.min(lowest.get(file)!, lowest.get(imported)!));
			} else if (stack.includes(imported)) {
				lowest.set(file, Math.min(lowest.get(file)!, index.get(imported)!));
			}
		}
		if (lowest.get(file) !== index.get(file)) return;
		const component = stack.splice(stack.indexOf(file));
		if (component.length > 1 || importsOfFile(file).includes(file)) {
			const named = component.map((member) => relative(ROOT, member)).sort();
			cycles.push([...named, named[0]].join(' → '));
		}
	};
	for (const file of files) if (!index.has(file)) visit(file);
	return cycles;
}

test('no two files import each other, however far round: the imports among nodes/ and credentials/ have no cycle', () => {
	assert.deepEqual(importCycles(files, importsOf), []);
});

test('the cycle finder itself: a circle of type-only imports, and a longer one, are found', () => {
	const graph: Record<string, string[]> = { a: ['b'], b: ['a'], c: ['d'], d: ['e'], e: ['c', 'f'], f: [] };
	const found = importCycles(Object.keys(graph).map((name) => join(ROOT, name)), (file) => graph[relative(ROOT, file)].map((name) => join(ROOT, name)));
	assert.deepEqual(found, ['a → b → a', 'c → d → e → c']);
	const source = "import type { RunBase } from './runContext';\nimport {\n\ttype A,\n\tb,\n} from '../x';\nexport { y } from '../y';\nimport { z } from 'n8n-workflow';";
	assert.deepEqual(relativeImportsIn(source), ['./runContext', '../x', '../y'], 'type-only imports, imports over several lines and re-exports are imports');
});

test('no file under nodes/ or credentials/ is over 250 lines', () => {
	const long = files.map((file) => ({ file: relative(ROOT, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 })).filter(({ lines }) => lines > 250);
	assert.deepEqual(long, []);
});

/** How many levels of imports a folder's files stand on: a file that imports none of the folder is on the first. */
function levelsOf(folder: string): { levels: number; arrows: number } {
	const inFolder = sourceFiles(folder).filter((file) => dirname(file) === folder);
	const level = new Map<string, number>();
	const levelOf = (file: string): number => {
		if (!level.has(file)) level.set(file, 1 + Math.max(0, ...importsOf(file).filter((imported) => inFolder.includes(imported)).map(levelOf)));
		return level.get(file)!;
	};
	const arrows = inFolder.flatMap((file) => [...new Set(importsOf(file))].filter((imported) => inFolder.includes(imported))).length;
	return { levels: Math.max(...inFolder.map(levelOf)), arrows };
}

test('the batch family stands on at most four levels of imports, its family module under the operations (docs/architecture.md, The batch family)', () => {
	const { levels, arrows } = levelsOf(join(ROOT, 'nodes', 'PdfNoodle', 'resources', 'batch'));
	assert.ok(levels <= 4, `batch/ stands on ${levels} levels`);
	assert.ok(arrows <= 14, `batch/ has ${arrows} arrows`);
});

