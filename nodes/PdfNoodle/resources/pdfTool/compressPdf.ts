import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { pdfSourceFields, singlePdfSource, sourceUrl } from '../../shared/pdfSource';
import { invalidParameter } from '../../shared/validation';
import { showFor, toolOptionsBody, toolOptionsField } from './common';
import { toolOutput } from './output';

const OPERATION = 'compressPdf';
const show = showFor(OPERATION);
const LEVELS = ['low', 'medium', 'high'];

export const compressPdfOperation: INodePropertyOptions = {
	name: 'Compress PDF',
	value: OPERATION,
	action: 'Compress a PDF',
	description: 'Make a PDF smaller, trading image quality for size',
	routing: {
		request: { method: 'POST', url: '/v1/tools/compress-pdf' },
		send: { preSend: [buildBody] },
		output: { postReceive: toolOutput },
	},
};

export const compressPdfFields: INodeProperties[] = [
	...pdfSourceFields(show),
	{
		displayName: 'Compression Level',
		name: 'compressLevel',
		type: 'options',
		options: [
			{ name: 'Low', value: 'low', description: 'Highest quality, least compression' },
			{ name: 'Medium', value: 'medium', description: 'Balanced' },
			{ name: 'High', value: 'high', description: 'Most compression, lower quality' },
		],
		default: 'medium',
		displayOptions: { show },
	},
	toolOptionsField(show, 'Name of the compressed PDF; must end in .pdf'),
];

async function buildBody(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const source = await singlePdfSource(this);
	const level = String(this.getNodeParameter('compressLevel', 'medium'));
	if (!LEVELS.includes(level)) throw invalidParameter(this, 'Compression Level', `must be one of ${LEVELS.join(', ')}, not "${level}"`);
	const body: IDataObject = { compressLevel: level, ...toolOptionsBody(this) };
	return { ...request, body: { url: await sourceUrl(this, source), ...body } };
}
