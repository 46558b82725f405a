/**
 * Template data mapped variable by variable ("Map Each Variable") arrives typed as the user
 * meant it: typed literals that are JSON as their type, other text as text, expressions as
 * they evaluated; the same in Render From Template and in batch entries from input items.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import type { INodeExecutionData, ResourceMapperFields } from 'n8n-workflow';

import { binaryBytes, callNodeMethod } from '../harness/engine';
import { pdfText } from '../support/pdf';
import { apiRequests, clearRequestLog, credentialsFor } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ textRender: true });

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** The mapper as n8n's editor stores it: the values, and the template's fields as its schema. */
async function mapped(template: string, value: Record<string, unknown>) {
	const { fields } = await callNodeMethod<ResourceMapperFields>('resourceMapping', 'getTemplateVariableFields', { template: byId(template) }, credentialsFor(sandbox));
	return { mappingMode: 'defineBelow', value, schema: fields };
}

async function renderMapped(template: string, value: Record<string, unknown>, extra: Record<string, unknown> = {}, input: INodeExecutionData[] = [{ json: {} }]) {
	const result = await sandbox.run(
		{ resource: 'document', operation: 'renderFromTemplate', template: byId(template), dataMode: 'map', variables: await mapped(template, value), ...extra },
		input,
	);
	return { ...result, sent: renderPosts().map((body) => body.data) };
}

/** The bodies of the requests that started renders or batches. */
function renderPosts(): Array<{ data?: unknown; items?: unknown[] }> {
	return apiRequests(sandbox)
		.filter((request) => request.method === 'POST')
		.map((request) => request.body as { data?: unknown; items?: unknown[] });
}

const certificate = (withHonors: string, hours = '40') => ({ recipient_name: 'Ada Lovelace', 'course.title': 'Compilers', 'course.hours': hours, with_honors: withHonors, issued_on: '01234' });

describe('typed literals', () => {
	test('with_honors mapped as false leaves the honors line out; true puts it in; a number goes as a number and 01234 stays text', async () => {
		const without = await renderMapped('certificate', certificate('false'));
		assert.equal(without.error, undefined, without.error?.message);
		assert.deepEqual(without.sent, [{ recipient_name: 'Ada Lovelace', course: { title: 'Compilers', hours: 40 }, with_honors: false, issued_on: '01234' }]);
		const withoutText = await pdfText(await binaryBytes(without.items[0].binary?.data));
		assert.ok(withoutText.includes('Ada Lovelace') && withoutText.includes('40 hours'), withoutText);
		assert.ok(!withoutText.includes('with honors'), withoutText);

		clearRequestLog(sandbox);
		const honored = await renderMapped('certificate', certificate('true'));
		assert.deepEqual((honored.sent[0] as { with_honors: unknown }).with_honors, true);
		assert.ok((await pdfText(await binaryBytes(honored.items[0].binary?.data))).includes('with honors'));
	});

	const literals: Array<[string, unknown]> = [
		['true', true],
		['false', false],
		['null', null],
		['40', 40],
		['-2.5', -2.5],
		['0.75', 0.75],
		['1e3', '1e3'],
		['10.00', '10.00'],
		['12345678901234567890', '12345678901234567890'],
		[' 7 ', 7],
		['{"a": 1}', { a: 1 }],
		['01234', '01234'],
		['+49 30 1234', '+49 30 1234'],
		['1,5', '1,5'],
		['True', 'True'],
		['"quoted"', '"quoted"'],
		['[draft] cover', '[draft] cover'],
		['with honors', 'with honors'],
	];
	test(`typed text: ${literals.map(([text]) => text).join(' | ')}`, async () => {
		const value = Object.fromEntries(literals.map(([text], index) => [`v${index}`, text]));
		const schema = Object.keys(value).map((id) => ({ id, displayName: id, required: false, defaultMatch: false, display: true, type: 'string' }));
		const { error } = await sandbox.run(
			{ resource: 'document', operation: 'renderFromTemplate', template: byId('letter'), dataMode: 'map', variables: { mappingMode: 'defineBelow', value, schema } },
		);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(renderPosts()[0].data, Object.fromEntries(literals.map(([, expected], index) => [`v${index}`, expected])));
	});
});

describe('expressions keep their types', () => {
	const input = [{ json: { total: 99.5, paid: true, lines: [{ description: 'Gear', quantity: 2, unit_price: '4.75' }], zip: '01234', flag: 'true', count: 3 } }];

	test('a number, a boolean, a list of objects, and text that looks like a boolean or a number', async () => {
		const { sent, items, error } = await renderMapped(
			'invoice',
			{ invoice_number: '={{ "INV-" + $json.count }}', total: '={{ $json.total }}', paid: '={{ $json.paid }}', items: '={{ $json.lines }}', 'customer.name': '={{ $json.flag }}', date: '={{ $json.zip }}' },
			{},
			input,
		);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(sent[0], {
			invoice_number: 'INV-3',
			total: 99.5,
			paid: true,
			items: [{ description: 'Gear', quantity: 2, unit_price: '4.75' }],
			customer: { name: 'true' },
			date: '01234',
		});
		const text = await pdfText(await binaryBytes(items[0].binary?.data));
		assert.ok(text.includes('Status: PAID') && text.includes('Gear') && text.includes('Total: 99.5'), text);
	});

	test('a list given as JSON text by an expression is a list', async () => {
		const { sent, error } = await renderMapped('invoice', { items: '={{ JSON.stringify($json.lines) }}' }, {}, input);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(sent[0], { items: input[0].json.lines });
	});
});

describe('Send Mapped Values as Text', () => {
	test('typed literals and numbers or booleans from expressions go as text; a list stays a list', async () => {
		const { sent, error } = await renderMapped(
			'invoice',
			{ invoice_number: '1042', paid: 'false', total: '={{ 99.5 }}', due_date: '={{ true }}', items: '[{"description": "Gear"}]' },
			{ variablesAsText: true },
		);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(sent[0], { invoice_number: '1042', paid: 'false', total: '99.5', due_date: 'true', items: [{ description: 'Gear' }] });
	});
});

describe('lists', () => {
	// A typed literal that is no list is a workflow issue n8n finds itself before the run (the
	// editor marks the field); a value an expression gives is checked by the node.
	const nodeRule = 'must be a list: an expression that gives an array, or JSON text such as [{"description": "Gear"}]';
	const refusals: Array<[string, string, string]> = [
		['typed text that is not a list', 'Gear', `The 'PDF Noodle' node has issues:\n- 'items' expects a array but we got 'Gear'`],
		['typed broken JSON', '[{"description": ', `The 'PDF Noodle' node has issues:\n- 'items' expects a array but we got '[{"description": '`],
		['a typed JSON object', '{"description": "Gear"}', `The 'PDF Noodle' node has issues:\n- 'items' expects a array but we got '{"description": "Gear"}'`],
		['an expression that gives an object', '={{ { description: "Gear" } }}', `Invalid "Variables → items": ${nodeRule}; received {"description":"Gear"}`],
		['an expression that gives a number', '={{ 3 }}', `Invalid "Variables → items": ${nodeRule}; received 3`],
		['an expression that gives text that is not a list', '={{ "Gear" }}', `Invalid "Variables → items": ${nodeRule}; received "Gear"`],
	];
	for (const [name, value, message] of refusals) {
		test(`${name} for the list variable is refused before sending, naming the variable and what was received`, async () => {
			// n8n refuses a workflow with issues before it runs: the run itself fails.
			const error = await renderMapped('invoice', { items: value }).then(({ error }) => error, (issues: Error) => issues);
			assert.equal(error?.message, message);
			assert.deepEqual(renderPosts(), [], 'nothing sent');
		});
	}
});

describe('the same data, mapped or as JSON, sends the same request', () => {
	const json = {
		invoice_number: 'INV-9',
		customer: { name: 'Radia Perlman', email: 'radia@example.com' },
		items: [
			{ description: 'Spanning tree', quantity: 1, unit_price: '10.00' },
			{ description: 'Bridge', quantity: 3, unit_price: '2.50' },
		],
		total: 17.5,
		paid: false,
		due_date: '2026-12-01',
	};
	const typedIn = {
		invoice_number: 'INV-9',
		'customer.name': 'Radia Perlman',
		'customer.email': 'radia@example.com',
		items: JSON.stringify(json.items),
		total: '17.5',
		paid: 'false',
		due_date: '2026-12-01',
	};

	test('Render From Template: the two bodies are equal, and the PDF has a row per list entry', async () => {
		const asJson = await sandbox.run({ resource: 'document', operation: 'renderFromTemplate', template: byId('invoice'), data: JSON.stringify(json) });
		assert.equal(asJson.error, undefined, asJson.error?.message);
		const [jsonBody] = renderPosts();
		clearRequestLog(sandbox);
		const { items, error } = await renderMapped('invoice', typedIn);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(renderPosts(), [jsonBody]);
		const text = await pdfText(await binaryBytes(items[0].binary?.data));
		assert.ok(text.includes('Spanning tree') && text.includes('Bridge') && text.includes('Payment due by 2026-12-01'), text);
	});

	test('Batch → Render Templates from input items: each entry\'s data equals the JSON mode\'s', async () => {
		const batch = { resource: 'batch', operation: 'renderTemplates', batchSource: 'inputItems', template: byId('invoice'), pollInterval: 1 };
		const input = [{ json: {} }, { json: {} }];
		const asJson = await sandbox.run({ ...batch, documentData: JSON.stringify(json) }, input);
		assert.equal(asJson.error, undefined, asJson.error?.message);
		const [jsonBody] = renderPosts();
		assert.equal(jsonBody.items?.length, 2);
		clearRequestLog(sandbox);
		const mappedRun = await sandbox.run(
			{ ...batch, documentDataMode: 'map', documentVariables: await mapped('invoice', typedIn) },
			input,
		);
		assert.equal(mappedRun.error, undefined, mappedRun.error?.message);
		assert.deepEqual(renderPosts(), [jsonBody]);
	});
});
