import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { TOOL_PATHS } from '../../../shared/api/endpoints';
import { invalidParameter, keywordList, optionalText, requireNumberInRange } from '../../../shared/errors/validation';
import { inputPdfFields } from '../../fields/pdfSource';
import type { ItemContext } from '../../runner/itemContext';
import type { Operation } from '../operation';
import { RESOURCE, toolOptionsField } from './common';
import { runToolOnInputPdf } from './tool';

/** The text fields of the metadata, with the names the user sees. */
const TEXT_FIELDS: Record<string, string> = {
	title: 'Title',
	author: 'Author',
	subject: 'Subject',
	creator: 'Creator',
	producer: 'Producer',
	copyright: 'Copyright',
};
const DATE_FIELDS = ['createDate', 'modDate'];

const option = {
	name: 'Update PDF Metadata',
	value: 'updateMetadata',
	action: 'Set the title, author and keywords of a PDF',
	description: 'Set document properties (title, author, keywords, ...) without touching the pages',
};

const properties: INodeProperties[] = [
	...inputPdfFields(),
	{
		displayName: 'Metadata',
		name: 'pdfProperties',
		type: 'collection',
		placeholder: 'Add Property',
		default: {},
		required: true,
		description: 'The properties to set; the others stay as they are',
		options: [
			{ displayName: 'Author', name: 'author', type: 'string', default: '' },
			{ displayName: 'Copyright', name: 'copyright', type: 'string', default: '' },
			{ displayName: 'Created', name: 'createDate', type: 'dateTime', default: '' },
			{ displayName: 'Creator', name: 'creator', type: 'string', default: '', description: 'The application that made the original document' },
			{ displayName: 'Keywords', name: 'keywords', type: 'string', default: '', placeholder: 'e.g. invoice, 2026', description: 'Comma-separated keywords' },
			{ displayName: 'Marked (Tagged PDF)', name: 'marked', type: 'boolean', default: false, description: 'Whether the PDF is marked as a tagged PDF' },
			{ displayName: 'Modified', name: 'modDate', type: 'dateTime', default: '' },
			{ displayName: 'PDF Version', name: 'pdfVersion', type: 'number', typeOptions: { numberPrecision: 1, minValue: 1, maxValue: 2 }, default: 1.7 },
			{ displayName: 'Producer', name: 'producer', type: 'string', default: '' },
			{ displayName: 'Subject', name: 'subject', type: 'string', default: '' },
			{ displayName: 'Title', name: 'title', type: 'string', default: '' },
			{
				displayName: 'Trapped',
				name: 'trapped',
				type: 'options',
				options: [
					{ name: 'False', value: 'False' },
					{ name: 'True', value: 'True' },
					{ name: 'Unknown', value: 'Unknown' },
				],
				default: 'Unknown',
			},
		],
	},
	toolOptionsField('Name of the updated PDF; must end in .pdf'),
];

/** The metadata object of the body: only the properties the user set, at least one. */
function metadataBody(context: ItemContext): IDataObject {
	const given = context.getNodeParameter('pdfProperties', {}) as IDataObject;
	const metadata: IDataObject = {};
	for (const [field, displayName] of Object.entries(TEXT_FIELDS)) {
		const text = optionalText(context, `Metadata → ${displayName}`, given[field]);
		if (text !== undefined) metadata[field] = text;
	}
	const keywords = keywordList(context, 'Metadata → Keywords', given.keywords);
	if (keywords) metadata.keywords = keywords;
	for (const field of DATE_FIELDS) {
		const value = given[field];
		if (value === undefined || value === '' || value === null) continue;
		const date = new Date(String(value));
		if (Number.isNaN(date.getTime())) {
			throw invalidParameter(context, `Metadata → ${field === 'createDate' ? 'Created' : 'Modified'}`, `must be a date, not ${JSON.stringify(value)}`);
		}
		metadata[field] = date.toISOString();
	}
	if (given.pdfVersion !== undefined) metadata.pdfVersion = requireNumberInRange(context, 'Metadata → PDF Version', given.pdfVersion, 1, 2);
	if (given.marked !== undefined) metadata.marked = given.marked === true;
	if (given.trapped !== undefined) {
		if (!['True', 'False', 'Unknown'].includes(String(given.trapped))) {
			throw invalidParameter(context, 'Metadata → Trapped', 'must be True, False or Unknown');
		}
		metadata.trapped = given.trapped;
	}
	if (Object.keys(metadata).length === 0) {
		throw invalidParameter(context, 'Metadata', 'needs at least one property to set');
	}
	return metadata;
}

async function updateItemMetadata(context: ItemContext): Promise<INodeExecutionData[]> {
	return await runToolOnInputPdf(context, TOOL_PATHS.updateMetadata, (item) => ({ metadata: metadataBody(item) }));
}

/** PDF Tool → Update PDF Metadata. */
export const updateMetadata: Operation = { resource: RESOURCE, option, fields: properties, forEachItem: updateItemMetadata };
