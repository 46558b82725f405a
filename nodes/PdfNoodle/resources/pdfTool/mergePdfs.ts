import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { TOOL_PATHS } from '../../../shared/api/endpoints';
import { invalidParameter } from '../../../shared/errors/validation';
import { checkPdfSource, type PdfSource, type PdfSourceParameters, pdfSourceFields, sourceUrl } from '../../fields/pdfSource';
import type { ItemContext } from '../../runner/itemContext';
import { runEachItem } from '../../runner/runner';
import type { Operation } from '../operation';
import { RESOURCE, toolOptionsBody, toolOptionsField } from './common';
import { mergeAcrossItems } from './mergeAcrossItems';
import { runTool } from './output';

const option = {
	name: 'Merge PDFs',
	value: 'mergePdfs',
	action: 'Merge PDFs into one, in order',
	description: 'Join two or more PDFs, in the order given, into one PDF',
};

const properties: INodeProperties[] = [
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
	},
	...updateDisplayOptions({ show: { mergeInputs: ['allItems'] } }, pdfSourceFields()),
	{
		displayName: 'PDFs to Merge',
		name: 'sources',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		default: {},
		required: true,
		placeholder: 'Add PDF',
		displayOptions: { show: { mergeInputs: ['list'] } },
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
	toolOptionsField('Name of the merged PDF; must end in .pdf. A random name when empty.'),
];

/** Merge PDFs with "Inputs: PDFs Listed Below", for each item: the PDFs its parameters list. */
async function mergeListedPdfs(context: ItemContext): Promise<INodeExecutionData[]> {
	const entries = ((context.getNodeParameter('sources', {}) as IDataObject).source ?? []) as PdfSourceParameters[];
	if (entries.length < 2) {
		throw invalidParameter(context, 'PDFs to Merge', `needs at least 2 PDFs, not ${entries.length}`);
	}
	const sources: PdfSource[] = [];
	for (const [index, entry] of entries.entries()) {
		sources.push(await checkPdfSource(context, entry, `PDFs to Merge → ${index + 1} → `));
	}
	const body: IDataObject = toolOptionsBody(context);
	const urls: string[] = [];
	for (const source of sources) urls.push(await sourceUrl(context, source));
	return await runTool(context, TOOL_PATHS.mergePdfs, { urls, ...body });
}

/** PDF Tool → Merge PDFs: across all input items in one request, or for each item its listed PDFs. */
export const mergePdfs: Operation = {
	resource: RESOURCE,
	option,
	fields: properties,
	forWholeRun: async (run) =>
		run.getNodeParameter('mergeInputs', 0, 'list') === 'allItems' ? await mergeAcrossItems(run) : await runEachItem(run, mergeListedPdfs),
};
