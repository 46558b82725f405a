/**
 * "Check Data Against Template" and "Map Automatically" in n8n's engine against the sandbox:
 * what the sandbox received (one variables lookup per template per run, the data as sent, or
 * nothing), what the items say (`dataCheck`), the hints n8n shows above the output, the
 * message of a refusal, and the PDF that came out. Beside the seeded invoice, templates with
 * nesting two levels deep, lists, and no variables at all (test/sandbox/templates/shapes.ts).
 */
import assert from 'node:assert/strict';
import { beforeAll, describe, test } from '@jest/globals';

import type { INodeExecutionData, NodeExecutionHint, ResourceMapperFields } from 'n8n-workflow';

import { PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';
import { binaryBytes, callNodeMethod, NODE_NAME, runPdfNoodle } from '../harness/engine';
import { PACKAGE_NAME } from '../harness/nodeTypes';
import { addShapeTemplates } from '../sandbox/templates/shapes';
import { pdfText } from '../support/pdf';
import { apiRequests, clearRequestLog, credentialsFor } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ textRender: true });

beforeAll(() => addShapeTemplates(sandbox.context));

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const requestLines = () => apiRequests(sandbox).map((request) => `${request.method} ${request.path}`);
const posted = () => apiRequests(sandbox).filter((request) => request.method === 'POST').map((request) => request.body as Record<string, unknown>);
const HINT_PREFIX = 'Check Data Against Template: ';

type Parameters = Record<string, unknown>;
interface Run {
	items: INodeExecutionData[];
	error?: Error;
	hints: string[];
}

/** Runs the node; its hints are what n8n shows above the output (`addExecutionHints`). */
async function run(parameters: Parameters, input: INodeExecutionData[] = [{ json: {} }], options: { continueOnFail?: boolean; type?: string } = {}): Promise<Run> {
	const result = await sandbox.run(parameters, input, options.continueOnFail ? { onError: 'continueRegularOutput' } : {}, {
		type: options.type,
		extraNodeTypes: { [TOOL_TYPE]: new PdfNoodleTool() },
	});
	const runs = result.run.data.resultData.runData[NODE_NAME] ?? [];
	const hints = (runs[runs.length - 1]?.hints ?? []) as NodeExecutionHint[];
	assert.ok(hints.every((hint) => hint.type === 'warning' && hint.location === 'outputPane'));
	return { items: result.items, error: result.error, hints: hints.map((hint) => hint.message) };
}

const renderTemplate = (template: string, data: unknown, extra: Parameters = {}): Parameters => ({
	resource: 'document',
	operation: 'renderFromTemplate',
	template: byId(template),
	data: typeof data === 'string' ? data : JSON.stringify(data),
	...extra,
});

/**
 * For a test that checks the lookup, what was sent and what the items and hints say, not the
 * document: its renders are the sandbox's prepared one-page PDF instead of Chromium's (the
 * template is still looked up, a missing one still 404). Tests that read a PDF render for real.
 */
const preparedDocuments = () => (sandbox.context.settings.fixedRender = true);

async function textOf(item: INodeExecutionData): Promise<string> {
	return await pdfText(await binaryBytes(item.binary?.data));
}

/** Invoice data as a person writes it who guessed `customer.nam` and forgot the email. */
const INVOICE_GUESSED = {
	invoice_number: '1042',
	date: '1 May 2026',
	customer: { nam: 'Ada Lovelace' },
	items: [{ description: 'Gear', quantity: 1, unit_price: '9.50' }],
	total: '9.50',
	paid: true,
	due_date: '',
	notes: '',
};
const INVOICE_FITS = { ...INVOICE_GUESSED, customer: { name: 'Ada Lovelace', email: 'ada@example.com' } };
const INVOICE_VARIABLES =
	'invoice_number, date, customer.name, customer.email, items[].description, items[].quantity, items[].unit_price, total, paid, due_date, notes';

describe('Render From Template', () => {
	test('Warn (the default): the data goes as given; each item names what did not match, the hints say it, the variables are looked up once for three items', async () => {
		const { items, error, hints } = await run(renderTemplate('invoice', INVOICE_GUESSED), [{ json: {} }, { json: {} }, { json: {} }]);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/invoice/variables', 'POST /v1/pdf/sync', 'POST /v1/pdf/sync', 'POST /v1/pdf/sync']);
		assert.ok(posted().every((body) => JSON.stringify(body) === JSON.stringify({ templateId: 'invoice', data: INVOICE_GUESSED })));
		for (const item of items) {
			assert.equal(item.json.renderStatus, 'SUCCESS');
			assert.deepEqual(item.json.dataCheck, { templateId: 'invoice', missing: ['customer.name', 'customer.email'], unknown: ['customer.nam'], listExpected: [], valueExpected: [] });
		}
		assert.deepEqual(hints, [
			`${HINT_PREFIX}The data of 3 documents lacks template variables, which render blank: customer.name, customer.email. Each item's "dataCheck" names them.`,
			`${HINT_PREFIX}The data of 3 documents has keys the template does not use, which are not rendered: customer.nam. Each item's "dataCheck" names them.`,
		]);
		// What the warning is about: the PDF has no name where the customer's should be.
		const text = await textOf(items[0]);
		assert.ok(text.includes('Invoice 1042') && !text.includes('Ada Lovelace'), text);
	});

	test('Warn: data that fits renders with no dataCheck and no hint', async () => {
		const { items, error, hints } = await run(renderTemplate('invoice', INVOICE_FITS));
		assert.equal(error, undefined, error?.message);
		assert.equal(items[0].json.dataCheck, undefined);
		assert.deepEqual(hints, []);
		assert.ok((await textOf(items[0])).includes('Ada Lovelace'));
	});

	test('Refuse: nothing is rendered; the message names the missing and unknown keys and the template\'s variables', async () => {
		const { error } = await run(renderTemplate('invoice', INVOICE_GUESSED, { dataCheck: 'refuse' }));
		assert.equal(
			error?.message,
			`Invalid "Data (JSON)": does not fit template "invoice": it lacks customer.name, customer.email; the template has no customer.nam. The template's variables: ${INVOICE_VARIABLES}`,
		);
		assert.match(String((error as { description?: string }).description), /Template → Get Variables shows their structure\), or set "Check Data Against Template" to Warn to render anyway\. Nothing was sent to pdf noodle\.$/);
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/invoice/variables']);
	});

	test('Refuse with Continue On Fail: the item that fits renders, the other is an error item', async () => {
		preparedDocuments();
		const parameters = renderTemplate('invoice', '={{ JSON.stringify($json) }}', { dataCheck: 'refuse' });
		const { items, error } = await run(parameters, [{ json: INVOICE_FITS }, { json: INVOICE_GUESSED }], { continueOnFail: true });
		assert.equal(error, undefined, error?.message);
		assert.equal(items[0].json.renderStatus, 'SUCCESS');
		assert.match(String(items[1].json.error), /^Invalid "Data \(JSON\)": does not fit template "invoice": it lacks customer.name, customer.email/);
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/invoice/variables', 'POST /v1/pdf/sync']);
	});

	test('Off: today\'s behaviour, no lookup and no dataCheck', async () => {
		preparedDocuments();
		const { items, error, hints } = await run(renderTemplate('invoice', INVOICE_GUESSED, { dataCheck: 'off' }));
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(requestLines(), ['POST /v1/pdf/sync']);
		assert.equal(items[0].json.dataCheck, undefined);
		assert.deepEqual(hints, []);
	});

	test('Refuse on a template that does not exist: the lookup\'s 404, worded as for a render', async () => {
		const { error } = await run(renderTemplate('no-such-template', {}, { dataCheck: 'refuse' }));
		assert.match(String(error?.message), /^Template "no-such-template" could not be found/);
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/no-such-template/variables']);
	});

	test('Warn on a template that does not exist: the render goes as before and fails with its own 404', async () => {
		const { error } = await run(renderTemplate('no-such-template', {}));
		assert.match(String(error?.message), /^Template "no-such-template" could not be found/);
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/no-such-template/variables', 'POST /v1/pdf/sync']);
	});

	test('a wrong API key stops at the lookup, whatever the setting: one request', async () => {
		const { error } = await runPdfNoodle(renderTemplate('invoice', INVOICE_FITS) as never, { credentials: credentialsFor(sandbox, { apiKey: 'not-the-key' }) });
		assert.equal(error?.message, 'Authorization failed: check the API key of your PDF Noodle API credential');
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/invoice/variables']);
	});

	test('a setting from an expression must be one of the three', async () => {
		const { error } = await run(renderTemplate('invoice', INVOICE_FITS, { dataCheck: '={{ "strict" }}' }));
		assert.equal(error?.message, 'Invalid "Check Data Against Template": must be warn, refuse or off, not "strict"');
		assert.deepEqual(requestLines(), []);
	});
});

describe('templates beyond the seeded ones', () => {
	test('nested two levels deep: an address given as one text leaves its three values blank', async () => {
		const label = { sender: { name: 'Acme', address: { street: '1 Main St', city: 'Springfield' } }, recipient: { name: 'Grace Hopper', address: 'Arlington' }, parcel: { weight_kg: 2 } };
		const warned = await run(renderTemplate('shipping-label', label));
		assert.deepEqual(warned.items[0].json.dataCheck, {
			templateId: 'shipping-label',
			missing: ['recipient.address.street', 'recipient.address.city', 'recipient.address.postcode'],
			unknown: [],
			listExpected: [],
			valueExpected: [],
		});

		clearRequestLog(sandbox);
		const fixed = { ...label, recipient: { name: 'Grace Hopper', address: { street: '2 Navy Rd', city: 'Arlington', postcode: '22201' } } };
		const rendered = await run(renderTemplate('shipping-label', fixed, { dataCheck: 'refuse' }));
		assert.equal(rendered.error, undefined, rendered.error?.message);
		assert.equal(rendered.items[0].json.dataCheck, undefined);
		assert.ok((await textOf(rendered.items[0])).includes('Arlington 22201'));
	});

	test('lists: a single value where the template has a list, objects where it lists single values, an unknown key in the entries', async () => {
		const guessed = { order_id: 'A7', lines: { sku: 'X-1', qty: 1 }, tags: [{ label: 'fragile' }] };
		const { error } = await run(renderTemplate('packing-list', guessed, { dataCheck: 'refuse' }));
		assert.equal(
			error?.message,
			'Invalid "Data (JSON)": does not fit template "packing-list": lines must be a list; tags[] must be a single value, not a list. The template\'s variables: order_id, lines[].sku, lines[].qty, tags[]',
		);
		assert.equal(posted().length, 0);

		const entries = await run(renderTemplate('packing-list', { order_id: 'A7', lines: [{ sku: 'X-1', qty: 1 }, { sku: 'Y-2', colour: 'red' }], tags: ['fragile'] }));
		assert.deepEqual(entries.items[0].json.dataCheck, { templateId: 'packing-list', missing: ['lines[].qty'], unknown: ['lines[].colour'], listExpected: [], valueExpected: [] });

		clearRequestLog(sandbox);
		const fits = await run(renderTemplate('packing-list', { order_id: 'A7', lines: [{ sku: 'X-1', qty: 1 }, { sku: 'Y-2', qty: 3 }], tags: ['fragile', 'upright'] }, { dataCheck: 'refuse' }));
		assert.equal(fits.error, undefined, fits.error?.message);
		const text = await textOf(fits.items[0]);
		assert.ok(text.includes('X-1') && text.includes('Y-2') && text.includes('[fragile]') && text.includes('[upright]'), text);
	});

	test('a template whose variables answer is empty: not judged, even under Refuse; the item and a hint say it was not checked', async () => {
		const { items, error, hints } = await run(renderTemplate('static-notice', { note: 'ignored' }, { dataCheck: 'refuse' }));
		assert.equal(error, undefined, error?.message);
		const reason = 'pdf noodle lists no variables for this template, so there is nothing to compare the data with';
		assert.deepEqual(items[0].json.dataCheck, { templateId: 'static-notice', notChecked: reason });
		assert.deepEqual(hints, [`${HINT_PREFIX}The data of 1 document was not checked (template "static-notice": ${reason})`]);
		assert.ok((await textOf(items[0])).includes('Office closed on Friday'));

		const empty = await run(renderTemplate('static-notice', {}));
		assert.equal(empty.items[0].json.dataCheck, undefined);
	});
});

describe('Map Automatically', () => {
	/** The mapper as the editor stores it after "Map Automatically" was picked. */
	async function autoMapper(template: string) {
		const { fields } = await callNodeMethod<ResourceMapperFields>('resourceMapping', 'getTemplateVariableFields', { template: byId(template) }, credentialsFor(sandbox));
		return { mappingMode: 'autoMapInputData', value: null, schema: fields };
	}

	test('the item\'s fields named as variables are sent, nested and dotted ones too; the others are named in dataCheck', async () => {
		const mapper = await autoMapper('invoice');
		clearRequestLog(sandbox);
		const input = [
			{ json: { invoice_number: '7', customer: { name: 'Grace Hopper', phone: '555' }, 'customer.email': 'grace@example.com', total: 12, crmId: 'c-9' } },
			{ json: { invoice_number: '8', customer: { name: 'Ada Lovelace', email: 'ada@example.com' }, items: [{ description: 'Gear', quantity: 2, unit_price: '4.00' }], total: '8.00', paid: true, due_date: '', notes: '', date: 'today' } },
		];
		const { items, error } = await run({ resource: 'document', operation: 'renderFromTemplate', template: byId('invoice'), dataMode: 'map', variables: mapper }, input);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/invoice/variables', 'POST /v1/pdf/sync', 'POST /v1/pdf/sync']);
		assert.deepEqual(posted()[0].data, { invoice_number: '7', customer: { name: 'Grace Hopper', email: 'grace@example.com' }, total: 12 });
		assert.deepEqual(items[0].json.dataCheck, {
			templateId: 'invoice',
			missing: ['date', 'items', 'paid', 'due_date', 'notes'],
			unknown: [],
			listExpected: [],
			valueExpected: [],
			ignored: ['customer.phone', 'crmId'],
		});
		assert.equal(items[1].json.dataCheck, undefined, 'every field of the second item is a variable');
		assert.ok((await textOf(items[0])).includes('Grace Hopper'));
		assert.ok((await textOf(items[1])).includes('Gear'));
	});

	test('with Send Mapped Values as Text, numbers and booleans go as text', async () => {
		preparedDocuments();
		const mapper = await autoMapper('certificate');
		clearRequestLog(sandbox);
		const input = [{ json: { recipient_name: 'Ada', course: { title: 'Compilers', hours: 40 }, with_honors: false, issued_on: 'May' } }];
		const { error } = await run({ resource: 'document', operation: 'renderFromTemplate', template: byId('certificate'), dataMode: 'map', variables: mapper, variablesAsText: true }, input);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(posted()[0].data, { recipient_name: 'Ada', course: { title: 'Compilers', hours: '40' }, with_honors: 'false', issued_on: 'May' });
	});
});

describe('Batch → Render Templates', () => {
	const fromItems = (extra: Parameters = {}): Parameters => ({
		resource: 'batch',
		operation: 'renderTemplates',
		batchSource: 'inputItems',
		template: byId('invoice'),
		documentData: '={{ JSON.stringify($json) }}',
		downloadFile: false,
		...extra,
	});

	test('from input items, Warn: one lookup for the whole batch; the document whose data lacks variables says so', async () => {
		preparedDocuments();
		const { items, error, hints } = await run(fromItems(), [{ json: INVOICE_FITS }, { json: INVOICE_GUESSED }, { json: INVOICE_FITS }]);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/invoice/variables', 'POST /v1/pdf/batch']);
		assert.deepEqual(items.map((item) => item.json.dataCheck === undefined), [true, false, true]);
		assert.deepEqual((items[1].json.dataCheck as { missing: string[] }).missing, ['customer.name', 'customer.email']);
		assert.equal(hints.length, 2);
		assert.match(hints[0], /^Check Data Against Template: The data of 1 document lacks template variables/);
	});

	test('from input items, Refuse: the item is not in the batch and fails; the others render', async () => {
		preparedDocuments();
		const { items, error } = await run(fromItems({ dataCheck: 'refuse' }), [{ json: INVOICE_FITS }, { json: INVOICE_GUESSED }, { json: INVOICE_FITS }], { continueOnFail: true });
		assert.equal(error, undefined, error?.message);
		assert.equal((posted()[0].items as unknown[]).length, 2);
		assert.deepEqual(items.map((item) => item.json.renderStatus ?? 'error'), ['SUCCESS', 'error', 'SUCCESS']);
		assert.match(String(items[1].json.error), /^Invalid "Data \(JSON\)": does not fit template "invoice": it lacks customer.name, customer.email/);
	});

	test('from input items with Map Each Variable: Refuse names "Variables"', async () => {
		const { fields } = await callNodeMethod<ResourceMapperFields>('resourceMapping', 'getTemplateVariableFields', { template: byId('certificate') }, credentialsFor(sandbox));
		clearRequestLog(sandbox);
		const { error } = await run({
			...fromItems({ dataCheck: 'refuse', template: byId('certificate') }),
			documentDataMode: 'map',
			documentVariables: { mappingMode: 'defineBelow', value: { recipient_name: 'Ada', 'course.title': 'Compilers' }, schema: fields },
		});
		assert.equal(
			error?.message,
			'Invalid "Variables": does not fit template "certificate": it lacks course.hours, with_honors, issued_on. The template\'s variables: recipient_name, course.title, course.hours, with_honors, issued_on',
		);
		assert.equal(posted().length, 0);
	});

	test('from a list per item: each entry checked against its own template; Refuse names the entry, Warn marks its document', async () => {
		preparedDocuments();
		const entries = JSON.stringify([
			{ templateId: 'invoice', data: INVOICE_FITS },
			{ templateId: 'packing-list', data: { order_id: 'A7', lines: 'X-1' , tags: [] } },
		]);
		const list = { resource: 'batch', operation: 'renderTemplates', batchSource: 'list', entries, downloadFile: false };
		const refused = await run({ ...list, dataCheck: 'refuse' });
		assert.equal(
			refused.error?.message,
			'Invalid "Entries (JSON)": entry 2 does not fit template "packing-list": lines must be a list. The template\'s variables: order_id, lines[].sku, lines[].qty, tags[]',
		);
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/invoice/variables', 'GET /v1/integration/templates/packing-list/variables']);

		clearRequestLog(sandbox);
		const warned = await run(list);
		assert.equal(warned.error, undefined, warned.error?.message);
		assert.deepEqual(warned.items.map((item) => item.json.dataCheck), [
			undefined,
			{ templateId: 'packing-list', missing: [], unknown: [], listExpected: ['lines'], valueExpected: [] },
		]);
	});
});

/**
 * The node as n8n's tool variant (named with "Tool" at the end, as n8n names it: its
 * `@tool` defaults apply and its errors carry their next step for a model).
 */
const TOOL_TYPE = `${PACKAGE_NAME}.pdfNoodleTool`;
class PdfNoodleTool extends PdfNoodle {
	constructor() {
		super();
		this.description = { ...this.description, name: 'pdfNoodleTool' };
	}
}

describe('as a tool', () => {
	test('refuses by default, with the template\'s variables and what to do in the message; called again with those keys, it renders', async () => {
		preparedDocuments();
		const first = await run(renderTemplate('invoice', INVOICE_GUESSED), [{ json: {} }], { type: TOOL_TYPE });
		assert.match(String(first.error?.message), /^Invalid "Data \(JSON\)": does not fit template "invoice": it lacks customer.name, customer.email; the template has no customer.nam\. The template's variables: invoice_number, date, customer\.name, customer\.email, items\[\]\.description/);
		assert.match(String(first.error?.message), /Give the data every variable of the template by these names/);
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/invoice/variables']);

		clearRequestLog(sandbox);
		const second = await run(renderTemplate('invoice', INVOICE_FITS), [{ json: {} }], { type: TOOL_TYPE });
		assert.equal(second.error, undefined, second.error?.message);
		assert.equal(second.items[0].json.renderStatus, 'SUCCESS');
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/invoice/variables', 'POST /v1/pdf/sync']);
	});

	test('in a workflow the same node warns by default', async () => {
		preparedDocuments();
		const { items } = await sandbox.run(renderTemplate('invoice', INVOICE_GUESSED));
		assert.equal(items[0].json.renderStatus, 'SUCCESS');
	});
});
