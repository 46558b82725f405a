import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { renderOptionsBody, renderOptionsField } from '../../shared/renderOptions';
import { type TemplateDataNames, templateDataFields, templateDataOf } from '../../shared/templateData';
import { templateIdOf, templateLocatorField, throwOnMissingTemplate } from '../../shared/templateLocator';
import { requireBodyWithinLimit, requireHttpUrl } from '../../shared/validation';
import { waitSettings } from '../../shared/waiting';
import { renderModeFields } from '../../shared/renderMode';
import { RENDER_WAIT_DEFAULTS, renderOutput } from './output';

const OPERATION = 'renderFromTemplate';
const show = { resource: ['document'], operation: [OPERATION] };
const DATA_NAMES: TemplateDataNames = { mode: 'dataMode', json: 'data', mapper: 'variables', asText: 'variablesAsText' };

export const renderFromTemplateOperation: INodePropertyOptions = {
	name: 'Render From Template',
	value: OPERATION,
	action: 'Render a document from a template',
	description: 'Fill a stored template with data and render it to a PDF or PNG',
	routing: {
		request: {
			method: 'POST',
			// The body builder switches to the asynchronous path when Mode says so.
			url: '/v1/pdf/sync',
		},
		send: { preSend: [buildRenderFromTemplateBody] },
		output: { postReceive: [throwOnMissingTemplate, ...renderOutput] },
	},
};

export const renderFromTemplateFields: INodeProperties[] = [
	templateLocatorField(show),
	...templateDataFields(show, DATA_NAMES, 'The values for the template\'s variables as a JSON object, e.g. {"invoice_number": "1042"}. "Get Variables" shows the structure a template expects.'),
	...renderModeFields('document', [OPERATION]),
	renderOptionsField(show, 'template'),
];

async function buildRenderFromTemplateBody(
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body: IDataObject = {
		templateId: templateIdOf(this),
		data: templateDataOf(this, DATA_NAMES),
	};
	// "Pause Until Called Back" sends asynchronously too; the node gives the webhook itself.
	const mode = this.getNodeParameter('mode', 'sync');
	if (mode === 'async') {
		body.webhook = requireHttpUrl(this, 'Webhook URL', this.getNodeParameter('webhook', ''));
	}
	Object.assign(body, renderOptionsBody(this, 'template'));
	waitSettings(this, RENDER_WAIT_DEFAULTS);
	requireBodyWithinLimit(this, 'Data', body);
	return { ...request, url: mode === 'sync' ? '/v1/pdf/sync' : '/v1/pdf/async', body };
}
