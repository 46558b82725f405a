import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { throwOnErrorStatus } from '../../shared/errors';
import { templateIdOf, templateLocatorField, throwOnMissingTemplate } from '../../shared/templateLocator';
import { templatePath } from './paths';
import { pairWithInputItem } from '../../shared/pairing';
import { apiRequestWithinRateLimit } from '../../shared/rateLimit';
import { apiJson } from '../../shared/transport';

const show = { resource: ['template'], operation: ['get'] };

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a template',
	description: 'Get a stored template, or the creation status of one being created',
	routing: {
		request: { method: 'GET', url: '/v1/integration/templates' },
		send: { preSend: [setTemplateUrl] },
		output: { postReceive: [throwOnMissingTemplate, throwOnErrorStatus, unwrapTemplate, simplifyTemplate, pairWithInputItem] },
	},
};

export const getFields: INodeProperties[] = [
	templateLocatorField(show),
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		displayOptions: { show },
		description:
			'Whether to return only the template\'s ID, name and the data structure it expects (its variables) instead of the whole template with its HTML. On by default for AI agents.',
	},
];

async function setTemplateUrl(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	return { ...request, url: templatePath(templateIdOf(this)) };
}

/** A completed template comes under `template`; a template being created is a status record. */
async function unwrapTemplate(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	for (const item of items) {
		const template = item.json.template;
		if (template && typeof template === 'object' && !Array.isArray(template)) item.json = template as typeof item.json;
	}
	return items;
}

/**
 * With "Simplify": what it takes to render with the template (ID, name, variables), without
 * its HTML. A template still being created has no variables yet: its ID, name and status.
 */
async function simplifyTemplate(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	if (!(this.getNodeParameter('simplify', false) as boolean)) return items;
	return await Promise.all(
		items.map(async (item) => {
			const json = item.json as IDataObject;
			if (json.id === undefined) {
				return { ...item, json: { id: json.templateId, displayName: json.displayName, status: json.status } };
			}
			const variables = await apiJson(this, { method: 'GET', url: `${templatePath(String(json.id))}/variables` }, apiRequestWithinRateLimit);
			return { ...item, json: { id: json.id, displayName: json.displayName, variables } };
		}),
	);
}
