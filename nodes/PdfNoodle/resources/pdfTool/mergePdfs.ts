import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { checkPdfSource, type PdfSource, type PdfSourceParameters, pdfSourceFields, sourceUrl } from '../../shared/pdfSource';
import { invalidParameter } from '../../shared/validation';
import { showFor, toolOptionsBody, toolOptionsField } from './common';
import { toolOutput } from './output';

const OPERATION = 'mergePdfs';
const show = showFor(OPERATION);

export const mergePdfsOperation: INodePropertyOptions = {
	name: 'Merge PDFs',
	value: OPERATION,
	action: 'Merge PDFs into one',
	description: 'Join two or more PDFs, in the order given, into one PDF',
	routing: {
		request: { method: 'POST', url: '/v1/tools/merge-pdfs' },
		send: { preSend: [buildBody] },
		output: { postReceive: toolOutput },
	},
};

const listed = { ...show, mergeInputs: ['list'] };
const acrossItems = { ...show, mergeInputs: ['allItems'] };

export const mergePdfsFields: INodeProperties[] = [
	{
		displayName: 'Inputs',
		name: 'mergeInputs',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'PDFs Listed Below',
				value: 'list',
				description: 'Each input item gets its own merged PDF, of the PDFs listed here',
			},
			{
				name: 'All Input Items',
				value: 'allItems',
				description: 'One merged PDF of every input item\'s PDF (a binary field or a URL), in item order',
			},
		],
		default: 'list',
		displayOptions: { show },
	},
	...pdfSourceFields(acrossItems),
	{
		displayName: 'PDFs to Merge',
		name: 'sources',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		default: {},
		required: true,
		placeholder: 'Add PDF',
		displayOptions: { show: listed },
		description: 'Two or more PDFs, merged in this order: URLs and/or binary fields of the input item',
		options: [
			{
				displayName: 'PDF',
				name: 'source',
				values: [
					{
						displayName: 'Input PDF',
						name: 'inputType',
						type: 'options',
						options: [
							{ name: 'From Binary Field', value: 'binary' },
							{ name: 'From URL', value: 'url' },
						],
						default: 'url',
					},
					{
						displayName: 'PDF URL',
						name: 'url',
						type: 'string',
						default: '',
						placeholder: 'e.g. https://example.com/part-1.pdf',
						displayOptions: { show: { inputType: ['url'] } },
					},
					{
						displayName: 'Input Binary Field',
						name: 'binaryPropertyName',
						type: 'string',
						default: 'data',
						displayOptions: { show: { inputType: ['binary'] } },
					},
				],
			},
		],
	},
	toolOptionsField(show, 'Name of the merged PDF; must end in .pdf. A random name when empty.'),
];

async function buildBody(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const entries = ((this.getNodeParameter('sources', {}) as IDataObject).source ?? []) as PdfSourceParameters[];
	if (entries.length < 2) {
		throw invalidParameter(this, 'PDFs to Merge', `needs at least 2 PDFs, not ${entries.length}`);
	}
	const sources: PdfSource[] = [];
	for (const [index, entry] of entries.entries()) {
		sources.push(await checkPdfSource(this, entry, `PDFs to Merge → ${index + 1} → `));
	}
	const body: IDataObject = toolOptionsBody(this);
	const urls: string[] = [];
	for (const source of sources) urls.push(await sourceUrl(this, source));
	return { ...request, body: { urls, ...body } };
}
