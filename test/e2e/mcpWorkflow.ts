/**
 * A workflow serving PDF Noodle tools over MCP: n8n's MCP Server Trigger (v2, streamable HTTP)
 * with PDF Noodle tools attached, their inputs left to the model through `$fromAI()`.
 */
import { GET_TEMPLATE, RENDER_BATCH, RENDER_DOCUMENT, toolNodeJson } from './toolNodes';

export const MCP_PATH = 'pdf-noodle-tools';

export const TOOLS = [RENDER_DOCUMENT, GET_TEMPLATE, RENDER_BATCH];

export function mcpWorkflow(credentialId: string): any {
	const trigger = 'MCP Server Trigger';
	return {
		id: 'pdfNoodleMcpTools',
		name: 'PDF Noodle: tools over MCP',
		active: false,
		nodes: [
			{
				id: 'mcp',
				name: trigger,
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2,
				position: [0, 0],
				webhookId: 'c0ffee00-0000-4000-8000-000000000032',
				parameters: { path: MCP_PATH, authentication: 'none' },
			},
			...TOOLS.map((tool, index) => toolNodeJson(tool, index, credentialId)),
		],
		connections: Object.fromEntries(TOOLS.map((tool) => [tool.name, { ai_tool: [[{ node: trigger, type: 'ai_tool', index: 0 }]] }])),
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}
