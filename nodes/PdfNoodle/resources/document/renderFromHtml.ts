import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { withDocumentFiles } from '../../fields/documentFiles';
import { documentSourceFields, documentText, RENDER_HTML_SOURCE } from '../../fields/documentSource';
import { printSettingsBody, printSettingsFields } from '../../fields/printSettings';
import { renderOptionsField } from '../../fields/renderOptions';
import { renderModeFields } from '../../pause/mode';
import type { ItemContext } from '../../runner/itemContext';
import { sendWork } from '../../waiting/waiting';
import type { Operation } from '../operation';
import { pausableRender, resumeRenders } from './pause';
import { renderOutput, renderRequest, renderSettings, type RequestDraft } from './render';

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

/** The item's render request: its HTML and print settings, checked, not sent (the pause sends it too). */
function request(context: ItemContext): RequestDraft {
	const content: IDataObject = { html: documentText(context, RENDER_HTML_SOURCE) };
	const pdfParams = printSettingsBody(context, 'printSettings', 'Print Settings');
	if (pdfParams) content.pdfParams = pdfParams;
	return { request: renderRequest(context, 'html', content, 'HTML'), ...renderSettings(context) };
}

async function renderItem(context: ItemContext): Promise<INodeExecutionData[]> {
	const draft = request(context);
	return await renderOutput(context, await sendWork(context, draft.request), draft);
}

/** Document → Render From HTML: each item's render, or with Mode "Pause Until Called Back" all of them in one request. */
export const renderFromHtml: Operation = {
	resource: 'document',
	option,
	fields: properties,
	forWholeRun: withDocumentFiles(RENDER_HTML_SOURCE, pausableRender('html', request, renderItem)),
	resume: resumeRenders,
};
