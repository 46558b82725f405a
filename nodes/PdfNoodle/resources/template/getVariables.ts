import type { INodeExecutionData, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { templateVariablesPath } from '../../../shared/api/endpoints';
import { throwOnErrorStatus } from '../../../shared/errors/errors';
import { apiRequestWithinRateLimit } from '../../../shared/transport/rateLimit';
import { templateIdOf, templateLocatorField, throwOnMissingTemplate } from '../../fields/templateLocator';
import type { ItemContext } from '../../runner/itemContext';

export const option: INodePropertyOptions = {
	name: 'Get Variables',
	value: 'getVariables',
	action: 'Get the data keys a template expects',
	description: 'The structure of the data a template expects, with placeholder values',
};

export const description = updateDisplayOptions({ show: { resource: ['template'], operation: [option.value as string] } }, [templateLocatorField()]);

export async function execute(context: ItemContext): Promise<INodeExecutionData[]> {
	const response = await apiRequestWithinRateLimit(context, { method: 'GET', url: templateVariablesPath(templateIdOf(context)) });
	throwOnMissingTemplate(context, response);
	return [{ json: throwOnErrorStatus(context, response) }];
}
