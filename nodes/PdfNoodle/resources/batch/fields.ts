/**
 * The parameters of the batch renders as the editor shows them (what they say for an item is
 * read in fields/batchSettings.ts and planned in plan.ts).
 */
import type { INodeProperties } from 'n8n-workflow';

import { fileOutputField } from '../../../shared/files/fileOutput';
import { renderModeFields } from '../../pause/mode';
import { waitingFields } from '../../waiting/settings';
import { BATCH_WAIT_DEFAULTS } from './plan';

export const RESOURCE = 'batch';

/** Where the fields of an entry from an input item show, and those of a list per item. */
export const FROM_ITEMS = { show: { batchSource: ['inputItems'] } };
export const FROM_LIST = { show: { batchSource: ['list'] } };

/** Where both batch renders take their entries from. */
export const batchSourceField: INodeProperties = {
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
};

/** The "Entries (JSON)" list of an item (mode "A List per Item"), described for its kind of entry. */
export function entriesField(description: string): INodeProperties {
	return { displayName: 'Entries (JSON)', name: 'entries', type: 'json', required: true, default: '[]', displayOptions: FROM_LIST, description };
}

/** How both batch renders run: Mode, the batch's options, the waiting. */
export const batchRunFields: INodeProperties[] = [
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
				description:
					'Whether to merge the documents that render well into one PDF, in input order (not with PNG output). More than 20 documents make several batches, whose merged files the node joins into one with the merge tool: the node then waits for every batch (Wait for Completion on, no Webhook URL).',
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
];

/** The name of each document's file, for entries from input items. */
export const documentFileNameField: INodeProperties = {
	displayName: 'File Name',
	name: 'fileName',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.customer }}-invoice.pdf',
	displayOptions: { show: { downloadFile: [true] } },
	description: 'Name of this item\'s document file, usually an expression on the item. Leave empty to use the name the API gives it.',
};

/** How a batch's files come out, for the renders and for Get Status. */
export function batchFileOutputField(forRenders: boolean): INodeProperties {
	return fileOutputField({ downloadFile: [true] }, 'the merged PDF (when merged)', forRenders
		? { description: 'With All Files on One Item, each batch (up to 20 documents) is one item, paired with the input items of its documents; with Merge Into One PDF, one item holds them all' }
		: undefined);
}
