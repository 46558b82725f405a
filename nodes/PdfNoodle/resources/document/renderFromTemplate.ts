import type { INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequestWithinRateLimit } from '../../../shared/transport/rateLimit';
import type { ApiRequest } from '../../../shared/transport/transport';
import { renderOptionsField } from '../../fields/renderOptions';
import { type TemplateDataNames, templateDataFields, templateDataOf } from '../../fields/templateData';
import { templateIdOf, templateLocatorField, throwOnMissingTemplate } from '../../fields/templateLocator';
import { renderModeFields } from '../../pause/mode';
import type { ItemContext } from '../../runner/itemContext';
import { renderOutput, renderRequest } from './render';

const DATA_NAMES: TemplateDataNames = { mode: 'dataMode', json: 'data', mapper: 'variables', asText: 'variablesAsText' };

export const option: INodePropertyOptions = {
	name: 'Render From Template',
	value: 'renderFromTemplate',
	action: 'Render a template with data to PDF or PNG',
	description: 'Fill a stored template with data and render it to a PDF or PNG',
};

const properties: INodeProperties[] = [
	templateLocatorField(),
	...templateDataFields(DATA_NAMES, 'The values for the template\'s variables as a JSON object, e.g. {"invoice_number": "1042"}. "Get Variables" shows the structure a template expects.'),
	...renderModeFields(),
	renderOptionsField('template'),
];

export const description = updateDisplayOptions({ show: { resource: ['document'], operation: [option.value as string] } }, properties);

/** The item's render request: its template and data, checked, not sent (the pause sends it too). */
export function request(context: ItemContext): ApiRequest {
	return renderRequest(context, 'template', { templateId: templateIdOf(context), data: templateDataOf(context, DATA_NAMES) }, 'Data');
}

export async function execute(context: ItemContext): Promise<INodeExecutionData[]> {
	const response = await apiRequestWithinRateLimit(context, request(context));
	throwOnMissingTemplate(context, response);
	return await renderOutput(context, response);
}
