import type { INodeProperties } from 'n8n-workflow';

import { downloadFields } from '../../shared/download';
import { fileOutputField } from '../../shared/fileOutput';
import { printSettingsFields } from '../../shared/printSettings';
import { renderModeFields } from '../../shared/renderMode';
import { renderOptionsField } from '../../shared/renderOptions';
import { type TemplateDataNames, templateDataFields } from '../../shared/templateData';
import { templateLocatorField } from '../../shared/templateLocator';
import type { WaitDefaults } from '../../shared/waiting';
import { waitingFields } from '../../shared/waiting';

export const RESOURCE = 'batch';
export const RENDER_TEMPLATES = 'renderTemplates';
export const RENDER_HTML = 'renderHtml';
export const GET_STATUS = 'getStatus';

/** Batches of up to 20 documents take longer than single renders. */
export const BATCH_WAIT_DEFAULTS: WaitDefaults = { pollIntervalSeconds: 3, timeoutSeconds: 600 };

/** Batch entries have their own parameter names, kept from the first release so saved workflows stay valid. */
export const BATCH_DATA_NAMES: TemplateDataNames = { mode: 'documentDataMode', json: 'documentData', mapper: 'documentVariables', asText: 'documentVariablesAsText' };

const both = { resource: [RESOURCE], operation: [RENDER_TEMPLATES, RENDER_HTML] };
const fromItems = (operation: string) => ({ resource: [RESOURCE], operation: [operation], batchSource: ['inputItems'] });
const fromList = (operation: string) => ({ resource: [RESOURCE], operation: [operation], batchSource: ['list'] });

export const batchRenderFields: INodeProperties[] = [
	{
		displayName: 'Batch Entries From',
		name: 'batchSource',
		type: 'options',
		options: [
			{
				name: 'Input Items',
				value: 'inputItems',
				description: 'Every input item is one document; the node sends as many batches of up to 20 as it needs',
			},
			{
				name: 'A List per Item',
				value: 'list',
				description: 'Every input item carries a JSON list of 1 to 20 entries and becomes one batch',
			},
		],
		default: 'inputItems',
		displayOptions: { show: both },
	},
	templateLocatorField(fromItems(RENDER_TEMPLATES)),
	...templateDataFields(
		fromItems(RENDER_TEMPLATES),
		BATCH_DATA_NAMES,
		'The values for the template\'s variables as a JSON object, usually the whole item: {{ JSON.stringify($json) }}',
	),
	{
		displayName: 'HTML',
		name: 'documentHtml',
		type: 'string',
		typeOptions: { editor: 'htmlEditor' },
		required: true,
		default: '',
		displayOptions: { show: fromItems(RENDER_HTML) },
		description: 'The HTML of this item\'s document',
	},
	printSettingsFields('printSettings', 'Print Settings', fromItems(RENDER_HTML)),
	renderOptionsField(fromItems(RENDER_TEMPLATES), 'template', true),
	renderOptionsField(fromItems(RENDER_HTML), 'html', true),
	{
		displayName: 'Entries (JSON)',
		name: 'entries',
		type: 'json',
		required: true,
		default: '[]',
		displayOptions: { show: fromList(RENDER_TEMPLATES) },
		description:
			'A list of 1 to 20 entries as the API takes them, e.g. [{"templateId": "invoice", "data": {"invoice_number": "1"}}]; each may also carry convertToImage, metadata, hasCover, debug, externalId, s3_bucket, s3_key',
	},
	{
		displayName: 'Entries (JSON)',
		name: 'entries',
		type: 'json',
		required: true,
		default: '[]',
		displayOptions: { show: fromList(RENDER_HTML) },
		description:
			'A list of 1 to 20 entries as the API takes them, e.g. [{"html": "<h1>One</h1>"}]; each may also carry pdfParams, convertToImage, metadata, hasCover, debug, s3_bucket, s3_key',
	},
	// A batch takes `async` and `webhook` independently (the spec): a synchronous batch may
	// notify a webhook, an asynchronous one may be polled without one.
	...renderModeFields(RESOURCE, [RENDER_TEMPLATES, RENDER_HTML], { webhookAlwaysOptional: true }),
	{
		displayName: 'Batch Options',
		name: 'batchOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: both },
		options: [
			{
				displayName: 'Also Output the Single Files',
				name: 'alsoSingleFiles',
				type: 'boolean',
				default: false,
				description: 'Whether to output each document as well as the merged PDF',
			},
			{
				displayName: 'Merge Into One PDF',
				name: 'merge',
				type: 'boolean',
				default: false,
				description: 'Whether to merge the documents that render well into one PDF, in order (not with PNG output)',
			},
			{
				displayName: 'Signed URL Lifetime (Seconds)',
				name: 'signedUrlExpiresIn',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 3600,
				description: 'How long the returned file URLs stay valid',
			},
		],
	},
	...waitingFields(both, BATCH_WAIT_DEFAULTS, { hasMode: true }),
	...downloadFields({ resource: [RESOURCE], operation: [RENDER_TEMPLATES, RENDER_HTML, GET_STATUS] }, false),
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.customer }}-invoice.pdf',
		displayOptions: { show: { resource: [RESOURCE], operation: [RENDER_TEMPLATES, RENDER_HTML], batchSource: ['inputItems'], downloadFile: [true] } },
		description: 'Name of this item\'s document file, usually an expression on the item. Leave empty to use the name the API gives it.',
	},
	fileOutputField({ resource: [RESOURCE], operation: [RENDER_TEMPLATES, RENDER_HTML], downloadFile: [true] }, 'the merged PDF (when merged)', {
		description: 'With All Files on One Item, each batch (up to 20 documents) is one item, paired with the input items of its documents',
	}),
	fileOutputField({ resource: [RESOURCE], operation: [GET_STATUS], downloadFile: [true] }, 'the merged PDF (when merged)'),
];
