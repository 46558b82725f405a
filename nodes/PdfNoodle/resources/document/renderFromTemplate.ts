import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { renderOptionsBody, renderOptionsField } from '../../shared/renderOptions';
import { templateIdOf, templateLocatorField } from '../../shared/templateLocator';
import { requireHttpUrl, requireJsonObject } from '../../shared/validation';
import { waitSettings } from '../../shared/waiting';
import { renderModeFields } from './mode';
import { RENDER_WAIT_DEFAULTS, renderOutput } from './output';

const OPERATION = 'renderFromTemplate';
const show = { resource: ['document'], operation: [OPERATION] };

export const renderFromTemplateOperation: INodePropertyOptions = {
	name: 'Render From Template',
	value: OPERATION,
	action: 'Render a document from a template',
	description: 'Fill a stored template with data and render it to a PDF or PNG',
	routing: {
		request: {
			method: 'POST',
			url: '={{ $parameter.mode === "async" ? "/v1/pdf/async" : "/v1/pdf/sync" }}',
		},
		send: { preSend: [buildRenderFromTemplateBody] },
		output: { postReceive: renderOutput },
	},
};

export const renderFromTemplateFields: INodeProperties[] = [
	templateLocatorField(show),
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
	...renderModeFields(OPERATION),
	renderOptionsField(show, 'template'),
];

async function buildRenderFromTemplateBody(
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body: IDataObject = {
		templateId: templateIdOf(this),
		data: requireJsonObject(this, 'Data', this.getNodeParameter('data')),
	};
	if (this.getNodeParameter('mode', 'sync') === 'async') {
		body.webhook = requireHttpUrl(this, 'Webhook URL', this.getNodeParameter('webhook', ''));
	}
	Object.assign(body, renderOptionsBody(this, 'template'));
	waitSettings(this, RENDER_WAIT_DEFAULTS);
	return { ...request, body };
}
