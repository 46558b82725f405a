/**
 * `npm run bench:tools`: what calling the node as a tool costs a model, measured where a model
 * sees it. A real n8n (the pinned 2.x of the end-to-end tests, the packed package) serves one
 * PDF Noodle tool per operation through its MCP Server Trigger, each set as the operation's
 * example (toolSurfaceTools.ts); an MCP client lists them and calls each once against the
 * sandbox. Reported: the characters of each tool's answer, and tokens by the usual estimate for
 * English and JSON (4 characters a token), beside the answer the same operation gives with the
 * node's workflow defaults where an agent's default differs (Simplify on); each tool's
 * description as the model reads it, with its size; and the size of the tool list a model is
 * handed (names, descriptions, input schemas). Writes bench/TOOLS.md. Measurements, not tests:
 * nothing is asserted.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import axios from 'axios';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { EXAMPLE_CREDENTIAL_ID, sandboxCredential } from '../test/e2e/examples';
import { N8N_VERSION, N8n } from '../test/e2e/n8n';
import { toolNodeJson } from '../test/e2e/toolNodes';
import { sandboxWorld } from '../test/support/operationExamples';
import { waitFor } from '../test/support/processes';
import { startSandbox } from '../test/sandbox/server';
import { type Measured, measuredTools } from './toolSurfaceTools';

const CHARACTERS_PER_TOKEN = 4;
const MCP_PATH = 'pdf-noodle-bench-tools';

interface ToolSpec {
	name: string;
	parameters: Record<string, unknown>;
}

function toolSpecs(measured: Measured[]): { ours: ToolSpec[]; baselines: Map<number, ToolSpec> } {
	const ours = measured.map((entry, index) => ({ name: `tool ${index}`, parameters: entry.parameters }));
	const baselines = new Map<number, ToolSpec>();
	measured.forEach((entry, index) => {
		if (entry.workflowDefaults) baselines.set(index, { name: `baseline ${index}`, parameters: { ...entry.parameters, ...entry.workflowDefaults } });
	});
	return { ours, baselines };
}

function mcpWorkflow(tools: ToolSpec[]): unknown {
	const trigger = 'MCP Server Trigger';
	return {
		id: 'pdfNoodleBenchTools',
		name: 'PDF Noodle: bench of the tool surface',
		active: false,
		nodes: [
			{ id: 'mcp', name: trigger, type: '@n8n/n8n-nodes-langchain.mcpTrigger', typeVersion: 2, position: [0, 0], webhookId: 'c0ffee00-0000-4000-8000-0000000b3c40', parameters: { path: MCP_PATH, authentication: 'none' } },
			...tools.map((tool, index) => toolNodeJson(tool, index, EXAMPLE_CREDENTIAL_ID)),
		],
		connections: Object.fromEntries(tools.map((tool) => [tool.name, { ai_tool: [[{ node: trigger, type: 'ai_tool', index: 0 }]] }])),
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

const toolNameOf = (nodeName: string) => nodeName.replace(/[^a-zA-Z0-9_-]+/g, '_');
const tokens = (characters: number) => Math.round(characters / CHARACTERS_PER_TOKEN);

async function main(): Promise<void> {
	const sandbox = await startSandbox({ port: 0, testControls: true, apiKey: 'bench-key' });
	// Creations done at the node's first look: the bench measures answers, not waiting.
	Object.assign(sandbox.context.settings, { templateCreationMs: 0, templateFinalizeMs: 0 });
	const n8n = new N8n();
	let client: Client | undefined;
	try {
		const measured = measuredTools(await sandboxWorld(sandbox));
		const { ours, baselines } = toolSpecs(measured);
		await n8n.installThisPackage();
		await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl)]);
		const workflow = mcpWorkflow([...ours, ...baselines.values()]) as { id: string };
		await n8n.importWorkflow(workflow);
		await n8n.activateWorkflow(workflow.id);
		const url = `${await n8n.start()}/mcp/${MCP_PATH}`;
		const registered = async () => !JSON.stringify((await axios.delete(url, { validateStatus: () => true })).data).includes('is not registered');
		await waitFor('the MCP endpoint', async () => ((await registered()) ? true : undefined), 60_000);
		client = new Client({ name: 'pdf-noodle-bench', version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(new URL(url)));

		const answerLength = async (tool: ToolSpec) => {
			const result = (await client!.callTool({ name: toolNameOf(tool.name), arguments: {} })) as { isError?: boolean; content: Array<{ text?: string }> };
			const text = result.content.map((part) => part.text ?? '').join('');
			if (result.isError) throw new Error(`${tool.name} failed: ${text}`);
			return text.length;
		};
		const { tools } = await client.listTools();
		const listed = tools.filter((tool) => tool.name.startsWith('tool_'));
		// What a model reads about a tool before calling it: n8n's "<action> in PDF Noodle".
		const descriptionOf = (tool: ToolSpec) => listed.find((entry) => entry.name === toolNameOf(tool.name))?.description ?? '';
		const rows: string[] = [];
		for (const [index, entry] of measured.entries()) {
			const characters = await answerLength(ours[index]);
			const baseline = baselines.get(index);
			const baselineCharacters = baseline ? await answerLength(baseline) : undefined;
			const description = descriptionOf(ours[index]);
			rows.push(
				`| ${entry.operation} | ${description} (${description.length}) | ${characters} | ${tokens(characters)} | ${baselineCharacters === undefined ? '—' : `${baselineCharacters} (${(characters / baselineCharacters).toFixed(2)} ×)`} |`,
			);
		}
		const descriptionCharacters = listed.reduce((sum, tool) => sum + (tool.description ?? '').length, 0);
		const listCharacters = JSON.stringify(listed.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }))).length;

		const markdown = [
			'# What a tool call costs a model',
			'',
			`${new Date().toISOString()} · n8n ${N8N_VERSION} · MCP Server Trigger v2 · one PDF Noodle tool per operation, each called once against the sandbox · tokens estimated as characters / ${CHARACTERS_PER_TOKEN}`,
			'',
			'| operation (the tool\'s defaults) | description the model reads (characters) | answer (characters) | ≈ tokens | with the workflow defaults (characters, ours ×) |',
			'|---|---|---|---|---|',
			...rows,
			'',
			`Tool list a model is handed for these ${listed.length} tools: ${listCharacters} characters (≈ ${tokens(listCharacters)} tokens), of which descriptions ${descriptionCharacters} (${Math.round(descriptionCharacters / listed.length)} per tool); inputs set with \`$fromAI()\` add their own names, types and descriptions.`,
			'',
		].join('\n');
		console.log(markdown);
		writeFileSync(join(__dirname, 'TOOLS.md'), markdown);
		console.log('bench: written to bench/TOOLS.md');
	} finally {
		await client?.close();
		await n8n.dispose();
		await sandbox.close();
	}
}

main().catch((error: Error) => {
	console.error(`bench: ${error.stack ?? error.message}`);
	process.exit(1);
});
