/**
 * "Check Data Against Template" and "Map Automatically" on the two objects alone: the data
 * compared with a template's variables as the variables endpoint gives them (placeholder
 * texts as values), and an input item projected onto them.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { autoMapped } from '../../dist/nodes/PdfNoodle/dataCheck/autoMap.js';
import { compareWithVariables, variablePaths } from '../../dist/nodes/PdfNoodle/dataCheck/compare.js';

/** The variables answer of a template with nesting, a list of entries and a list of single values. */
const VARIABLES = {
	order_id: 'your order_id here',
	customer: { name: 'your name here', address: { city: 'your city here' } },
	lines: [{ sku: 'your sku here', qty: 'your qty here' }],
	tags: ['your tags here'],
};

describe('compareWithVariables', () => {
	test('data that fits has no mismatch, whatever the values (null and empty text count as given)', () => {
		const data = { order_id: 7, customer: { name: '', address: { city: null } }, lines: [], tags: ['a', 'b'] };
		assert.deepEqual(compareWithVariables(VARIABLES, data), { missing: [], unknown: [], listExpected: [], valueExpected: [] });
	});

	test('missing variables by dotted path, unknown keys where they are, at every level', () => {
		const data = { orderId: 7, customer: { name: 'Ada', address: { town: 'London' } }, lines: [], tags: [] };
		assert.deepEqual(compareWithVariables(VARIABLES, data), {
			missing: ['order_id', 'customer.address.city'],
			unknown: ['customer.address.town', 'orderId'],
			listExpected: [],
			valueExpected: [],
		});
	});

	test('a whole object missing names each of its values; a missing list is named once', () => {
		assert.deepEqual(compareWithVariables(VARIABLES, { order_id: 1, tags: [] }).missing, ['customer.name', 'customer.address.city', 'lines']);
	});

	test('lists: each entry compared with the shape of the template\'s entries, every path named once', () => {
		const data = {
			order_id: 1,
			customer: { name: 'Ada', address: { city: 'London' } },
			lines: [{ sku: 'A-1', qty: 2 }, { sku: 'B-2', colour: 'red' }, { sku: 'C-3', colour: 'blue', qty: [1] }],
			tags: [{ label: 'fragile' }],
		};
		assert.deepEqual(compareWithVariables(VARIABLES, data), {
			missing: ['lines[].qty'],
			unknown: ['lines[].colour'],
			listExpected: [],
			valueExpected: ['lines[].qty', 'tags[]'],
		});
	});

	test('a single value where the template has a list, and a list (or an object) where it has a single value', () => {
		const data = { order_id: ['1', '2'], customer: { name: { first: 'Ada' }, address: { city: 'London' } }, lines: { sku: 'A-1' }, tags: 'fragile' };
		assert.deepEqual(compareWithVariables(VARIABLES, data), {
			missing: [],
			unknown: [],
			listExpected: ['lines', 'tags'],
			valueExpected: ['order_id', 'customer.name'],
		});
	});

	test('a single value where the template reads values inside an object: those values are missing', () => {
		const data = { order_id: 1, customer: 'Ada Lovelace', lines: [], tags: [] };
		assert.deepEqual(compareWithVariables(VARIABLES, data).missing, ['customer.name', 'customer.address.city']);
	});
});

test('variablePaths lists every variable as a message names it', () => {
	assert.deepEqual(variablePaths(VARIABLES), ['order_id', 'customer.name', 'customer.address.city', 'lines[].sku', 'lines[].qty', 'tags[]']);
});

describe('autoMapped (Map Automatically)', () => {
	test('takes the fields named as variables, nested by nesting or by a dotted field name, and names the others', () => {
		const item = {
			order_id: 42,
			customer: { name: 'Ada', email: 'ada@example.com', address: { city: 'London', country: 'UK' } },
			lines: [{ sku: 'A-1', qty: 2 }],
			'customer.address.city': 'Paris',
			note: 'leave at the door',
		};
		assert.deepEqual(autoMapped(VARIABLES, item, false), {
			data: { order_id: 42, customer: { name: 'Ada', address: { city: 'London' } }, lines: [{ sku: 'A-1', qty: 2 }] },
			ignored: ['customer.email', 'customer.address.country', 'customer.address.city', 'note'],
		});
	});

	test('a dotted field name fills a variable the nesting left empty', () => {
		const { data, ignored } = autoMapped(VARIABLES, { 'customer.name': 'Grace', 'customer.address.city': 'Arlington' }, false);
		assert.deepEqual(data, { customer: { name: 'Grace', address: { city: 'Arlington' } } });
		assert.deepEqual(ignored, []);
	});

	test('"Send Mapped Values as Text": numbers and booleans as text; lists stay as they are', () => {
		const { data } = autoMapped(VARIABLES, { order_id: 42, customer: { name: true }, lines: [{ sku: 'A-1', qty: 2 }], tags: ['x'] }, true);
		assert.deepEqual(data, { order_id: '42', customer: { name: 'true' }, lines: [{ sku: 'A-1', qty: 2 }], tags: ['x'] });
	});

	test('a field of another shape than its variable goes as it is (the check names it)', () => {
		const { data } = autoMapped(VARIABLES, { customer: 'Ada', lines: 'none' }, false);
		assert.deepEqual(data, { customer: 'Ada', lines: 'none' });
		assert.deepEqual(compareWithVariables(VARIABLES, data).listExpected, ['lines']);
	});
});
