import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { templatePath, templateVariablesPath } from '../../../shared/api/endpoints';
import { throwOnErrorStatus } from '../../../shared/errors/errors';
import { apiJsonWithinRateLimit, apiRequestWithinRateLimit } from '../../../shared/transport/rateLimit';
import { templateIdOf, templateLocatorField, throwOnMissingTemplate } from '../../fields/templateLocator';
import type { ItemContext } from '../../runner/itemContext';
import type { Operation } from '../operation';

const option = {
	name: 'Get',
	value: 'get',
	action: 'Get a template by ID',
	description: 'Get a stored template, or the creation status of one being created',
};

const properties: INodeProperties[] = [
	templateLocatorField(),
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		description:
			'Whether to return only the template\'s ID, name and the data structure it expects (its variables) instead of the whole template with its HTML. On by default for AI agents.',
	},
];

async function getTemplate(context: ItemContext): Promise<INodeExecutionData[]> {
	const response = await apiRequestWithinRateLimit(context, { method: 'GET', url: templatePath(templateIdOf(context)) });
	throwOnMissingTemplate(context, response);
	const answer = throwOnErrorStatus(context, response);
	// A completed template comes under `template`; a template being created is a status record.
	const template = answer.template && typeof answer.template === 'object' && !Array.isArray(answer.template) ? (answer.template as IDataObject) : answer;
	if (!(context.getNodeParameter('simplify', false) as boolean)) return [{ json: template }];
	return [{ json: await simplified(context, template) }];
}

/**
 * With "Simplify": what it takes to render with the template (ID, name, variables), without
 * its HTML. A template still being created has no variables yet: its ID, name and status.
 */
async function simplified(context: ItemContext, template: IDataObject): Promise<IDataObject> {
	if (template.id === undefined) return { id: template.templateId, displayName: template.displayName, status: template.status };
	const variables = await apiJsonWithinRateLimit(context, { method: 'GET', url: templateVariablesPath(String(template.id)) });
	return { id: template.id, displayName: template.displayName, variables };
}

/** Template → Get. */
export const get: Operation = { resource: 'template', option, fields: properties, forEachItem: getTemplate };
