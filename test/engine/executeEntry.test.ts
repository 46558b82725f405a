/**
 * The node run through `execute`, its one entry, as n8n's MCP Server Trigger and AI Agent 2.x
 * run a tool: a node type with the PDF Noodle node's description, `execute` and editor methods
 * and nothing else. Before the node had `execute`, n8n fell back to its declarative routing
 * engine there: a Batch render sent `GET /` and a 429 was not retried.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import type { INodeType } from 'n8n-workflow';

import { PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';
import type { Fault } from '../sandbox/faults';
import { binaryBytes } from '../harness/engine';
import { pdfText } from '../support/pdf';
import { apiRequests } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ textRender: true });

const EXECUTE_ONLY = 'test.pdfNoodleExecuteOnly';

/** The node as a tool call reaches it: its description and its `execute`, nothing else. */
function executeOnly(): INodeType {
	const node = new PdfNoodle();
	return { description: node.description, execute: node.execute, methods: node.methods };
}

async function runThroughExecute(parameters: Record<string, unknown>, input = [{ json: {} }]) {
	return await sandbox.run(parameters, input, undefined, { type: EXECUTE_ONLY, extraNodeTypes: { [EXECUTE_ONLY]: executeOnly() } });
}

const requestLine = () => apiRequests(sandbox).map((request) => `${request.method} ${request.path.replace(/\/[\w-]{20,}$/, '/<id>')}`);

describe('the node run through execute', () => {
	test('Batch → Render Templates sends the batch to pdf noodle and gives each document on its item', async () => {
		const { items, error } = await runThroughExecute(
			{ resource: 'batch', operation: 'renderTemplates', batchSource: 'inputItems', template: { __rl: true, mode: 'id', value: 'letter' }, documentData: '={{ JSON.stringify({ recipient: { name: $json.name } }) }}' },
			[{ json: { name: 'Ada Lovelace' } }, { json: { name: 'Grace Hopper' } }],
		);
		assert.equal(error, undefined, error?.message);
		// One lookup of the letter's variables for both documents (Check Data Against Template), then the batch.
		assert.deepEqual(requestLine(), ['GET /v1/integration/templates/letter/variables', 'POST /v1/pdf/batch']);
		assert.equal(items.length, 2);
		assert.ok((await pdfText(await binaryBytes(items[1].binary?.data))).includes('Grace Hopper'));
	});

	test('a render answered 429 once is sent again after its Retry-After and succeeds', async () => {
		sandbox.context.faults.push({ method: 'POST', pathPrefix: '/v1/html-to-pdf/sync', kind: 'status', status: 429, headers: { 'Retry-After': '1' }, times: 1 } as Fault);
		const { items, error } = await runThroughExecute({ resource: 'document', operation: 'renderFromHtml', html: '<p>Retried</p>' });
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(requestLine(), ['POST /v1/html-to-pdf/sync', 'POST /v1/html-to-pdf/sync']);
		assert.equal(items[0].json.renderStatus, 'SUCCESS');
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data))).includes('Retried'));
	});

	test('Template → Get Many lists the templates', async () => {
		const { items, error } = await runThroughExecute({ resource: 'template', operation: 'getMany', returnAll: true });
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(requestLine(), ['GET /v1/integration/templates']);
		assert.ok(items.some((item) => item.json.id === 'letter'));
	});
});

describe('the node as a tool: an error\'s message carries what to do next', () => {
	// n8n names the tool variant of a node after it with "Tool" at the end, and hands a model
	// only the message of a tool's error.
	const AS_TOOL = 'test.pdfNoodleTool';
	const missingTemplate = { resource: 'document', operation: 'renderFromTemplate', template: { __rl: true, mode: 'id', value: 'no-such-template' }, data: '{}' };

	test('a missing template names the template and the operation that lists the IDs', async () => {
		const { error } = await sandbox.run(missingTemplate, undefined, undefined, { type: AS_TOOL, extraNodeTypes: { [AS_TOOL]: new PdfNoodle() } });
		assert.match(String(error?.message), /^Template "no-such-template" could not be found\. Check the template ID: Template → Get Many lists the templates of the account/);
	});

	test('a render past the wait bound names the request and Get Status', async () => {
		// The prepared PDF, not Chromium: the render is never read, and it ends after the test.
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 8000, fixedRender: true });
		const { error } = await sandbox.run({ resource: 'document', operation: 'renderFromHtml', html: '<p>Slow</p>', waitTimeout: 1 }, undefined, undefined, { type: AS_TOOL, extraNodeTypes: { [AS_TOOL]: new PdfNoodle() } });
		assert.match(String(error?.message), /^Timed out after waiting 1 s for the render to finish \(requestId ([\w-]+), last state ONGOING\)\. It may still finish: look it up later with "Get Status"\. requestId: \1/);
	});

	test('in a workflow the message stays short and the next step is the description', async () => {
		const { error } = await sandbox.run(missingTemplate, undefined, undefined, { type: EXECUTE_ONLY, extraNodeTypes: { [EXECUTE_ONLY]: executeOnly() } });
		assert.equal(error?.message, 'Template "no-such-template" could not be found');
		assert.match(String(error?.description), /^Check the template ID: Template → Get Many/);
	});
});
