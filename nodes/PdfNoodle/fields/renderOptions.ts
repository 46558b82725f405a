import type { IDataObject, INodeProperties } from 'n8n-workflow';

import {
	invalidParameter,
	keywordList,
	optionalText,
	requireText,
	requireUuid,
	requireWholeNumber,
} from '../../shared/errors/validation';
import type { RenderSource } from '../../shared/api/endpoints';
import type { ItemContext } from '../runner/itemContext';

const PDF_METADATA_FIELDS: INodeProperties[] = [
	{ displayName: 'Title', name: 'title', type: 'string', default: '' },
	{ displayName: 'Author', name: 'author', type: 'string', default: '' },
	{ displayName: 'Subject', name: 'subject', type: 'string', default: '' },
	{
		displayName: 'Keywords',
		name: 'keywords',
		type: 'string',
		default: '',
		placeholder: 'e.g. invoice, 2026, acme',
		description: 'Comma-separated keywords',
	},
	{ displayName: 'Creator', name: 'creator', type: 'string', default: '' },
	{ displayName: 'Producer', name: 'producer', type: 'string', default: '' },
];

/**
 * The "Options" collection of single renders: every common render option of the API. A
 * batch entry takes the same options but the URL lifetime (which is the batch's), and
 * `debug` for HTML too.
 */
export function renderOptionsField(
	source: RenderSource,
	forBatchEntry = false,
): INodeProperties {
	const options: INodeProperties[] = [
		{
			displayName: 'Output Format',
			name: 'outputFormat',
			type: 'options',
			options: [
				{ name: 'PDF', value: 'pdf' },
				{ name: 'PNG Image', value: 'png' },
			],
			default: 'pdf',
			description: 'PNG renders the document as one image instead of a PDF',
		},
		{
			displayName: 'PDF Metadata',
			name: 'pdfMetadata',
			type: 'fixedCollection',
			default: {},
			placeholder: 'Add Metadata',
			description: 'Document properties written into the PDF (title, author, ...)',
			options: [{ displayName: 'Metadata', name: 'metadata', values: PDF_METADATA_FIELDS }],
		},
		{
			displayName: 'Hide Header and Footer on First Page',
			name: 'hasCover',
			type: 'boolean',
			default: false,
			description: 'Whether the first page is a cover without the header and footer',
		},
		{
			displayName: 'Signed URL Lifetime (Seconds)',
			name: 'signedUrlExpiresIn',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 3600,
			description: 'How long the returned file URL stays valid',
		},
		{
			displayName: 'Storage Connection ID',
			name: 's3Bucket',
			type: 'string',
			default: '',
			description:
				'ID of an active storage connection of your account to store the file in your own bucket (higher plans only)',
		},
		{
			displayName: 'Storage Path',
			name: 's3Key',
			type: 'string',
			default: '',
			placeholder: 'e.g. invoices/2026/INV-1042',
			description:
				'Path and file name, without extension, inside your own bucket. Needs a Storage Connection ID.',
		},
	];
	const debugOption: INodeProperties = {
		displayName: 'Debug',
		name: 'debug',
		type: 'boolean',
		default: false,
		description: 'Whether to ask the API for extra debugging information in its answer',
	};
	if (source === 'html' && forBatchEntry) options.push(debugOption);
	if (source === 'template') {
		options.push(
			{
				displayName: 'Debug',
				name: 'debug',
				type: 'boolean',
				default: false,
				description: 'Whether to ask the API for extra debugging information in its answer',
			},
			{
				displayName: 'External ID',
				name: 'externalId',
				type: 'string',
				default: '',
				description: 'UUID of your customer in the embedded white-label solution',
			},
		);
	}
	return {
		displayName: forBatchEntry ? 'Entry Options' : 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: options
			.filter((option) => !forBatchEntry || option.name !== 'signedUrlExpiresIn')
			.sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/**
 * The PDF metadata of a render: each field as text (a number from an expression too), the
 * keywords as comma-separated text (a list from an expression is joined); only what is set.
 */
function pdfMetadataBody(context: ItemContext, given: IDataObject): IDataObject {
	const metadata: IDataObject = {};
	for (const field of PDF_METADATA_FIELDS) {
		const parameter = `PDF Metadata → ${field.displayName}`;
		const text = field.name === 'keywords' ? keywordList(context, parameter, given.keywords)?.join(', ') : optionalText(context, parameter, given[field.name]);
		if (text !== undefined) metadata[field.name] = text;
	}
	return metadata;
}

/** The body fields of the render options a batch entry of a list per item may carry (Entries (JSON)), and those of them that are on or off. */
export const ENTRY_OPTION_FIELDS = ['convertToImage', 's3_bucket', 's3_key', 'metadata', 'hasCover', 'debug'];
export const ENTRY_OPTION_FLAGS = ['convertToImage', 'hasCover', 'debug'];

/** The common render options as body fields, validated; only what the user set. */
export function renderOptionsBody(context: ItemContext, source: RenderSource, forBatchEntry = false): IDataObject {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const body: IDataObject = {};
	// Options left at their default (PDF output, no cover, no debug) are left out of the body, never sent as false (api-notes.md).
	if (options.outputFormat === 'png') body.convertToImage = true;

	const metadata = pdfMetadataBody(context, ((options.pdfMetadata as IDataObject | undefined)?.metadata ?? {}) as IDataObject);
	if (Object.keys(metadata).length > 0) body.metadata = metadata;

	if (options.hasCover === true) body.hasCover = true;
	if (options.signedUrlExpiresIn !== undefined) {
		body.signedUrlExpiresIn = requireWholeNumber(context, 'Signed URL Lifetime (Seconds)', options.signedUrlExpiresIn, 1);
	}

	const bucket = typeof options.s3Bucket === 'string' ? options.s3Bucket.trim() : '';
	const key = typeof options.s3Key === 'string' ? options.s3Key.trim() : '';
	if (key !== '' && bucket === '') {
		throw invalidParameter(context, 'Storage Path', 'can only be used together with a Storage Connection ID');
	}
	if (bucket !== '') body.s3_bucket = requireText(context, 'Storage Connection ID', bucket);
	if (key !== '') body.s3_key = key;

	if (source === 'template' || forBatchEntry) {
		if (options.debug === true) body.debug = true;
	}
	if (source === 'template') {
		if (options.externalId !== undefined && options.externalId !== '') {
			body.externalId = requireUuid(context, 'External ID', options.externalId);
		}
	}
	return body;
}

/**
 * The one Signed URL Lifetime of documents that go as one batch (the pause's items, a Batch
 * render's batch): a batch has one for all its documents, so the items must agree on it
 * (`together` says when they go together); refused by name before anything is sent, never
 * one item's taken silently.
 */
export function oneBatchLifetime(context: ItemContext, lifetimes: Array<number | undefined>, together: string): number | undefined {
	const distinct = new Set(lifetimes);
	if (distinct.size > 1) throw invalidParameter(context, 'Signed URL Lifetime (Seconds)', `must be the same for every item ${together}`);
	return lifetimes[0];
}
