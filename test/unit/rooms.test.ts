/**
 * The rooms of docs/architecture.md and their one-way arrows, kept by a test instead of by
 * prose: every relative import in nodes/ and credentials/ goes from a room to one it may use.
 * A new room, or a new arrow, is a change to ARROWS below and to the picture in the doc.
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
	fields: ['runner'],
	runner: ['files', 'transport'],
	trigger: ['files', 'api', 'transport'],
	credentials: ['api', 'transport'],
	files: ['transport'],
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

/** Each relative import of a file, resolved to the file it names. */
function importsOf(file: string): string[] {
	const source = readFileSync(file, 'utf8');
	return [...source.matchAll(/from '(\.[^']+)'/g)].map((match) => {
		const named = resolve(dirname(file), match[1]);
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
