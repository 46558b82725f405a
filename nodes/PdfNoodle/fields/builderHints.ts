import type { IBuilderHint, INodeProperties, IParameterBuilderHint } from 'n8n-workflow';

/**
 * What n8n's AI workflow builder reads about the node (`builderHint`, n8n ≥ 2.40): when to pick
 * it instead of an HTTP Request node, and what the two parameters a model gets wrong most need.
 * Plain data: no code of n8n 1.x reads it, so there the node loads and runs as before (the
 * n8n 1.x end-to-end tests run it).
 */
export const NODE_BUILDER_HINT: IBuilderHint = {
	searchHint:
		'Create PDF or PNG documents with pdf noodle (formerly pdforge): render a saved template with JSON data, render HTML or markdown, ' +
		'render many documents in one batch, create templates with AI, and merge, split, compress or set the metadata of PDFs. ' +
		'HTML and markdown come as text or as a file in a binary field (an HTML or markdown file, or a ZIP of a site, e.g. from Google Drive, S3, ' +
		'an email or an HTTP Request node), its local images and stylesheets put into the document. ' +
		'Use it instead of an HTTP Request node for the pdf noodle API: it waits for long renders and returns the files as binary data ' +
		'(or signed URLs), ready for email or storage nodes. Render From HTML needs no template; Render From Template needs a template ID ' +
		'from Template → Get Many and data shaped like Template → Get Variables.',
	relatedNodes: [
		{ nodeType: 'n8n-nodes-pdf-noodle.pdfNoodleTrigger', relationHint: 'Starts a workflow when an asynchronous render or a batch finishes' },
		{ nodeType: 'n8n-nodes-base.gmail', relationHint: 'Sends the rendered PDF (binary field "data") as an attachment' },
		{ nodeType: 'n8n-nodes-base.googleDrive', relationHint: 'Stores the rendered PDF (binary field "data")' },
	],
};

/** Per parameter name: what a workflow builder should put there. */
const PARAMETER_HINTS: Record<string, IParameterBuilderHint> = {
	template: {
		propertyHint:
			'The ID of a pdf noodle template, as Template → Get Many lists them (never a name or a URL). Its variables, from Template → Get Variables, are the keys the data must have.',
	},
	data: {
		propertyHint:
			'A JSON object whose keys are the template\'s variables (Template → Get Variables), with nested objects and lists as the template expects.',
	},
	htmlSource: {
		propertyHint:
			'"text" (the default): the HTML is the "html" (or, in a batch, "documentHtml") parameter. "file": the HTML file, or a ZIP with index.html and its images and stylesheets, ' +
			'is the input item\'s binary field named by "htmlBinaryField" (default "data"), e.g. the output of Google Drive Download, an email trigger or an HTTP Request node; ' +
			'files the page names are taken from the ZIP or from the item\'s other binary fields by file name.',
	},
	markdownSource: {
		propertyHint:
			'"text" (the default): the markdown is the "markdown" parameter. "file": the markdown file, or a ZIP with index.md and its images, is the input item\'s binary field ' +
			'named by "markdownBinaryField" (default "data"); images it names are taken from the ZIP or from the item\'s other binary fields by file name.',
	},
	documentData: {
		propertyHint: 'A JSON object per input item whose keys are the template\'s variables (Template → Get Variables), often the whole item.',
	},
};

/** The node's parameters with the builder's hint on those named above. */
export function withBuilderHints(properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => (PARAMETER_HINTS[property.name] ? { ...property, builderHint: PARAMETER_HINTS[property.name] } : property));
}
