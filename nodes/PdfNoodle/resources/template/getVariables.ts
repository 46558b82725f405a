import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { throwOnErrorStatus } from '../../shared/errors';
import { templateIdOf, templateLocatorField, throwOnMissingTemplate } from '../../shared/templateLocator';
import { templatePath } from './paths';
import { pairWithInputItem } from '../../shared/pairing';

const show = { resource: ['template'], operation: ['getVariables'] };

export const getVariablesOperation: INodePropertyOptions = {
	name: 'Get Variables',
	value: 'getVariables',
	action: 'Get the variables of a template',
	description: 'The structure of the data a template expects, with placeholder values',
	routing: {
		request: { method: 'GET', url: '/v1/integration/templates' },
		send: { preSend: [setVariablesUrl] },
		output: { postReceive: [throwOnMissingTemplate, throwOnErrorStatus, pairWithInputItem] },
	},
};

export const getVariablesFields: INodeProperties[] = [templateLocatorField(show)];

async function setVariablesUrl(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	return { ...request, url: `${templatePath(templateIdOf(this))}/variables` };
}
