/** The Template resource, and rendering with mapped variables, in n8n's engine against the sandbox. */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from '@jest/globals';

import type { IConnections, INode, INodeExecutionData, INodeListSearchResult, ResourceMapperFields } from 'n8n-workflow';

import { PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';
import { binaryBytes, binaryDataService, callNodeMethod, NODE_NAME, PDF_NOODLE_NODE_TYPE, runWorkflow } from '../harness/engine';
import { INPUT_NODE_TYPE } from '../harness/nodeTypes';
import { textPdf } from '../support/fixtures';
import { pdfText } from '../support/pdf';
import { apiRequests, credentialsFor } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ templateCreationMs: 1500, templateFinalizeMs: 60_000 });

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** An input item holding a file in binary field `field`, as a Read Binary File node would give it. */
async function pdfInput(bytes: Buffer, fileName: string, mimeType = 'application/pdf', field = 'data'): Promise<INodeExecutionData> {
	const { prepareBinaryData } = await import('n8n-core');
	await binaryDataService();
	return { json: {}, binary: { [field]: await prepareBinaryData(bytes, 'engine-test', 'engine-test-execution', fileName, mimeType) } };
}

describe('Get Many', () => {
	test('one item per template, sorted by name', async () => {
		const { items } = await sandbox.run({ resource: 'template', operation: 'getMany', returnAll: true });
		const seeded = items.map((item) => item.json).filter((template) => ['invoice', 'certificate', 'letter', 'broken-layout'].includes(String(template.id)));
		assert.deepEqual(seeded, [
			{ id: 'broken-layout', displayName: 'Broken Layout (always fails)' },
			{ id: 'letter', displayName: 'Business Letter' },
			{ id: 'certificate', displayName: 'Certificate of Completion' },
			{ id: 'invoice', displayName: 'Invoice' },
		]);
		assert.deepEqual(apiRequests(sandbox).map((request) => `${request.method} ${request.path}`), ['GET /v1/integration/templates']);
	});

	test('the name filter and the limit', async () => {
		const filtered = await sandbox.run({ resource: 'template', operation: 'getMany', nameFilter: 'LETT', returnAll: true });
		assert.deepEqual(filtered.items.map((item) => item.json.id), ['letter']);
		const limited = await sandbox.run({ resource: 'template', operation: 'getMany', limit: 2 });
		assert.equal(limited.items.length, 2);
	});

	test('with several input items, each template names the input item it was listed for', async () => {
		const { items } = await sandbox.run(
			{ resource: 'template', operation: 'getMany', nameFilter: '={{ $json.filter }}', returnAll: true },
			[{ json: { filter: 'letter' } }, { json: { filter: 'invoice' } }, { json: { filter: 'cert' } }],
		);
		assert.deepEqual(
			items.map((item) => [item.json.id, item.pairedItem]),
			[['letter', { item: 0 }], ['invoice', { item: 1 }], ['certificate', { item: 2 }]],
		);
	});

	test('the template picker searches the same list', async () => {
		const result = await callNodeMethod<INodeListSearchResult>('listSearch', 'searchTemplates', {}, credentialsFor(sandbox), 'cert');
		assert.deepEqual(result.results, [{ name: 'Certificate of Completion', value: 'certificate' }]);
	});
});

describe('Get and Get Variables', () => {
	test('Get gives the completed template', async () => {
		const { items } = await sandbox.run({ resource: 'template', operation: 'get', template: byId('invoice') });
		assert.equal(items[0].json.id, 'invoice');
		assert.equal(items[0].json.displayName, 'Invoice');
		assert.match(String(items[0].json.html), /\{\{invoice_number\}\}/);
		assert.deepEqual(apiRequests(sandbox).map((request) => request.path), ['/v1/integration/templates/invoice']);
	});

	test('Get with "Simplify": the ID, the name and the variables it expects, no HTML', async () => {
		const simplified = await sandbox.run({ resource: 'template', operation: 'get', template: byId('invoice'), simplify: true });
		assert.equal(simplified.error, undefined, simplified.error?.message);
		const variables = await sandbox.run({ resource: 'template', operation: 'getVariables', template: byId('invoice') });
		assert.deepEqual(simplified.items[0].json, { id: 'invoice', displayName: 'Invoice', variables: variables.items[0].json });
	});

	test('Get of a missing template is a 404 error naming the template and where the IDs are', async () => {
		const { error } = await sandbox.run({ resource: 'template', operation: 'get', template: byId('nothing-here') });
		assert.equal(error?.message, 'Template "nothing-here" could not be found');
		assert.equal((error as { httpCode?: string }).httpCode, '404');
		assert.match(String(error?.description), /^Check the template ID: Template → Get Many lists the templates of the account .*pdf noodle answered: Template could not be found$/);
	});

	test('Get Variables mirrors the template: nested objects, loops as lists, placeholders', async () => {
		const { items } = await sandbox.run({ resource: 'template', operation: 'getVariables', template: byId('invoice') });
		assert.deepEqual(items[0].json, {
			invoice_number: 'your invoice_number here',
			date: 'your date here',
			customer: { name: 'your name here', email: 'your email here' },
			items: [{ description: 'your description here', quantity: 'your quantity here', unit_price: 'your unit_price here' }],
			total: 'your total here',
			paid: 'your paid here',
			due_date: 'your due_date here',
			notes: 'your notes here',
		});
	});

	test('Get Variables of a template that does not parse is the service\'s 500', async () => {
		const { error } = await sandbox.run({ resource: 'template', operation: 'getVariables', template: byId('broken-layout') });
		assert.match(error?.message ?? '', /^Could not extract the variables of this template/);
		assert.equal((error as { httpCode?: string }).httpCode, '500');
	});

	test('the resource mapper offers one field per variable, nested ones as dotted paths', async () => {
		const { fields } = await callNodeMethod<ResourceMapperFields>('resourceMapping', 'getTemplateVariableFields', { template: byId('invoice') }, credentialsFor(sandbox));
		assert.deepEqual(
			fields.map((field) => [field.id, field.type]),
			[
				['invoice_number', 'string'],
				['date', 'string'],
				['customer.name', 'string'],
				['customer.email', 'string'],
				['items', 'array'],
				['total', 'string'],
				['paid', 'string'],
				['due_date', 'string'],
				['notes', 'string'],
			],
		);
	});
});

describe('Render From Template with "Map Each Variable"', () => {
	test('mapped values become the nested data object', async () => {
		const { items, error } = await sandbox.run(
			{
				resource: 'document',
				operation: 'renderFromTemplate',
				template: byId('invoice'),
				dataMode: 'map',
				variables: {
					mappingMode: 'defineBelow',
					value: {
						invoice_number: 'MAP-7',
						'customer.name': 'Radia Perlman',
						'customer.email': '',
						items: '[{"description": "Spanning tree", "quantity": 1, "unit_price": "10.00"}]',
						total: '10.00',
					},
				},
			},
		);
		assert.equal(error, undefined, error?.message);
		// The variables are looked up for the data check (Warn) before the render is sent.
		const [lookup, render] = apiRequests(sandbox);
		assert.equal(lookup.path, '/v1/integration/templates/invoice/variables');
		assert.deepEqual(render.body, {
			templateId: 'invoice',
			data: {
				invoice_number: 'MAP-7',
				customer: { name: 'Radia Perlman' },
				items: [{ description: 'Spanning tree', quantity: 1, unit_price: '10.00' }],
				total: '10.00',
			},
		});
		const text = await pdfText(await binaryBytes(items[0].binary?.data));
		assert.ok(text.includes('Invoice MAP-7') && text.includes('Radia Perlman') && text.includes('Spanning tree'), text);
	});

	test('a list variable that is not JSON is refused before sending', async () => {
		const { error } = await sandbox.run(
			{
				resource: 'document',
				operation: 'renderFromTemplate',
				template: byId('invoice'),
				dataMode: 'map',
				variables: { mappingMode: 'defineBelow', value: { items: '[{"description": ' } },
			},
		);
		assert.equal(error?.message, 'Invalid "Variables → items": must be a list: an expression that gives an array, or JSON text such as [{"description": "Gear"}]; received "[{\\"description\\": "');
		assert.equal(apiRequests(sandbox).length, 0);
	});

	test('"Map Automatically" is offered, and sends the input item\'s fields named as the variables (test/engine/dataCheck.test.ts has the rest)', async () => {
		const mapper = new PdfNoodle().description.properties.find((property) => property.name === 'variables');
		assert.equal(mapper?.typeOptions?.resourceMapper?.supportAutoMap, true);
		const { error, items } = await sandbox.run(
			{
				resource: 'document',
				operation: 'renderFromTemplate',
				template: byId('invoice'),
				dataMode: 'map',
				variables: { mappingMode: 'autoMapInputData', value: null },
				dataCheck: 'off',
			},
			[{ json: { invoice_number: 'AUTO-1', source: 'crm' } }],
		);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(apiRequests(sandbox).map((request) => (request.method === 'GET' ? request.path : request.body)), ['/v1/integration/templates/invoice/variables', { templateId: 'invoice', data: { invoice_number: 'AUTO-1' } }]);
		assert.deepEqual(items[0].json.dataCheck, { templateId: 'invoice', ignored: ['source'] });
	});

	test('a mapping mode the node does not know is refused before sending', async () => {
		const { error } = await sandbox.run(
			{ resource: 'document', operation: 'renderFromTemplate', template: byId('invoice'), dataMode: 'map', variables: { mappingMode: 'somehow', value: null } },
		);
		assert.equal(error?.message, 'Invalid "Variables": must be mapped below or automatically, not "somehow"');
		assert.equal(apiRequests(sandbox).length, 0);
	});
});

describe('Create With AI', () => {
	const create = {
		resource: 'template',
		operation: 'createWithAi',
		prompt: 'A packing slip with the order number, shipping address and a table of products',
		displayName: 'Packing Slip',
		// The shortest interval pdf noodle allows for creations.
		pollInterval: 10,
	};
	// A creation takes 1.5 s in this file's sandbox; tests that need not wait for one make it
	// done by the node's first look.
	const doneAtOnce = () => Object.assign(sandbox.context.settings, { templateCreationMs: 0 });
	beforeEach(() => {
		Object.assign(sandbox.context.settings, { templateCreationMs: 1500, templateFinalizeMs: 60_000 });
	});

	test('waits for the creation, outputs the template and its preview, and the template renders', async () => {
		const nodes: INode[] = [
			{ id: 'input', name: 'Input', type: INPUT_NODE_TYPE, typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'create',
				name: 'Create',
				type: PDF_NOODLE_NODE_TYPE,
				typeVersion: 1,
				position: [200, 0],
				parameters: { ...create, downloadPreview: true, binaryPropertyName: 'preview' },
				credentials: { pdfNoodleApi: { id: '1', name: 'PDF Noodle account' } },
			},
			{
				id: 'render',
				name: NODE_NAME,
				type: PDF_NOODLE_NODE_TYPE,
				typeVersion: 1,
				position: [400, 0],
				parameters: {
					resource: 'document',
					operation: 'renderFromTemplate',
					template: byId('={{ $json.templateId }}'),
					data: '={{ JSON.stringify({ order_number: "ORD-9", shipping_address: "12 Main St", items: [{ description: "Teapot", quantity: 2, amount: "30.00" }] }) }}',
				},
				credentials: { pdfNoodleApi: { id: '1', name: 'PDF Noodle account' } },
			},
		];
		const connections: IConnections = {
			Input: { main: [[{ node: 'Create', type: 'main', index: 0 }]] },
			Create: { main: [[{ node: NODE_NAME, type: 'main', index: 0 }]] },
		};
		const run = await runWorkflow({ nodes, connections }, { credentials: credentialsFor(sandbox) });
		assert.equal(run.error, undefined, run.error?.message);

		const [created] = run.output('Create');
		assert.match(String(created.json.templateId), /^[0-9a-f]{10}$/);
		assert.equal(created.json.displayName, 'Packing Slip');
		assert.equal(created.json.status, 'SUCCESS');
		assert.match(String(created.json.html), /\{\{#each items\}\}/);
		assert.match(String((created.json.metadata as { timeToCreateTemplate: string }).timeToCreateTemplate), /^\d+(\.\d+)? seconds$/);
		const preview = await pdfText(await binaryBytes(created.binary?.preview));
		assert.ok(preview.includes('Packing Slip') && preview.includes('your description here'), preview);

		const [rendered] = run.output(NODE_NAME);
		const text = await pdfText(await binaryBytes(rendered.binary?.data));
		assert.ok(text.includes('Packing Slip') && text.includes('ORD-9') && text.includes('12 Main St') && text.includes('Teapot'), text);

		const create_ = apiRequests(sandbox).find((request) => request.method === 'POST')!;
		assert.deepEqual(create_.body, { prompt: create.prompt, displayName: 'Packing Slip' });
		const polls = apiRequests(sandbox).filter((request) => request.path === `/v1/integration/templates/${created.json.templateId}`);
		assert.ok(polls.length >= 1);
	});

	test('without waiting outputs the acknowledgement; Get then shows the creation record', async () => {
		const { items } = await sandbox.run({ ...create, waitForCompletion: false, fileUrl: 'https://example.com/slip.pdf' });
		assert.deepEqual(Object.keys(items[0].json).sort(), ['fetchTemplateUrl', 'message', 'templateId']);
		const templateId = String(items[0].json.templateId);
		assert.equal(items[0].json.fetchTemplateUrl, `${sandbox.baseUrl}/v1/integration/templates/${templateId}`);
		assert.deepEqual(apiRequests(sandbox)[0].body, { prompt: create.prompt, displayName: 'Packing Slip', fileUrl: 'https://example.com/slip.pdf' });

		const status = await sandbox.run({ resource: 'template', operation: 'get', template: byId(templateId) });
		assert.ok(['PENDING', 'ONGOING'].includes(String(status.items[0].json.status)));
		assert.equal(status.items[0].json.templateHtml, '');

		const variables = await sandbox.run({ resource: 'template', operation: 'getVariables', template: byId(templateId) });
		assert.match(variables.error?.message ?? '', /not fully created/);
		assert.equal((variables.error as { httpCode?: string }).httpCode, '404');
	});

	test('a preview that could not be made leaves an empty URL and no binary, not an error', async () => {
		doneAtOnce();
		sandbox.context.faults.push({ method: 'PREVIEW', pathPrefix: 'No Preview', kind: 'failRender', times: 1 });
		const { items, error } = await sandbox.run({ ...create, displayName: 'No Preview', downloadPreview: true });
		assert.equal(error, undefined, error?.message);
		assert.equal(items[0].json.status, 'SUCCESS');
		assert.equal(items[0].json.pdfPreviewUrl, '');
		assert.equal(items[0].binary, undefined);
		assert.match(String(items[0].json.html), /\{\{#each items\}\}/);
	});

	test('a failed creation\'s record can be read for 24 hours, then the template is not found', async () => {
		doneAtOnce();
		// The node waits for the creation to fail; its error names the template to look up.
		const failed = await sandbox.run({ ...create, prompt: 'Invoice please' });
		const templateId = /templateId ([0-9a-f]{10})\./.exec(String((failed.error as { description?: string })?.description))?.[1];
		assert.ok(templateId, `the error names the template: ${String((failed.error as { description?: string })?.description)}`);
		const get = async () => await sandbox.run({ resource: 'template', operation: 'get', template: byId(templateId) });

		const record = await get();
		assert.equal(record.items[0].json.status, 'FAILED');
		assert.match(String((record.items[0].json.metadata as { errorMessage: string }).errorMessage), /prompt is too short/);

		sandbox.context.settings.clockOffsetMs = 24 * 3600 * 1000 + 60_000;
		try {
			const expired = await get();
			assert.equal(expired.error?.message, `Template "${templateId}" could not be found`);
			assert.equal((expired.error as { httpCode?: string })?.httpCode, '404');
		} finally {
			sandbox.context.settings.clockOffsetMs = 0;
		}
	});

	test('a creation that fails is an error carrying the service\'s errorMessage', async () => {
		doneAtOnce();
		const { error } = await sandbox.run({ ...create, prompt: 'Invoice please' });
		assert.equal(error?.message, 'Creating the template failed: The prompt is too short to design a template from: describe the document and the data it shows.');
	});

	test('the output has the same fields whether the lookup answers the status record or the finished template', async () => {
		doneAtOnce();
		const fromRecord = await sandbox.run(create);
		Object.assign(sandbox.context.settings, { templateFinalizeMs: 0 });
		const fromTemplate = await sandbox.run(create);
		const fields = ['displayName', 'html', 'metadata', 'pdfPreviewUrl', 'status', 'templateId'];
		assert.deepEqual(Object.keys(fromRecord.items[0].json).sort(), fields);
		assert.deepEqual(Object.keys(fromTemplate.items[0].json).sort(), fields);
		assert.match(String(fromRecord.items[0].json.pdfPreviewUrl), /^http:\/\/127\.0\.0\.1:\d+\/files\//);
		assert.equal(fromTemplate.items[0].json.pdfPreviewUrl, '', 'the finished template names no preview any more');
		assert.match(String(fromTemplate.items[0].json.html), /\{\{#each items\}\}/);
	});

	test('with "Simplify" (the default for AI agents) the new template comes without its HTML', async () => {
		doneAtOnce();
		const { items, error } = await sandbox.run({ ...create, simplify: true });
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(Object.keys(items[0].json).sort(), ['displayName', 'metadata', 'pdfPreviewUrl', 'status', 'templateId']);
		assert.equal(items[0].json.displayName, 'Packing Slip');
		assert.equal(items[0].json.status, 'SUCCESS');
	});

	test('a 404 right after the creation was accepted (not in the creation queue yet) is asked again', async () => {
		doneAtOnce();
		sandbox.context.faults.push({ method: 'GET', pathPrefix: '/v1/integration/templates/', kind: 'status', status: 404, body: { message: 'Template could not be found' }, times: 1 });
		const { items, error } = await sandbox.run(create);
		assert.equal(error, undefined, error?.message);
		assert.equal(items[0].json.status, 'SUCCESS');
		const lookups = apiRequests(sandbox).filter((request) => request.method === 'GET');
		assert.equal(lookups.length, 2, 'the 404, then the answer');
	});

	test('a poll interval under the 10 s pdf noodle asks for is refused before sending', async () => {
		const { error } = await sandbox.run({ ...create, pollInterval: 5 });
		assert.equal(error?.message, 'Invalid "Poll Interval (Seconds)": must be a number of at least 10 (pdf noodle asks to be polled no more often)');
		assert.equal(apiRequests(sandbox).length, 0);
	});

	test('a reference file URL that is not a URL is refused before sending', async () => {
		const { error } = await sandbox.run({ ...create, fileUrl: 'old-invoice.pdf' });
		assert.equal(error?.message, 'Invalid "Reference File URL": must be an http:// or https:// URL, not "old-invoice.pdf"');
		assert.equal(apiRequests(sandbox).length, 0);
	});

	test('a reference file from a binary field is uploaded, and its signed URL is the fileUrl of the create body', async () => {
		const reference = await pdfInput(await textPdf('Old packing slip', 1), 'old slip.pdf', 'application/pdf', 'slip');
		const { items, error } = await sandbox.run(
			{ ...create, waitForCompletion: false, referenceFileType: 'binary', referenceBinaryField: 'slip' },
			[reference],
		);
		assert.equal(error, undefined, error?.message);
		assert.match(String(items[0].json.templateId), /^[0-9a-f]{10}$/);

		const sent = sandbox.context.requestLog.map((request) => `${request.method} ${request.path.replace(/\/uploads\/.+/, '/uploads/…')}`);
		assert.deepEqual(sent, ['GET /v1/tools/get-signed-upload-url', 'PUT /uploads/…', 'POST /v1/integration/templates/create']);
		const [slot, upload, createCall] = sandbox.context.requestLog;
		assert.equal(slot.query.fileName, 'old slip.pdf');
		assert.equal(upload.headers['content-type'], 'application/pdf');
		assert.equal(upload.headers.authorization, undefined, 'the upload URL gets no API key');
		const uploaded = sandbox.context.files.get(/\/uploads\/([^?]+)/.exec(upload.path)![1])!;
		assert.ok((await pdfText(uploaded.bytes!)).includes('Old packing slip'));
		const { fileUrl, ...body } = createCall.body as { fileUrl: string };
		assert.deepEqual(body, { prompt: create.prompt, displayName: 'Packing Slip' });
		const signed = new URL(fileUrl);
		assert.equal(signed.pathname, `/files/${uploaded.id}/old%20slip.pdf`, 'the signed get-URL of the uploaded file');
		assert.equal(sandbox.context.files.verify(uploaded.id, signed.searchParams.get('expires'), signed.searchParams.get('signature')), uploaded);
	});

	test('a reference binary that is missing or not a PDF is refused before sending', async () => {
		const missing = await sandbox.run({ ...create, referenceFileType: 'binary' });
		assert.equal(missing.error?.message, 'Invalid "Input Binary Field": the input item has no binary field "data"');
		const text = await pdfInput(Buffer.from('just text'), 'notes.txt', 'text/plain');
		const notPdf = await sandbox.run({ ...create, referenceFileType: 'binary' }, [text]);
		assert.equal(notPdf.error?.message, 'Invalid "Input Binary Field": the binary field "data" is not a PDF (text/plain, notes.txt)');
		assert.equal(sandbox.context.requestLog.length, 0);
	});
});
