import type { INodeExecutionData } from 'n8n-workflow';

import { templateVariablesPath } from '../../../shared/api/endpoints';
import { throwOnErrorStatus } from '../../../shared/errors/errors';
import { apiRequestWithinRateLimit } from '../../../shared/transport/rateLimit';
import { templateIdOf, templateLocatorField, throwOnMissingTemplate } from '../../fields/templateLocator';
import type { ItemContext } from '../../runner/itemContext';
import type { Operation } from '../operation';

const option = {
	name: 'Get Variables',
	value: 'getVariables',
	action: 'Get the data keys a template expects',
	description: 'The structure of the data a template expects, with placeholder values',
};

async function templateVariables(context: ItemContext): Promise<INodeExecutionData[]> {
	const response = await apiRequestWithinRateLimit(context, { method: 'GET', url: templateVariablesPath(templateIdOf(context)) });
	throwOnMissingTemplate(context, response);
	return [{ json: throwOnErrorStatus(context, response) }];
}

/** Template → Get Variables. */
export const getVariables: Operation = { resource: 'template', option, fields: [templateLocatorField()], forEachItem: templateVariables };
