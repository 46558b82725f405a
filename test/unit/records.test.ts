/**
 * pdf noodle's words for its records, written once (nodes/shared/api/records.ts): each kind's
 * ID and status fields, its states, when it is finished, where it is looked up; and that the
 * waits, the Get Status operations, the outputs, the pause and the trigger read them from there
 * instead of keeping their own: every family's work kind is made from them, and no other file
 * under nodes/ or credentials/ writes a state. The expected states are the spec's ("States and
 * transitions" of the API spec, api-notes.md for a tool job and a creation's PENDING), typed out here.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, test } from '@jest/globals';

import { eventOf } from '../../dist/nodes/shared/api/events.js';
import { isFinished, isRecordKind, recordIdOf, recordStatusOf, STATE, statusPathOf } from '../../dist/nodes/shared/api/records.js';
import { awaitedWorkOf } from '../../dist/nodes/PdfNoodle/pause/pause.js';
import { RENDER_WORK } from '../../dist/nodes/PdfNoodle/resources/document/render.js';
import { BATCH_WORK } from '../../dist/nodes/PdfNoodle/resources/batch/batch.js';
import { TOOL_WORK } from '../../dist/nodes/PdfNoodle/resources/pdfTool/tool.js';
import { CREATION_WORK } from '../../dist/nodes/PdfNoodle/resources/template/creation.js';

const ROOT = resolve(__dirname, '..', '..');

const render = (renderStatus?: string) => ({ requestId: 'r-1', renderStatus, signedUrl: '', metadata: {} });
const batch = (status?: string) => ({ batchRequestId: 'b-1', status, total: 0, completed: 0, merge: false, results: [] });

/** Each kind's states by the spec, and whether the work is over in it. */
const SPEC = {
	render: { record: render, finished: { SUCCESS: true, FAILED: true, ONGOING: false } },
	batch: { record: batch, finished: { SUCCESS: true, PARTIAL_SUCCESS: true, FAILED: true, ONGOING: false } },
} as const;

describe.each(['render', 'batch'] as const)('a %s record', (kind) => {
	const { record, finished } = SPEC[kind];

	test.each(Object.entries(finished))('%s: finished is %s, for the shared truth and the wait alike', (status, expected) => {
		assert.equal(isFinished(kind, record(status)), expected);
		const work = kind === 'render' ? RENDER_WORK : BATCH_WORK;
		assert.equal(work.isFinished(record(status)), expected, 'the wait reads the same truth');
		assert.equal(eventOf(record(status)), kind, 'a payload in any state of its kind is recognized');
	});

	test('a status the spec does not name, or none, is not finished, and such a payload is no event', () => {
		for (const status of ['QUEUED', 'success', undefined]) {
			assert.equal(isFinished(kind, record(status)), false, String(status));
			assert.equal(eventOf(record(status)), undefined, String(status));
		}
	});
});

test('the ID and status fields: requestId and renderStatus of a render, batchRequestId and status of a batch', () => {
	assert.deepEqual([recordIdOf('render', render('FAILED')), recordStatusOf('render', render('FAILED'))], ['r-1', 'FAILED']);
	assert.deepEqual([recordIdOf('batch', batch('PARTIAL_SUCCESS')), recordStatusOf('batch', batch('PARTIAL_SUCCESS'))], ['b-1', 'PARTIAL_SUCCESS']);
	// A batch record also has results with a renderStatus each; the batch's own is `status`.
	assert.equal(recordStatusOf('batch', { ...batch('SUCCESS'), renderStatus: 'FAILED' }), 'SUCCESS');
});

test('the status paths, the ID encoded as one path segment', () => {
	assert.equal(statusPathOf('render', 'a/b c'), '/v1/pdf/status/a%2Fb%20c');
	assert.equal(statusPathOf('batch', 'b-1'), '/v1/pdf/batch/status/b-1');
});

test('the kinds: render and batch, nothing else (a tool job or a template is no record a call back brings)', () => {
	assert.deepEqual(['render', 'batch', 'tool', 'toString', ''].map(isRecordKind), [true, true, false, false, false]);
});

test('what a paused execution waits for is read back as a record kind and an ID, anything else as nothing', () => {
	const waitingFor = (value: unknown) => awaitedWorkOf({ customData: { get: () => value } } as never);
	assert.deepEqual(waitingFor('render:r-1'), { kind: 'render', id: 'r-1' });
	assert.deepEqual(waitingFor('batch:b:1'), { kind: 'batch', id: 'b:1' });
	assert.equal(waitingFor('tool:t-1'), undefined);
	assert.equal(waitingFor(undefined), undefined);
});

describe('a PDF tool job and a template creation, the families that are no webhook record', () => {
	const tool = (status?: string) => ({ requestId: 't-1', status, result: null, metadata: {} });
	const creation = (status?: string) => ({ templateId: 'c-1', status, templateHtml: '', metadata: {} });

	test.each([
		['SUCCESS', true],
		['FAILED', true],
		['ONGOING', false],
		['QUEUED', false],
		[undefined, false],
	])('a tool job %s: finished is %s, for the shared truth and the wait alike', (status, expected) => {
		assert.equal(isFinished('tool', tool(status)), expected);
		assert.equal(TOOL_WORK.isFinished(tool(status)), expected);
	});

	test.each([
		['SUCCESS', true],
		['FAILED', true],
		['ONGOING', false],
		['PENDING', false],
		// Any other status ends a creation's wait, and its item fails naming the status.
		['QUEUED', true],
	])('a creation %s: finished is %s, for the shared truth and the wait alike', (status, expected) => {
		assert.equal(isFinished('creation', creation(status)), expected);
		assert.equal(CREATION_WORK.isFinished(creation(status)), expected);
	});

	test('a creation is finished once the lookup answers the template itself', () => {
		assert.equal(CREATION_WORK.isFinished({ template: { id: 'c-1', displayName: 'Invoice' } }), true);
	});

	test('their IDs, states and status paths', () => {
		assert.deepEqual([recordIdOf('tool', tool('FAILED')), recordStatusOf('tool', tool('FAILED'))], ['t-1', 'FAILED']);
		assert.deepEqual([recordIdOf('creation', creation('PENDING')), recordStatusOf('creation', creation('PENDING'))], ['c-1', 'PENDING']);
		assert.equal(statusPathOf('tool', 't/1'), '/v1/tools/status/t%2F1');
		assert.equal(statusPathOf('creation', 'c 1'), '/v1/integration/templates/c%201');
	});
});

test('every family\'s work kind is made from its record: the subject messages name, the status path, the state a message reports', () => {
	const kinds = [RENDER_WORK, BATCH_WORK, TOOL_WORK, CREATION_WORK];
	assert.deepEqual(kinds.map((kind) => [kind.record, kind.subject, kind.statusPath('x')]), [
		['render', 'render', '/v1/pdf/status/x'],
		['batch', 'batch', '/v1/pdf/batch/status/x'],
		['tool', 'PDF tool', '/v1/tools/status/x'],
		['creation', 'template creation', '/v1/integration/templates/x'],
	]);
	assert.deepEqual([RENDER_WORK.stateOf({ renderStatus: 'ONGOING', status: 'other' }), BATCH_WORK.stateOf({ status: 'PARTIAL_SUCCESS' }), TOOL_WORK.stateOf({})], ['ONGOING', 'PARTIAL_SUCCESS', undefined]);
});

/** The state words of the spec and api-notes.md. */
const STATE_WORDS = ['ONGOING', 'PENDING', 'SUCCESS', 'PARTIAL_SUCCESS', 'FAILED'];

/**
 * Where a source writes a state word as a value (a string literal that is the word); prose that
 * names a state is no value: a description, a message, a comment (left out first).
 */
function statesWrittenIn(source: string): string[] {
	const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
	return [...code.matchAll(new RegExp(`(['"\`])(${STATE_WORDS.join('|')})\\1`, 'g'))].map((match) => match[2]);
}

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? sourceFiles(join(folder, entry.name)) : entry.name.endsWith('.ts') ? [join(folder, entry.name)] : [],
	);
}

test('records.ts writes every state word, and no other file under nodes/ or credentials/ writes one', () => {
	assert.deepEqual(Object.values(STATE).sort(), [...STATE_WORDS].sort());
	const records = join(ROOT, 'nodes', 'shared', 'api', 'records.ts');
	assert.deepEqual(statesWrittenIn(readFileSync(records, 'utf8')).sort(), [...STATE_WORDS].sort(), 'records.ts writes each once');
	const others = [...sourceFiles(join(ROOT, 'nodes')), ...sourceFiles(join(ROOT, 'credentials'))].filter((file) => file !== records);
	assert.ok(others.length > 50, String(others.length));
	const written = others.flatMap((file) => statesWrittenIn(readFileSync(file, 'utf8')).map((state) => `${relative(ROOT, file)}: ${state}`));
	assert.deepEqual(written, []);
});

test('the check itself: a state compared, listed or set is written; a description that names states is not', () => {
	assert.deepEqual(statesWrittenIn("if (record.status !== 'SUCCESS') return;"), ['SUCCESS']);
	assert.deepEqual(statesWrittenIn('const going = ["ONGOING", `PENDING`];'), ['ONGOING', 'PENDING']);
	assert.deepEqual(statesWrittenIn("{ renderStatus: 'FAILED', status: 'PARTIAL_SUCCESS' }"), ['FAILED', 'PARTIAL_SUCCESS']);
	assert.deepEqual(statesWrittenIn("description: 'Look up a render: ONGOING, SUCCESS (with the file) or FAILED',"), []);
	assert.deepEqual(statesWrittenIn('`The ${event} is still ONGOING: only its final result resumes the execution`'), []);
	assert.deepEqual(statesWrittenIn("/** A batch that is `PARTIAL_SUCCESS` passes. */\n// `FAILED` too\nconst url = 'https://x'; // `SUCCESS`"), []);
});
