import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { pdfSourceFields, singlePdfSource, sourceUrl } from '../../shared/pdfSource';
import { invalidParameter, requirePageRanges, requireWholeNumber } from '../../shared/validation';
import { FILE_OUTPUT, fileOutputField } from '../../shared/fileOutput';
import { RESOURCE, showFor, toolOptionsBody, toolOptionsField } from './common';
import { toolOutput } from './output';

const OPERATION = 'splitPdf';
const show = showFor(OPERATION);

export const splitPdfOperation: INodePropertyOptions = {
	name: 'Split PDF',
	value: OPERATION,
	action: 'Split a PDF into parts',
	description: 'Cut a PDF every N pages or into page ranges',
	routing: {
		request: { method: 'POST', url: '/v1/tools/split-pdf' },
		send: { preSend: [buildBody] },
		output: { postReceive: toolOutput },
	},
};

export const splitPdfFields: INodeProperties[] = [
	...pdfSourceFields(show),
	{
		displayName: 'Split Mode',
		name: 'splitMode',
		type: 'options',
		options: [
			{ name: 'Every N Pages', value: 'intervals', description: 'A part every N pages: 10 pages every 3 gives 1-3, 4-6, 7-9, 10' },
			{ name: 'Page Ranges', value: 'ranges', description: 'One part per range, like 1-3,5,7-10' },
		],
		default: 'intervals',
		displayOptions: { show },
	},
	{
		displayName: 'Pages per Part',
		name: 'interval',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1,
		displayOptions: { show: { ...show, splitMode: ['intervals'] } },
	},
	{
		displayName: 'Page Ranges',
		name: 'ranges',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1-3,5,7-10',
		displayOptions: { show: { ...show, splitMode: ['ranges'] } },
		description: 'One part per range, separated by commas',
	},
	toolOptionsField(show, 'Base name of the parts, which are named {base}_1.pdf, {base}_2.pdf, ...; must end in .pdf. The input\'s name when empty.'),
];

async function buildBody(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const source = await singlePdfSource(this);
	const splitMode = this.getNodeParameter('splitMode', 'intervals') as string;
	const body: IDataObject = { splitMode };
	if (splitMode === 'ranges') {
		body.ranges = requirePageRanges(this, 'Page Ranges', this.getNodeParameter('ranges', ''));
	} else if (splitMode === 'intervals') {
		body.interval = requireWholeNumber(this, 'Pages per Part', this.getNodeParameter('interval', 1), 1);
	} else {
		throw invalidParameter(this, 'Split Mode', 'must be "intervals" or "ranges"');
	}
	Object.assign(body, toolOptionsBody(this));
	return { ...request, body: { url: await sourceUrl(this, source), ...body } };
}

/**
 * How a split's parts come out, for Split PDF and for a split fetched later with Get Status:
 * the shape every answer with several files has (see `FileOutput`), or the ZIP alone.
 */
export function splitFilesFields(operations: string[]): INodeProperties[] {
	const show = { resource: [RESOURCE], operation: operations, downloadFile: [true] };
	return [
		fileOutputField(show, 'the ZIP of all parts (when downloaded)', {
			extra: [{ name: 'ZIP Only', value: 'zipOnly', description: 'One item with the ZIP archive of all parts; the parts are not downloaded one by one' }],
			description: operations.includes('getStatus') ? 'For a split job: how its parts come out' : undefined,
		}),
		{
			displayName: 'Download ZIP of All Parts',
			name: 'downloadZip',
			type: 'boolean',
			default: false,
			displayOptions: { show: { ...show, [FILE_OUTPUT]: ['itemPerFile', 'oneItem'] } },
			description: 'Whether to also download the ZIP archive of all parts',
		},
	];
}
