import type { IDataObject, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequestWithinRateLimit } from '../../../shared/transport/rateLimit';
import { checkedTemplateData, knownTemplateData, withDataCheck } from '../../dataCheck/checkedData';
import { dataCheckField } from '../../dataCheck/field';
import { renderOptionsField } from '../../fields/renderOptions';
import { type TemplateDataNames, templateDataFields } from '../../fields/templateData';
import { templateIdOf, templateLocatorField, throwOnMissingTemplate } from '../../fields/templateLocator';
import { renderModeFields } from '../../pause/mode';
import type { ItemContext } from '../../runner/itemContext';
import { type CheckedRequest, renderOutput, renderRequest } from './render';

const DATA_NAMES: TemplateDataNames = { mode: 'dataMode', json: 'data', mapper: 'variables', asText: 'variablesAsText' };

export const option: INodePropertyOptions = {
	name: 'Render From Template',
	value: 'renderFromTemplate',
	action: 'Render a document from a template',
	description: 'Fill a stored template with data and render it to a PDF or PNG',
};

const properties: INodeProperties[] = [
	templateLocatorField(),
	...templateDataFields(DATA_NAMES, 'The values for the template\'s variables as a JSON object, e.g. {"invoice_number": "1042"}. "Get Variables" shows the structure a template expects.'),
	dataCheckField(),
	...renderModeFields(),
	renderOptionsField('template'),
];

export const description = updateDisplayOptions({ show: { resource: ['document'], operation: [option.value as string] } }, properties);

/**
 * The item's render request: its template and data, checked, not sent (the pause sends it
 * too). Every parameter is checked before the template's variables are looked up for the
 * data check (with Map Automatically, all but the data, which the variables make).
 */
export async function request(context: ItemContext): Promise<CheckedRequest> {
	const templateId = templateIdOf(context);
	const known = knownTemplateData(context, DATA_NAMES);
	const requestFor = (data: IDataObject) => renderRequest(context, 'template', { templateId, data }, 'Data');
	const checkedFirst = requestFor(known ?? {});
	const { data, dataCheck } = await checkedTemplateData(context, DATA_NAMES, templateId, known);
	return { request: known ? checkedFirst : requestFor(data), dataCheck };
}

export async function execute(context: ItemContext): Promise<INodeExecutionData[]> {
	const { request: checked, dataCheck } = await request(context);
	const response = await apiRequestWithinRateLimit(context, checked);
	throwOnMissingTemplate(context, response);
	return withDataCheck(await renderOutput(context, response), dataCheck);
}
