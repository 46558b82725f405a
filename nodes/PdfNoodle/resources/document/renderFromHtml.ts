import type { INodeProperties } from 'n8n-workflow';

import { withDocumentFiles } from '../../fields/documentFiles';
import { documentSourceFields, RENDER_HTML_SOURCE } from '../../fields/documentSource';
import { printSettingsFields } from '../../fields/printSettings';
import { renderOptionsField } from '../../fields/renderOptions';
import { renderModeFields } from '../../pause/mode';
import type { Operation } from '../operation';
import { pausableRender, resumeRenders } from './renderDocuments';

const option = {
	name: 'Render From HTML',
	value: 'renderFromHtml',
	action: 'Render HTML to PDF or PNG',
	description: 'Render your own HTML to a PDF or PNG',
};

const properties: INodeProperties[] = [
	...documentSourceFields(RENDER_HTML_SOURCE, {
		displayName: 'HTML',
		name: 'html',
		type: 'string',
		typeOptions: { editor: 'htmlEditor' },
		required: true,
		default: '',
		description: 'The complete HTML document to render',
	}),
	...renderModeFields(),
	printSettingsFields('printSettings', 'Print Settings'),
	renderOptionsField('html'),
];

/** Document → Render From HTML: each item's render, or with Mode "Pause Until Called Back" all of them in one request. */
export const renderFromHtml: Operation = {
	resource: 'document',
	option,
	fields: properties,
	forWholeRun: withDocumentFiles(RENDER_HTML_SOURCE, pausableRender('html')),
	resume: resumeRenders,
};
