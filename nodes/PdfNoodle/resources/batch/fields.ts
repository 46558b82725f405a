import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { batchStatusPath } from '../../../shared/api/endpoints';
import { isFinished } from '../../../shared/api/records';
import { fileOutputField } from '../../../shared/files/fileOutput';
import { dataCheckField } from '../../dataCheck/field';
import { downloadFields } from '../../fields/fields';
import { printSettingsFields } from '../../fields/printSettings';
import { renderOptionsField } from '../../fields/renderOptions';
import { type TemplateDataNames, templateDataFields } from '../../fields/templateData';
import { templateLocatorField } from '../../fields/templateLocator';
import { renderModeFields } from '../../pause/mode';
import { type WaitDefaults, waitingFields } from '../../waiting/settings';
import { type WorkKind } from '../../waiting/waiting';

export const RESOURCE = 'batch';
export const RENDER_TEMPLATES = 'renderTemplates';
export const RENDER_HTML = 'renderHtml';
export const GET_STATUS = 'getStatus';

/** Batches of up to 20 documents take longer than single renders. */
export const BATCH_WAIT_DEFAULTS: WaitDefaults = { pollIntervalSeconds: 3, timeoutSeconds: 600 };

/** A batch going on in the background, as the waits and Get Status look it up. */
export const BATCH_WORK: WorkKind = {
	subject: 'batch',
	defaults: BATCH_WAIT_DEFAULTS,
	statusPath: batchStatusPath,
	isFinished: (record) => isFinished('batch', record),
};

/** Batch entries have their own parameter names, kept from the first release so saved workflows stay valid. */
export const BATCH_DATA_NAMES: TemplateDataNames = { mode: 'documentDataMode', json: 'documentData', mapper: 'documentVariables', asText: 'documentVariablesAsText' };

/** Where a group of fields shows: for these operations of the resource, and what else is chosen. */
function shownFor(operations: string[], also: { [key: string]: string[] } = {}) {
	return { show: { resource: [RESOURCE], operation: operations, ...also } };
}
const both = shownFor([RENDER_TEMPLATES, RENDER_HTML]);
const fromItems = (operation: string) => shownFor([operation], { batchSource: ['inputItems'] });
const fromList = (operation: string) => shownFor([operation], { batchSource: ['list'] });

export const batchRenderFields: INodeProperties[] = [
	...updateDisplayOptions(both, [{
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
	}]),
	...updateDisplayOptions(fromItems(RENDER_TEMPLATES), [
		templateLocatorField(),
		...templateDataFields(BATCH_DATA_NAMES, 'The values for the template\'s variables as a JSON object, usually the whole item: {{ JSON.stringify($json) }}'),
	]),
	...updateDisplayOptions(fromItems(RENDER_HTML), [{
		displayName: 'HTML',
		name: 'documentHtml',
		type: 'string',
		typeOptions: { editor: 'htmlEditor' },
		required: true,
		default: '',
		description: 'The HTML of this item\'s document',
	}, printSettingsFields('printSettings', 'Print Settings')]),
	...updateDisplayOptions(fromItems(RENDER_TEMPLATES), [renderOptionsField('template', true)]),
	...updateDisplayOptions(fromItems(RENDER_HTML), [renderOptionsField('html', true)]),
	...updateDisplayOptions(fromList(RENDER_TEMPLATES), [{
		displayName: 'Entries (JSON)',
		name: 'entries',
		type: 'json',
		required: true,
		default: '[]',
		description:
			'A list of 1 to 20 entries as the API takes them, e.g. [{"templateId": "invoice", "data": {"invoice_number": "1"}}]; each may also carry convertToImage, metadata, hasCover, debug, externalId, s3_bucket, s3_key',
	}]),
	...updateDisplayOptions(fromList(RENDER_HTML), [{
		displayName: 'Entries (JSON)',
		name: 'entries',
		type: 'json',
		required: true,
		default: '[]',
		description:
			'A list of 1 to 20 entries as the API takes them, e.g. [{"html": "<h1>One</h1>"}]; each may also carry pdfParams, convertToImage, metadata, hasCover, debug, s3_bucket, s3_key',
	}]),
	...updateDisplayOptions(shownFor([RENDER_TEMPLATES]), [dataCheckField()]),
	...updateDisplayOptions(both, [
	// A batch takes `async` and `webhook` independently (the spec): a synchronous batch may
	// notify a webhook, an asynchronous one may be polled without one.
	...renderModeFields({ webhookAlwaysOptional: true }),
	{
		displayName: 'Batch Options',
		name: 'batchOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
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
	...waitingFields(BATCH_WAIT_DEFAULTS, { hasMode: true }),
	]),
	...updateDisplayOptions(shownFor([RENDER_TEMPLATES, RENDER_HTML, GET_STATUS]), downloadFields(false)),
	...updateDisplayOptions(shownFor([RENDER_TEMPLATES, RENDER_HTML], { batchSource: ['inputItems'] }), [{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.customer }}-invoice.pdf',
		displayOptions: { show: { downloadFile: [true] } },
		description: 'Name of this item\'s document file, usually an expression on the item. Leave empty to use the name the API gives it.',
	}]),
	...updateDisplayOptions(both, [
		fileOutputField({ downloadFile: [true] }, 'the merged PDF (when merged)', {
			description: 'With All Files on One Item, each batch (up to 20 documents) is one item, paired with the input items of its documents',
		}),
	]),
	...updateDisplayOptions(shownFor([GET_STATUS]), [fileOutputField({ downloadFile: [true] }, 'the merged PDF (when merged)')]),
];
