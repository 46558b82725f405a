/**
 * The node as a tool of n8n's MCP Server Trigger in a real n8n, called by a real MCP client
 * (`@modelcontextprotocol/sdk`, streamable HTTP at `/mcp/<path>`). n8n calls the tool node
 * type's `execute` here: every operation, Batch included, must run the package's own way (before
 * the node had an `execute`, a Batch went out as `GET /` and came back as a success, and a 429
 * came back at once).
 * n8n 1.x has no MCP Server Trigger v2 (streamable HTTP): skipped there.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from '@jest/globals';

import axios from 'axios';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { waitFor } from '../support/processes';
import { apiRequests } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';
import { example, sandboxCredential } from './examples';
import { N8N_MAJOR, N8n } from './n8n';
import { describeOnN8n2 } from './versions';
import { GET_TEMPLATE, LETTER_DATA, LIST_TEMPLATES, MARKDOWN_TO_PDF, RENDER_BATCH, RENDER_DOCUMENT } from './toolNodes';

/** The example workflow served here, and the tools it attaches to its MCP Server Trigger. */
const WORKFLOW = example('mcp-pdf-tools');
const MCP_PATH = 'pdf-noodle-tools';
const TOOLS = [LIST_TEMPLATES, GET_TEMPLATE, RENDER_DOCUMENT, RENDER_BATCH, MARKDOWN_TO_PDF];

const sandbox = useSandbox();
let n8n: N8n;
let client: Client;


beforeAll(async () => {
	if (N8N_MAJOR < 2) return;
	n8n = new N8n();
	await n8n.installThisPackage();
	await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl)]);
	await n8n.importWorkflow(WORKFLOW);
	await n8n.activateWorkflow(WORKFLOW.id);
	const baseUrl = await n8n.start();
	// n8n answers its readiness check before it has registered the webhooks of active workflows.
	const url = `${baseUrl}/mcp/${MCP_PATH}`;
	// A DELETE without a session is refused by the MCP server once it is there (a GET would open a stream).
	const registered = async () => !JSON.stringify((await axios.delete(url, { validateStatus: () => true })).data).includes('is not registered');
	await waitFor('the MCP endpoint', async () => ((await registered()) ? true : undefined), 60_000);
	client = new Client({ name: 'pdf-noodle-e2e', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url)));
});

afterAll(async () => {
	await client?.close();
	await n8n?.dispose();
});

const requestLines = () => apiRequests(sandbox).map((request) => `${request.method} ${request.path}`);

interface ToolResult {
	isError?: boolean;
	content: Array<{ type: string; text?: string }>;
}

/** Calls a tool and returns what the client got: whether it is an error, and its text. */
async function call(name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> {
	const result = (await client.callTool({ name, arguments: args })) as ToolResult;
	const text = result.content.map((part) => part.text ?? '').join('');
	return { isError: result.isError === true, text };
}

/** The JSON a tool answered with, parsed: n8n gives the client the tool node's output items. */
function answerOf(result: { isError: boolean; text: string }): any[] {
	assert.equal(result.isError, false, result.text);
	return JSON.parse(result.text);
}

describeOnN8n2('PDF Noodle tools over MCP', () => {
	test('the example attaches the tools this file expects, set up as the tool catalogue says', () => {
		assert.equal(WORKFLOW.nodes.find((node: { type: string }) => node.type === '@n8n/n8n-nodes-langchain.mcpTrigger').parameters.path, MCP_PATH);
		const toolNodes = WORKFLOW.nodes.filter((node: { type: string }) => node.type === 'n8n-nodes-pdf-noodle.pdfNoodleTool');
		assert.deepEqual(toolNodes.map((node: { name: string; parameters: unknown }) => [node.name, node.parameters]), TOOLS.map((tool) => [tool.name, tool.parameters]));
	});

	test('the client lists each tool with a description and an input schema a model can fill', async () => {
		const { tools } = await client.listTools();
		const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
		assert.deepEqual(Object.keys(byName).sort(), TOOLS.map((tool) => tool.toolName).sort());
		for (const tool of TOOLS) {
			assert.equal(byName[tool.toolName].description, tool.description);
			const schema = byName[tool.toolName].inputSchema as { properties?: Record<string, { type?: string; description?: string }>; required?: string[] };
			const properties = schema.properties ?? {};
			// Only what the model fills in: the $fromAI keys, none of the node's own parameter names.
			assert.deepEqual(Object.keys(properties).sort(), Object.keys(tool.inputs).sort(), tool.toolName);
			assert.deepEqual([...(schema.required ?? [])].sort(), Object.keys(tool.inputs).sort(), tool.toolName);
			for (const [key, property] of Object.entries(properties)) {
				assert.deepEqual({ type: property.type, description: property.description }, tool.inputs[key], `${tool.toolName}.${key}`);
			}
		}
	});

	test('a render: the service gets the template and data, the client a signed URL and metadata, no file', async () => {
		const answer = answerOf(await call('Render_document', { templateId: 'letter', data: JSON.stringify(LETTER_DATA) }));
		// The data is checked against the template's variables first (a tool refuses what does not fit).
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/letter/variables', 'POST /v1/pdf/sync']);
		assert.deepEqual(apiRequests(sandbox)[1].body, { templateId: 'letter', data: LETTER_DATA });
		assert.equal(answer.length, 1);
		assert.deepEqual(Object.keys(answer[0]).sort(), ['metadata', 'renderStatus', 'requestId', 'signedUrl']);
		assert.equal(answer[0].renderStatus, 'SUCCESS');
		assert.match(answer[0].signedUrl, new RegExp(`^${sandbox.baseUrl}/files/.+\\.pdf\\?`));
		assert.match(answer[0].metadata.fileSize, /kB$/);
	});

	test('a template lookup: the template\'s name and variables, without its HTML', async () => {
		const answer = answerOf(await call('Get_template', { templateId: 'invoice' }));
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/invoice', 'GET /v1/integration/templates/invoice/variables']);
		assert.equal(answer[0].id, 'invoice');
		assert.equal(answer[0].displayName, 'Invoice');
		assert.deepEqual(Object.keys(answer[0]).sort(), ['displayName', 'id', 'variables']);
		assert.equal(answer[0].variables.customer.name, 'your name here');
	});

	test('a Batch render: the service gets the batch, the client every document of it', async () => {
		const entries = [{ html: '<h1>One</h1>' }, { html: '<h1>Two</h1>' }];
		const result = await call('Render_batch', { entries: JSON.stringify(entries) });
		assert.ok(!result.text.includes('Cannot GET'), result.text);
		const answer = answerOf(result);
		assert.deepEqual(requestLines(), ['POST /v1/html-to-pdf/batch']);
		assert.deepEqual((apiRequests(sandbox)[0].body as { items: unknown }).items, entries);
		assert.deepEqual(answer.map((document) => [document.entryNumber, document.renderStatus, document.batchStatus]), [[1, 'SUCCESS', 'SUCCESS'], [2, 'SUCCESS', 'SUCCESS']]);
		for (const document of answer) assert.match(document.signedUrl, new RegExp(`^${sandbox.baseUrl}/files/`));
	});

	test('a render answered 429 once is sent again after its Retry-After, and the client gets the document', async () => {
		sandbox.context.faults.push({ method: 'POST', pathPrefix: '/v1/pdf/sync', kind: 'status', status: 429, headers: { 'Retry-After': '1' }, times: 1 });
		const answer = answerOf(await call('Render_document', { templateId: 'letter', data: JSON.stringify(LETTER_DATA) }));
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/letter/variables', 'POST /v1/pdf/sync', 'POST /v1/pdf/sync']);
		assert.match(answer[0].signedUrl, new RegExp(`^${sandbox.baseUrl}/files/`));
	});

	test('an unknown template comes back as an error the model can read', async () => {
		const result = await call('Render_document', { templateId: 'no-such-template', data: '{}' });
		assert.equal(result.isError, true, result.text);
		// n8n puts the error class before the message.
		assert.match(result.text, /^(NodeApiError: |NodeOperationError: )?Template "no-such-template" could not be found\. Check the template ID: Template → Get Many lists the templates/);
		assert.deepEqual(requestLines(), ['GET /v1/integration/templates/no-such-template/variables']);
	});
});
