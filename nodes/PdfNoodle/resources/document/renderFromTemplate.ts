import type { INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { withDataCheck } from '../../dataCheck/checkedData';
import { dataCheckField } from '../../dataCheck/field';
import { renderOptionsField } from '../../fields/renderOptions';
import { templateDataFields } from '../../fields/templateData';
import { templateLocatorField, throwOnMissingTemplate } from '../../fields/templateLocator';
import { renderModeFields } from '../../pause/mode';
import type { ItemContext } from '../../runner/itemContext';
import { sendWork } from '../../waiting/waiting';
import type { Operation } from '../operation';
import { pausableRender, resumeRenders } from './renderDocuments';
import { completedRequest, RENDER_DOCUMENT, renderDraft, renderOutput } from './render';

const option = {
	name: 'Render From Template',
	value: 'renderFromTemplate',
	action: 'Render a template with data to PDF or PNG',
	description: 'Fill a stored template with data and render it to a PDF or PNG',
};

const properties: INodeProperties[] = [
	templateLocatorField(),
	...templateDataFields(RENDER_DOCUMENT.data, 'The values for the template\'s variables as a JSON object, e.g. {"invoice_number": "1042"}. "Get Variables" shows the structure a template expects.'),
	dataCheckField(),
	...renderModeFields(),
	renderOptionsField('template'),
];

async function renderItem(context: ItemContext): Promise<INodeExecutionData[]> {
	const draft = renderDraft(context, 'template');
	const { request: checked, dataCheck } = await completedRequest(draft);
	const sent = await sendWork(context, checked, (response) => throwOnMissingTemplate(context, response));
	return withDataCheck(await renderOutput(context, sent, draft), dataCheck);
}

/** Document → Render From Template: each item's render, or with Mode "Pause Until Called Back" all of them in one request. */
export const renderFromTemplate: Operation = {
	resource: 'document',
	option,
	fields: properties,
	forWholeRun: pausableRender('template', renderItem),
	resume: resumeRenders,
};
