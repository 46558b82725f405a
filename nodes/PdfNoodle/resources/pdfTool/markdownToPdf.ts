import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { printSettingsBody, printSettingsFields } from '../../shared/printSettings';
import { requireBodyWithinLimit, requireText } from '../../shared/validation';
import { showFor, toolOptionsBody, toolOptionsField } from './common';
import { toolOutput } from './output';

const OPERATION = 'markdownToPdf';
const show = showFor(OPERATION);

export const markdownToPdfOperation: INodePropertyOptions = {
	name: 'Markdown to PDF',
	value: OPERATION,
	action: 'Convert markdown to PDF',
	description: 'Turn markdown (headings, tables, code, images, ...) into a styled PDF',
	routing: {
		request: { method: 'POST', url: '/v1/tools/convert-markdown-to-pdf' },
		send: { preSend: [buildBody] },
		output: { postReceive: toolOutput },
	},
};

export const markdownToPdfFields: INodeProperties[] = [
	{
		displayName: 'Markdown',
		name: 'markdown',
		type: 'string',
		typeOptions: { rows: 10 },
		required: true,
		default: '',
		placeholder: '# Title\n\nSome **bold** text and a table...',
		displayOptions: { show },
	},
	{
		displayName: 'Custom CSS',
		name: 'customCss',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		placeholder: 'e.g. h1 { color: #1c3d5a; }',
		displayOptions: { show },
		description: 'CSS added to the default styles',
	},
	printSettingsFields('pdfOptions', 'PDF Options', show, 'pdfOptions'),
	toolOptionsField(show, 'Name of the output PDF; must end in .pdf. A random name when empty.'),
];

async function buildBody(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body: IDataObject = { markdown: requireText(this, 'Markdown', this.getNodeParameter('markdown')) };
	const customCss = String(this.getNodeParameter('customCss', '') ?? '');
	if (customCss.trim() !== '') body.customCss = customCss;
	const pdfOptions = printSettingsBody(this, 'pdfOptions', 'PDF Options');
	if (pdfOptions) body.pdfOptions = pdfOptions;
	Object.assign(body, toolOptionsBody(this));
	requireBodyWithinLimit(this, 'Markdown', body);
	return { ...request, body };
}
