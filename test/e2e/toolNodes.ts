/**
 * PDF Noodle tool nodes (`pdfNoodleTool`, the variant n8n makes of a node that is usable as a
 * tool) as a user sets them up for a model: the inputs the model chooses are `$fromAI()`
 * expressions, everything else is fixed in the node. The MCP and AI Agent workflows attach them.
 */

/** What the model fills in, by key: its JSON Schema type and description. */
export type Input = { type: 'string' | 'number'; description: string };

export interface ToolNode {
	/** The node's name on the canvas. */
	name: string;
	/** The name a model or MCP client sees (n8n's nodeNameToToolName of the node's name). */
	toolName: string;
	/** n8n's automatic tool description: the operation's action text and "in PDF Noodle". */
	description: string;
	parameters: Record<string, unknown>;
	inputs: Record<string, Input>;
}

/** The expression that asks the model for `key`, as n8n's `$fromAI()` takes it. */
function fromAI(inputs: Record<string, Input>, key: string): string {
	return `={{ $fromAI(${JSON.stringify(key)}, ${JSON.stringify(inputs[key].description)}, ${JSON.stringify(inputs[key].type)}) }}`;
}

function toolNode(name: string, description: string, inputs: Record<string, Input>, parameters: (ai: (key: string) => string) => Record<string, unknown>): ToolNode {
	return { name, toolName: name.replace(/[^a-zA-Z0-9_-]+/g, '_'), description, inputs, parameters: parameters((key) => fromAI(inputs, key)) };
}

const templateId: Input = { type: 'string', description: 'The ID of the pdf noodle template' };
const data: Input = { type: 'string', description: 'The values of the template variables, as a JSON object in text, e.g. {"name": "Ada"}' };

/**
 * Data with every variable of the sandbox's "letter" template: as a tool, Render From Template
 * refuses data that lacks one (Check Data Against Template defaults to Refuse for a model).
 */
export const LETTER_DATA = {
	sender: { name: 'Acme Supplies Ltd.', address: '1 Main Street, Springfield' },
	date: '1 May 2026',
	recipient: { name: 'Ada Lovelace' },
	body_html: '<p>Thank you for your order.</p>',
	closing: 'Kind regards',
};

export const RENDER_DOCUMENT = toolNode('Render document', 'Render a template with data to PDF or PNG in PDF Noodle', { templateId, data }, (ai) => ({
	resource: 'document',
	operation: 'renderFromTemplate',
	template: { __rl: true, mode: 'id', value: ai('templateId') },
	data: ai('data'),
}));

export const GET_TEMPLATE = toolNode('Get template', 'Get a template by ID in PDF Noodle', { templateId }, (ai) => ({
	resource: 'template',
	operation: 'get',
	template: { __rl: true, mode: 'id', value: ai('templateId') },
}));

export const LIST_TEMPLATES = toolNode('List templates', 'Get many templates in PDF Noodle', {}, () => ({ resource: 'template', operation: 'getMany' }));

export const GET_VARIABLES = toolNode('Get variables', 'Get the data keys a template expects in PDF Noodle', { templateId }, (ai) => ({
	resource: 'template',
	operation: 'getVariables',
	template: { __rl: true, mode: 'id', value: ai('templateId') },
}));

const html: Input = { type: 'string', description: 'The HTML of the page to print' };
const scale: Input = { type: 'number', description: 'Zoom of the page content' };
export const RENDER_HTML = toolNode('Render HTML', 'Render HTML to PDF or PNG in PDF Noodle', { html, scale }, (ai) => ({
	resource: 'document',
	operation: 'renderFromHtml',
	html: ai('html'),
	printSettings: { scale: ai('scale') },
}));

const markdown: Input = { type: 'string', description: 'The markdown text to turn into a PDF' };
export const MARKDOWN_TO_PDF = toolNode('Markdown to PDF', 'Convert markdown text to a PDF in PDF Noodle', { markdown }, (ai) => ({
	resource: 'pdfTool',
	operation: 'markdownToPdf',
	markdown: ai('markdown'),
}));

const entries: Input = { type: 'string', description: 'The documents to render, as a JSON list of objects like {"html": "<h1>Title</h1>"}' };
export const RENDER_BATCH = toolNode('Render batch', 'Render up to 20 HTML documents as one batch in PDF Noodle', { entries }, (ai) => ({
	resource: 'batch',
	operation: 'renderHtml',
	batchSource: 'list',
	entries: ai('entries'),
}));

/** A tool node of `tool` as it stands in a workflow, attached with the sandbox's credential. */
export function toolNodeJson(tool: Pick<ToolNode, 'name' | 'parameters'>, index: number, credentialId: string) {
	return {
		id: `tool-${index}`,
		name: tool.name,
		type: 'n8n-nodes-pdf-noodle.pdfNoodleTool',
		typeVersion: 1,
		position: [index * 200, 300],
		parameters: tool.parameters,
		credentials: { pdfNoodleApi: { id: credentialId, name: 'PDF Noodle account' } },
	};
}
