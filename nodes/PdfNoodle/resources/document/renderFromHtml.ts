import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { requireText } from '../../shared/validation';
import { renderOutput } from './output';

const show = { resource: ['document'], operation: ['renderFromHtml'] };

export const renderFromHtmlOperation: INodePropertyOptions = {
	name: 'Render From HTML',
	value: 'renderFromHtml',
	action: 'Render a document from HTML',
	description: 'Render your own HTML to a PDF',
	routing: {
		request: { method: 'POST', url: '/v1/html-to-pdf/sync' },
		send: { preSend: [buildRenderFromHtmlBody] },
		output: { postReceive: renderOutput },
	},
};

export const renderFromHtmlFields: INodeProperties[] = [
	{
		displayName: 'HTML',
		name: 'html',
		type: 'string',
		typeOptions: { editor: 'htmlEditor' },
		required: true,
		default: '',
		displayOptions: { show },
		description: 'The complete HTML document to render',
	},
];

async function buildRenderFromHtmlBody(
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const html = requireText(this, 'HTML', this.getNodeParameter('html'));
	return { ...request, body: { html } };
}
