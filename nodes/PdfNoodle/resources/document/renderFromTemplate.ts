import type { INodeProperties } from 'n8n-workflow';

import { dataCheckField } from '../../dataCheck/field';
import { renderOptionsField } from '../../fields/renderOptions';
import { templateDataFields } from '../../fields/templateData';
import { templateLocatorField } from '../../fields/templateLocator';
import { renderModeFields } from '../../pause/mode';
import type { Operation } from '../operation';
import { pausableRender, resumeRenders } from './renderDocuments';
import { RENDER_DOCUMENT } from './render';

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

/** Document → Render From Template: each item's render, or with Mode "Pause Until Called Back" all of them in one request. */
export const renderFromTemplate: Operation = {
	resource: 'document',
	option,
	fields: properties,
	forWholeRun: pausableRender('template'),
	resume: resumeRenders,
};
