import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { checkedTemplateData, knownTemplateData, withDataCheck } from '../../dataCheck/checkedData';
import { dataCheckField } from '../../dataCheck/field';
import { renderOptionsField } from '../../fields/renderOptions';
import { type TemplateDataNames, templateDataFields } from '../../fields/templateData';
import { templateIdOf, templateLocatorField, throwOnMissingTemplate } from '../../fields/templateLocator';
import { renderModeFields } from '../../pause/mode';
import type { ItemContext } from '../../runner/itemContext';
import { sendWork } from '../../waiting/waiting';
import type { Operation } from '../operation';
import { pausableRender, resumeRenders } from './renderDocuments';
import { completedRequest, renderOutput, renderRequest, renderSettings, type RequestDraft } from './render';

const DATA_NAMES: TemplateDataNames = { mode: 'dataMode', json: 'data', mapper: 'variables', asText: 'variablesAsText' };

const option = {
	name: 'Render From Template',
	value: 'renderFromTemplate',
	action: 'Render a template with data to PDF or PNG',
	description: 'Fill a stored template with data and render it to a PDF or PNG',
};

const properties: INodeProperties[] = [
	templateLocatorField(),
	...templateDataFields(DATA_NAMES, 'The values for the template\'s variables as a JSON object, e.g. {"invoice_number": "1042"}. "Get Variables" shows the structure a template expects.'),
	dataCheckField(),
	...renderModeFields(),
	renderOptionsField('template'),
];

/**
 * The item's render request: its template and data, every parameter checked, not sent (the
 * pause sends it too); the data check (and Map Automatically) complete it once the template's
 * variables are looked up.
 */
function request(context: ItemContext): RequestDraft {
	const templateId = templateIdOf(context);
	const known = knownTemplateData(context, DATA_NAMES);
	const requestFor = (data: IDataObject) => renderRequest(context, 'template', { templateId, data }, 'Data');
	const checked = requestFor(known ?? {});
	return {
		request: checked,
		...renderSettings(context),
		withData: async () => {
			const { data, dataCheck } = await checkedTemplateData(context, DATA_NAMES, templateId, known);
			return { request: known ? checked : requestFor(data), dataCheck };
		},
	};
}

async function renderItem(context: ItemContext): Promise<INodeExecutionData[]> {
	const draft = request(context);
	const { request: checked, dataCheck } = await completedRequest(draft);
	const sent = await sendWork(context, checked, (response) => throwOnMissingTemplate(context, response));
	return withDataCheck(await renderOutput(context, sent, draft), dataCheck);
}

/** Document → Render From Template: each item's render, or with Mode "Pause Until Called Back" all of them in one request. */
export const renderFromTemplate: Operation = {
	resource: 'document',
	option,
	fields: properties,
	forWholeRun: pausableRender('template', request, renderItem),
	resume: resumeRenders,
};
