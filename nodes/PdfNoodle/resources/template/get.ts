import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { throwOnErrorStatus } from '../../shared/errors';
import { templateIdOf, templateLocatorField } from '../../shared/templateLocator';
import { templatePath } from './paths';
import { pairWithInputItem } from '../../shared/pairing';

const show = { resource: ['template'], operation: ['get'] };

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a template',
	description: 'Get a stored template, or the creation status of one being created',
	routing: {
		request: { method: 'GET', url: '/v1/integration/templates' },
		send: { preSend: [setTemplateUrl] },
		output: { postReceive: [throwOnErrorStatus, unwrapTemplate, pairWithInputItem] },
	},
};

export const getFields: INodeProperties[] = [templateLocatorField(show)];

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
