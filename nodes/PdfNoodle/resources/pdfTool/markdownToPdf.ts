import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { TOOL_PATHS } from '../../../shared/api/endpoints';
import { requireBodyWithinLimit } from '../../../shared/errors/validation';
import { MARKDOWN_SOURCE, documentSourceFields, readDocumentText } from '../../fields/documentSource';
import { printSettingsBody, printSettingsFields } from '../../fields/printSettings';
import type { ItemContext } from '../../runner/itemContext';
import type { Operation } from '../operation';
import { RESOURCE, toolOptionsField } from './common';
import { runTool, toolPlan } from './tool';

const option = {
	name: 'Markdown to PDF',
	value: 'markdownToPdf',
	action: 'Convert markdown text to a PDF',
	description: 'Turn markdown (headings, tables, code, images, ...) into a styled PDF',
};

const properties: INodeProperties[] = [
	...documentSourceFields(MARKDOWN_SOURCE, {
		displayName: 'Markdown',
		name: 'markdown',
		type: 'string',
		typeOptions: { rows: 10 },
		required: true,
		default: '',
		placeholder: 'e.g. # Minutes\n\nSome **bold** text and a table',
	}),
	{
		displayName: 'Custom CSS',
		name: 'customCss',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		placeholder: 'e.g. h1 { color: #1c3d5a; }',
		description: 'CSS added to the default styles',
	},
	printSettingsFields('pdfOptions', 'PDF Options', 'pdfOptions'),
	toolOptionsField('Name of the output PDF; must end in .pdf. A random name when empty.'),
];

async function convertItemMarkdown(context: ItemContext): Promise<INodeExecutionData[]> {
	const body: IDataObject = { markdown: await readDocumentText(context, MARKDOWN_SOURCE) };
	const customCss = String(context.getNodeParameter('customCss', '') ?? '');
	if (customCss.trim() !== '') body.customCss = customCss;
	const pdfOptions = printSettingsBody(context, 'pdfOptions', 'PDF Options');
	if (pdfOptions) body.pdfOptions = pdfOptions;
	const plan = toolPlan(context, body);
	requireBodyWithinLimit(context, 'Markdown', plan.body);
	return await runTool(context, TOOL_PATHS.markdownToPdf, plan);
}

/** PDF Tool → Markdown to PDF. */
export const markdownToPdf: Operation = { resource: RESOURCE, option, fields: properties, forEachItem: convertItemMarkdown };
