import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { type FileOutput, fileOutputField, fileOutputOf } from '../../../shared/files/fileOutput';
import { type DownloadSettings, downloadSettingsOf, type ParameterReader } from '../../fields/fields';
import { renderModeFields } from '../../pause/mode';
import { type WaitDefaults, waitingFields } from '../../waiting/settings';
import type { DocumentParameters } from '../document/document';

export const RESOURCE = 'batch';

/** Batches of up to 20 documents take longer than single renders. */
export const BATCH_WAIT_DEFAULTS: WaitDefaults = { pollIntervalSeconds: 3, timeoutSeconds: 600 };

/** Where an entry's document is (document/document.ts): its own parameter names, kept from the first release so saved workflows stay valid. */
export const BATCH_DOCUMENT: DocumentParameters = {
	data: { mode: 'documentDataMode', json: 'documentData', mapper: 'documentVariables', asText: 'documentVariablesAsText' },
	html: 'documentHtml',
	batchEntry: true,
};

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

/**
 * Where the run's entries come from (Batch Entries From), as its first item says: a list per
 * item, or each input item one document. Every read of it goes through here.
 */
export function entriesFromList(context: ParameterReader): boolean {
	return context.getNodeParameter('batchSource', 'inputItems') === 'list';
}

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

/** The Batch Options of one item, as `batchRunFields` declares them: every read of them goes through here. */
export interface BatchOptions {
	merge: boolean;
	alsoSingleFiles: boolean;
	/** Signed URL Lifetime (Seconds) as given, checked where the batch is planned. */
	signedUrlExpiresIn?: unknown;
}

export function batchOptionsOf(context: ParameterReader): BatchOptions {
	const { merge, alsoSingleFiles, signedUrlExpiresIn } = context.getNodeParameter('batchOptions', {}) as IDataObject;
	return { merge: merge === true, alsoSingleFiles: alsoSingleFiles === true, signedUrlExpiresIn };
}

/**
 * What a batch's output is made with, read for an input item when the batch is planned: its
 * file (Download File and its fields, File Name naming the item's documents), how the batch's
 * files come out and whether a merged batch also gives each document (those two, and the file's
 * field, from the batch's first item). A paused batch keeps it for its resume.
 */
export interface BatchOutputSettings extends DownloadSettings {
	fileOutput: FileOutput;
	alsoSingleFiles: boolean;
}

export function batchOutputSettingsOf(context: ParameterReader): BatchOutputSettings {
	return { ...downloadSettingsOf(context), fileOutput: fileOutputOf(context), alsoSingleFiles: batchOptionsOf(context).alsoSingleFiles };
}

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
