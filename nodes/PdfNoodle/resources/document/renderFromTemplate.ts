import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { requireJsonObject, requireText } from '../../shared/validation';
import { renderOutput } from './output';

const show = { resource: ['document'], operation: ['renderFromTemplate'] };

export const renderFromTemplateOperation: INodePropertyOptions = {
	name: 'Render From Template',
	value: 'renderFromTemplate',
	action: 'Render a document from a template',
	description: 'Fill a stored template with data and render it to a PDF',
	routing: {
		request: { method: 'POST', url: '/v1/pdf/sync' },
		send: { preSend: [buildRenderFromTemplateBody] },
		output: { postReceive: renderOutput },
	},
};

export const renderFromTemplateFields: INodeProperties[] = [
	{
		displayName: 'Template ID',
		name: 'templateId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. invoice',
		displayOptions: { show },
		description: 'ID of the template to render, as shown in the templates list of pdf noodle',
	},
	{
		displayName: 'Data',
		name: 'data',
		type: 'json',
		required: true,
		default: '{}',
		displayOptions: { show },
		description:
			'The values for the template\'s variables as a JSON object, e.g. {"invoice_number": "1042"}',
	},
];

async function buildRenderFromTemplateBody(
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const templateId = requireText(this, 'Template ID', this.getNodeParameter('templateId')).trim();
	const data = requireJsonObject(this, 'Data', this.getNodeParameter('data'));
	return { ...request, body: { templateId, data } };
}
