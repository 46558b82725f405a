/**
 * pdf noodle's words for its records, written once (nodes/shared/api/records.ts): each kind's
 * ID and status fields, its states, when it is finished, where it is looked up; and that the
 * waits, the pause and the trigger read them from there instead of keeping their own. The
 * expected states are the spec's ("States and transitions" of the API spec), typed out here.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { eventOf } from '../../dist/nodes/shared/api/events.js';
import { isFinished, isRecordKind, recordIdOf, recordStatusOf, statusPathOf } from '../../dist/nodes/shared/api/records.js';
import { awaitedWorkOf } from '../../dist/nodes/PdfNoodle/pause/pause.js';
import { RENDER_WORK } from '../../dist/nodes/PdfNoodle/resources/document/render.js';
import { BATCH_WORK } from '../../dist/nodes/PdfNoodle/resources/batch/fields.js';

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
