import type { IDataObject, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireText } from '../../../shared/errors/validation';
import { apiRequestWithinRateLimit } from '../../../shared/transport/rateLimit';
import { printSettingsBody, printSettingsFields } from '../../fields/printSettings';
import { renderOptionsField } from '../../fields/renderOptions';
import { renderModeFields } from '../../pause/mode';
import type { ItemContext } from '../../runner/itemContext';
import { renderOutput, renderRequest, type RequestDraft } from './render';

export const option: INodePropertyOptions = {
	name: 'Render From HTML',
	value: 'renderFromHtml',
	action: 'Render HTML to PDF or PNG',
	description: 'Render your own HTML to a PDF or PNG',
};

const properties: INodeProperties[] = [
	{
		displayName: 'HTML',
		name: 'html',
		type: 'string',
		typeOptions: { editor: 'htmlEditor' },
		required: true,
		default: '',
		description: 'The complete HTML document to render',
	},
	...renderModeFields(),
	printSettingsFields('printSettings', 'Print Settings'),
	renderOptionsField('html'),
];

export const description = updateDisplayOptions({ show: { resource: ['document'], operation: [option.value as string] } }, properties);

/** The item's render request: its HTML and print settings, checked, not sent (the pause sends it too). */
export function request(context: ItemContext): RequestDraft {
	const content: IDataObject = { html: requireText(context, 'HTML', context.getNodeParameter('html')) };
	const pdfParams = printSettingsBody(context, 'printSettings', 'Print Settings');
	if (pdfParams) content.pdfParams = pdfParams;
	return { request: renderRequest(context, 'html', content, 'HTML') };
}

export async function execute(context: ItemContext): Promise<INodeExecutionData[]> {
	return await renderOutput(context, await apiRequestWithinRateLimit(context, request(context).request));
}
