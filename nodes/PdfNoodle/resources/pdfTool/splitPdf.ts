import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { TOOL_PATHS } from '../../../shared/api/endpoints';
import { invalidParameter, requirePageRanges, requireWholeNumber } from '../../../shared/errors/validation';
import { FILE_OUTPUT, fileOutputField } from '../../../shared/files/fileOutput';
import { inputPdfFields } from '../../fields/pdfSource';
import type { ItemContext } from '../../runner/itemContext';
import type { Operation } from '../operation';
import { RESOURCE, toolOptionsField } from './common';
import { runToolOnInputPdf } from './tool';

const option = {
	name: 'Split PDF',
	value: 'splitPdf',
	action: 'Split a PDF by page count or ranges',
	description: 'Cut a PDF every N pages or into page ranges',
};

const properties: INodeProperties[] = [
	...inputPdfFields(),
	{
		displayName: 'Split Mode',
		name: 'splitMode',
		type: 'options',
		options: [
			{ name: 'Every N Pages', value: 'intervals', description: 'A part every N pages: 10 pages every 3 gives 1-3, 4-6, 7-9, 10' },
			{ name: 'Page Ranges', value: 'ranges', description: 'One part per range, like 1-3,5,7-10' },
		],
		default: 'intervals',
	},
	{
		displayName: 'Pages per Part',
		name: 'interval',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1,
		displayOptions: { show: { splitMode: ['intervals'] } },
	},
	{
		displayName: 'Page Ranges',
		name: 'ranges',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1-3,5,7-10',
		displayOptions: { show: { splitMode: ['ranges'] } },
		description: 'One part per range, separated by commas',
	},
	toolOptionsField('Base name of the parts, which are named {base}_1.pdf, {base}_2.pdf, ...; must end in .pdf. The input\'s name when empty.'),
];

async function splitItemPdf(context: ItemContext): Promise<INodeExecutionData[]> {
	return await runToolOnInputPdf(context, TOOL_PATHS.splitPdf, splitFields);
}

function splitFields(context: ItemContext): IDataObject {
	const splitMode = context.getNodeParameter('splitMode', 'intervals') as string;
	const body: IDataObject = { splitMode };
	if (splitMode === 'ranges') {
		body.ranges = requirePageRanges(context, 'Page Ranges', context.getNodeParameter('ranges', ''));
	} else if (splitMode === 'intervals') {
		body.interval = requireWholeNumber(context, 'Pages per Part', context.getNodeParameter('interval', 1), 1);
	} else {
		throw invalidParameter(context, 'Split Mode', 'must be "intervals" or "ranges"');
	}
	return body;
}

/**
 * How a split's parts come out, for Split PDF and for a split fetched later with Get Status:
 * the shape every answer with several files has (see `FileOutput`), or the ZIP alone.
 */
export function splitFilesFields(): INodeProperties[] {
	return [
		fileOutputField({ downloadFile: [true] }, 'the ZIP of all parts (when downloaded)', {
			extra: [{ name: 'ZIP Only', value: 'zipOnly', description: 'One item with the ZIP archive of all parts; the parts are not downloaded one by one' }],
			description: 'For a split job: how its parts come out',
		}),
		{
			displayName: 'Download ZIP of All Parts',
			name: 'downloadZip',
			type: 'boolean',
			default: false,
			displayOptions: { show: { downloadFile: [true], [FILE_OUTPUT]: ['itemPerFile', 'oneItem'] } },
			description: 'Whether to also download the ZIP archive of all parts',
		},
	];
}

/** PDF Tool → Split PDF. */
export const splitPdf: Operation = { resource: RESOURCE, option, fields: properties, forEachItem: splitItemPdf };
