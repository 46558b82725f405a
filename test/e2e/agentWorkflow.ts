/**
 * A workflow with n8n's AI Agent and PDF Noodle tools: a Webhook starts it with the prompt, the
 * agent talks to an OpenAI Chat Model whose credential points at the test's scripted model, and
 * the webhook answers with the agent's last output.
 */
import { type ScriptedTurn, toolResultsIn } from '../support/scriptedModel';
import { example } from './examples';
import { type ToolNode, toolNodeJson } from './toolNodes';

/** The id of the OpenAI credential the example agent workflow names too. */
export const OPENAI_CREDENTIAL_ID = 'openAiAccount';

/** n8n's OpenAI credential with its Base URL on the scripted model. */
export function openAiCredential(baseUrl: string) {
	return { id: OPENAI_CREDENTIAL_ID, name: 'Scripted model', type: 'openAiApi', data: { apiKey: 'sk-scripted', url: baseUrl } };
}

/** n8n's SMTP credential for the test's mail server (no TLS, no login), by the id the example names. */
export function smtpCredential(port: number) {
	return { id: 'smtpAccount', name: 'SMTP account', type: 'smtp', data: { user: '', password: '', host: '127.0.0.1', port, secure: false, disableStartTls: true } };
}

/** The example of an agent that renders a document and emails its link (AI Agent 3.1: n8n 2.x). */
export const AGENT_EXAMPLE = example('agent-render-and-send');
/** Where its Chat Trigger takes messages (n8n's production URL: /webhook/<this>). */
export const AGENT_EXAMPLE_CHAT_PATH = `${AGENT_EXAMPLE.nodes.find((node: { type: string }) => node.type === '@n8n/n8n-nodes-langchain.chatTrigger').webhookId}/chat`;

/** The first output item of a tool's answer (n8n hands the model a tool's output items as JSON text). */
export function firstItemOf(text: string): any {
	try {
		return [JSON.parse(text)].flat()[0];
	} catch {
		throw new Error(`The tool's answer is not JSON: ${text}`);
	}
}

/**
 * What a model does with the example for "an invoice for <customer> to <email>": lists the
 * templates, reads the invoice's variables, renders it with the customer, emails the link, and
 * answers with it.
 */
export function renderAndSendTurns(customer: string, email: string, invoiceNumber: string): ScriptedTurn[] {
	return [
		{ toolCalls: [{ name: 'List_templates', arguments: {} }] },
		{ toolCalls: [{ name: 'Get_variables', arguments: { templateId: 'invoice' } }] },
		(call) => {
			const variables = firstItemOf(toolResultsIn(call)[1]);
			const data = { ...variables, invoice_number: invoiceNumber, customer: { name: customer, email } };
			return { toolCalls: [{ name: 'Render_document', arguments: { templateId: 'invoice', data: JSON.stringify(data) } }] };
		},
		(call) => {
			const { signedUrl } = firstItemOf(toolResultsIn(call)[2]);
			return { toolCalls: [{ name: 'Send_email', arguments: { to: email, subject: `Invoice ${invoiceNumber}`, text: `Your invoice: ${signedUrl}` } }] };
		},
		(call) => ({ answer: `Sent: ${firstItemOf(toolResultsIn(call)[2]).signedUrl}` }),
	];
}

/** An AI Agent of `agentVersion` (2.2 calls a tool node's execute, 3.x hands it to the engine) with `tools`. */
export function agentWorkflow(options: { id: string; path: string; agentVersion: number; tools: ToolNode[]; credentialId: string }): any {
	const agent = 'AI Agent';
	return {
		id: options.id,
		name: `PDF Noodle: AI Agent ${options.agentVersion}`,
		active: false,
		nodes: [
			{
				id: 'webhook',
				name: 'Prompt',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: `a9e70000-0000-4000-8000-${options.path.replace(/\D/g, '').padStart(12, '0').slice(-12)}`,
				parameters: { httpMethod: 'POST', path: options.path, responseMode: 'lastNode', options: {} },
			},
			{
				id: 'agent',
				name: agent,
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: options.agentVersion,
				position: [300, 0],
				parameters: { promptType: 'define', text: '={{ $json.body.prompt }}', options: {} },
			},
			{
				id: 'model',
				name: 'OpenAI Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.2,
				position: [200, 300],
				parameters: { model: { __rl: true, mode: 'id', value: 'gpt-4o-mini' }, options: {} },
				credentials: { openAiApi: { id: OPENAI_CREDENTIAL_ID, name: 'Scripted model' } },
			},
			...options.tools.map((tool, index) => toolNodeJson(tool, index + 2, options.credentialId)),
		],
		connections: {
			Prompt: { main: [[{ node: agent, type: 'main', index: 0 }]] },
			'OpenAI Chat Model': { ai_languageModel: [[{ node: agent, type: 'ai_languageModel', index: 0 }]] },
			...Object.fromEntries(options.tools.map((tool) => [tool.name, { ai_tool: [[{ node: agent, type: 'ai_tool', index: 0 }]] }])),
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}
