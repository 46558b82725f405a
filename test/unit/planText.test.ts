/**
 * What a pause keeps with the execution (pause/pausedPlan.ts) comes back whole from its packed
 * text: the items sent (in request order, one item's list entries repeated), the output
 * settings read for each item sent and the node's settings, the refused items and the data checks; and the text is small for an ordinary run.
 */
import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import type { PausedPlan } from '../../dist/nodes/PdfNoodle/pause/plan.js';
import { indexesOfRuns, indexRuns, packedPlan, unpackedPlan } from '../../dist/nodes/PdfNoodle/pause/planText.js';

test('item indexes as runs, in their order: counting up, repeated, alone', () => {
	const cases: Array<[number[], string]> = [
		[[], ''],
		[[7], '7'],
		[Array.from({ length: 20 }, (_, index) => index), '0-19'],
		[[0, 2, 3, 4, 9], '0,2-4,9'],
		[[4, 4, 4, 5, 6], '4*3,5-6'],
		[[3, 1, 2], '3,1-2'],
	];
	for (const [indexes, runs] of cases) {
		assert.equal(indexRuns(indexes), runs);
		assert.deepEqual(indexesOfRuns(runs), indexes);
	}
});

test('a plan comes back as it was kept', () => {
	const check = (note: string) => ({ templateId: 'certificate', missing: [], unknown: [note], listExpected: [], valueExpected: [] });
	const plan: PausedPlan = {
		sent: [0, 2, 3],
		settings: 2,
		refused: [{ json: { error: 'Invalid "Data (JSON)"', details: { description: 'must be an object' } }, pairedItem: { item: 1 } }],
		checks: [check('a'), null, { templateId: 'certificate', notChecked: 'pdf noodle lists no variables' }],
		output: {
			download: { each: [true, null, true, false] },
			field: { all: 'document' },
			fileName: { each: ['invoice-1.pdf', null, 'invoice-1.pdf', 'invoice-1.pdf.pdf'] },
		},
		node: { requestOptions: { all: {} }, requestsAtOnce: { each: [400, 400, 2, 400] } },
	};
	assert.deepEqual(unpackedPlan(packedPlan(plan)), plan);
	assert.equal(unpackedPlan('{"s":'), undefined, 'a text cut short is no plan');
	assert.equal(unpackedPlan(''), undefined);
});

test('20 items with file names of about 60 characters and a data check each take at most 4 of the 8 entries of 512 characters a plan may use', () => {
	const sent = Array.from({ length: 20 }, (_, index) => index);
	const plan: PausedPlan = {
		sent,
		checks: sent.map((index) => ({ templateId: 'tpl_7f3a9c', missing: ['customer.vat'], unknown: [`note_${index}`], listExpected: [], valueExpected: [] })),
		output: {
			download: { all: true },
			field: { all: 'data' },
			fileName: { each: sent.map((index) => `invoice-2026-11-customer-${1000 + index * 7}-account-statement-final.pdf`) },
		},
		node: { requestOptions: { all: {} }, requestsAtOnce: { all: 400 } },
	};
	const text = packedPlan(plan);
	assert.ok(text.length <= 4 * 512, `${text.length} characters`);
	assert.deepEqual(unpackedPlan(text), plan);
});
