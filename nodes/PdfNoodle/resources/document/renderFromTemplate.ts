import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { renderOptionsBody, renderOptionsField } from '../../shared/renderOptions';
import { dataFromMappedVariables } from '../../shared/variables';
import { templateIdOf, templateLocatorField } from '../../shared/templateLocator';
import { invalidParameter, requireBodyWithinLimit, requireHttpUrl, requireJsonObject } from '../../shared/validation';
import { waitSettings } from '../../shared/waiting';
import { renderModeFields } from '../../shared/renderMode';
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
			// The body builder picks sync or async in code: an expression here would cost an
			// expression evaluation per item in the routing engine.
			url: '/v1/pdf/sync',
		},
		send: { preSend: [buildRenderFromTemplateBody] },
		output: { postReceive: renderOutput },
	},
};

export const renderFromTemplateFields: INodeProperties[] = [
	templateLocatorField(show),
	{
		displayName: 'Data',
		name: 'dataMode',
		type: 'options',
		options: [
			{ name: 'JSON', value: 'json', description: 'Give the whole data object as JSON' },
			{
				name: 'Map Each Variable',
				value: 'map',
				description: 'One field per variable of the chosen template',
			},
		],
		default: 'json',
		displayOptions: { show },
	},
	{
		displayName: 'Data (JSON)',
		name: 'data',
		type: 'json',
		required: true,
		default: '{}',
		displayOptions: { show: { ...show, dataMode: ['json'] } },
		description:
			'The values for the template\'s variables as a JSON object, e.g. {"invoice_number": "1042"}',
	},
	{
		displayName: 'Variables',
		name: 'variables',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		displayOptions: { show: { ...show, dataMode: ['map'] } },
		typeOptions: {
			loadOptionsDependsOn: ['template.value'],
			resourceMapper: {
				resourceMapperMethod: 'getTemplateVariableFields',
				mode: 'add',
				fieldWords: { singular: 'variable', plural: 'variables' },
				addAllFields: true,
				// The fields are the template's variables, not the input's: there is nothing to
				// match automatically (n8n's "Map Automatically" would send an empty data object).
				supportAutoMap: false,
			},
		},
		description:
			'The template\'s variables; nested ones as dotted paths (customer.name), lists as JSON',
	},
	...renderModeFields('document', [OPERATION]),
	renderOptionsField(show, 'template'),
];

function templateData(context: IExecuteSingleFunctions): IDataObject {
	if (context.getNodeParameter('dataMode', 'json') === 'map') {
		if (context.getNodeParameter('variables.mappingMode', 'defineBelow') !== 'defineBelow') {
			throw invalidParameter(context, 'Variables', 'must be mapped below, one field per variable ("Map Automatically" is not supported)');
		}
		const mapped = (context.getNodeParameter('variables.value', {}) ?? {}) as IDataObject;
		return dataFromMappedVariables(context, mapped);
	}
	return requireJsonObject(context, 'Data (JSON)', context.getNodeParameter('data'));
}

async function buildRenderFromTemplateBody(
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body: IDataObject = {
		templateId: templateIdOf(this),
		data: templateData(this),
	};
	const isAsync = this.getNodeParameter('mode', 'sync') === 'async';
	if (isAsync) {
		body.webhook = requireHttpUrl(this, 'Webhook URL', this.getNodeParameter('webhook', ''));
	}
	Object.assign(body, renderOptionsBody(this, 'template'));
	waitSettings(this, RENDER_WAIT_DEFAULTS);
	requireBodyWithinLimit(this, 'Data', body);
	return { ...request, url: isAsync ? '/v1/pdf/async' : '/v1/pdf/sync', body };
}
