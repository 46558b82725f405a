/** The execution hints of a run's document files (fields/documentFileHints.ts): one line per distinct message, the items named when there are several. */
import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import { DocumentFileHints } from '../../dist/nodes/PdfNoodle/fields/documentFileHints.js';

const MISSING_LOGO = 'index.html refers to a file that was not found: logo.png. The PDF shows them missing.';

test('one item: the message as it is', () => {
	const hints = new DocumentFileHints();
	hints.add(0, MISSING_LOGO);
	assert.deepEqual(hints.hints(1), [{ message: MISSING_LOGO, type: 'warning', location: 'outputPane' }]);
});

test('several items naming the same missing file make one line naming them, in input order', () => {
	const hints = new DocumentFileHints();
	for (const itemIndex of [4, 0, 1]) hints.add(itemIndex, MISSING_LOGO);
	hints.add(2, 'notes.md refers to a file that was not found: chart.png.');
	assert.deepEqual(
		hints.hints(6).map((hint) => hint.message),
		[`Items 1, 2 and 5: ${MISSING_LOGO}`, 'Item 3: notes.md refers to a file that was not found: chart.png.'],
	);
});

test('past five distinct messages, the rest are counted in one line', () => {
	const hints = new DocumentFileHints();
	for (let itemIndex = 0; itemIndex < 8; itemIndex++) hints.add(itemIndex, `page-${itemIndex}.html refers to a file that was not found: a.png.`);
	const messages = hints.hints(8).map((hint) => hint.message);
	assert.equal(messages.length, 6);
	assert.equal(messages[5], '3 more documents named files that were not found (not listed here)');
});
