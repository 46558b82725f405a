import type { INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { pdfSourceFields, REFERENCE_FILE } from '../../fields/pdfSource';
import type { ItemContext } from '../../runner/itemContext';
import { waitingFields } from '../../waiting/settings';
import type { Operation } from '../operation';
import { CREATION_WAIT_DEFAULTS, creationPlan, type PreviewDownload, runCreation } from './creation';

const option = {
	name: 'Create With AI',
	value: 'createWithAi',
	action: 'Create a template with AI from a description',
	description: 'Describe a template in words; pdf noodle designs it',
};

/** An example document: a URL (none when empty) or a PDF of the input item. */
const referenceFile = pdfSourceFields(REFERENCE_FILE, {
	choice: {
		displayName: 'Reference File',
		options: [
			{ name: 'From URL', value: 'url', description: 'A public URL of the file, or none' },
			{ name: 'From Binary Field', value: 'binary', description: 'A PDF of the input item, uploaded to pdf noodle first' },
		],
		// URL first: a workflow saved before this choice existed keeps its Reference File URL.
		default: 'url',
		description: 'An example document the design should follow (optional)',
	},
	url: {
		displayName: 'Reference File URL',
		placeholder: 'e.g. https://example.com/old-invoice.pdf',
		description: 'A public URL of an example document the design should follow; leave empty for none',
	},
	binary: { required: true, hint: 'The name of the input binary field holding the reference PDF' },
});

const properties: INodeProperties[] = [
	{
		displayName: 'Prompt',
		name: 'prompt',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: 'e.g. An invoice with our logo, the customer, a table of line items and the total',
		description: 'What the template should look like and which data it shows',
	},
	{
		displayName: 'Display Name',
		name: 'displayName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Monthly Invoice',
		description: 'The name of the new template',
	},
	referenceFile.choice,
	referenceFile.url,
	referenceFile.binary,
	...waitingFields(CREATION_WAIT_DEFAULTS),
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		displayOptions: { show: { waitForCompletion: [true] } },
		description: 'Whether to leave out the HTML of the new template (its ID, name, status and preview stay). On by default for AI agents.',
	},
	{
		displayName: 'Download Preview PDF',
		name: 'downloadPreview',
		type: 'boolean',
		default: false,
		displayOptions: { show: { waitForCompletion: [true] } },
		description: 'Whether to download the preview that pdf noodle renders with sample data into binary data',
	},
	{
		displayName: 'Put Preview in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		displayOptions: { show: { waitForCompletion: [true], downloadPreview: [true] } },
		hint: 'The name of the output binary field to put the preview in',
	},
];

/** The preview's download as the two fields above declare it: whether, and into which binary field. */
function previewDownloadOf(context: ItemContext): PreviewDownload {
	return { download: context.getNodeParameter('downloadPreview', false) as boolean, field: context.getNodeParameter('binaryPropertyName', 'data') as string };
}

/** Every parameter checked (the creation's plan), then the reference file uploaded and the creation sent. */
async function createTemplate(context: ItemContext): Promise<INodeExecutionData[]> {
	return await runCreation(context, await creationPlan(context, previewDownloadOf(context)));
}

/** Template → Create With AI. */
export const createWithAi: Operation = { resource: 'template', option, fields: properties, forEachItem: createTemplate };
