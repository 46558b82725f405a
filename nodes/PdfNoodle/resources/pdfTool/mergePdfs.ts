import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { TOOL_PATHS } from '../../../shared/api/endpoints';
import { invalidParameter } from '../../../shared/errors/validation';
import { checkPdfSource, inputPdfFields, LISTED_PDF, type PdfSource, pdfSourceFields, pdfSourceParametersOf, sourceUrl } from '../../fields/pdfSource';
import type { ItemContext } from '../../runner/itemContext';
import { runEachItem } from '../../runner/runner';
import type { Operation } from '../operation';
import { RESOURCE, toolOptionsField } from './common';
import { mergeAcrossItems } from './mergeAcrossItems';
import { runTool, toolPlan } from './tool';

const option = {
	name: 'Merge PDFs',
	value: 'mergePdfs',
	action: 'Merge PDFs into one, in order',
	description: 'Join two or more PDFs, in the order given, into one PDF',
};

/** Each PDF of the list: a URL (the choice's default) or a binary field of the item. */
const listedPdf = pdfSourceFields(LISTED_PDF, { choice: { default: 'url' }, url: { placeholder: 'e.g. https://example.com/part-1.pdf' } });

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
	...updateDisplayOptions({ show: { mergeInputs: ['allItems'] } }, inputPdfFields()),
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
				values: [listedPdf.choice, listedPdf.url, listedPdf.binary],
			},
		],
	},
	toolOptionsField('Name of the merged PDF; must end in .pdf. A random name when empty.'),
];

/** Merge PDFs with "Inputs: PDFs Listed Below", for each item: the PDFs its parameters list. */
async function mergeListedPdfs(context: ItemContext): Promise<INodeExecutionData[]> {
	const listed = ((context.getNodeParameter('sources', {}) as IDataObject).source ?? []) as IDataObject[];
	const entries = listed.map((entry) => pdfSourceParametersOf(LISTED_PDF, (name, fallback) => entry[name] ?? fallback));
	if (entries.length < 2) {
		throw invalidParameter(context, 'PDFs to Merge', `needs at least 2 PDFs, not ${entries.length}`);
	}
	const sources: PdfSource[] = [];
	for (const [index, entry] of entries.entries()) {
		sources.push(await checkPdfSource(context, entry, `PDFs to Merge → ${index + 1} → `));
	}
	const plan = toolPlan(context, {});
	const urls: string[] = [];
	for (const source of sources) urls.push(await sourceUrl(context, source));
	return await runTool(context, TOOL_PATHS.mergePdfs, plan, { urls });
}

/** PDF Tool → Merge PDFs: across all input items in one request, or for each item its listed PDFs. */
export const mergePdfs: Operation = {
	resource: RESOURCE,
	option,
	fields: properties,
	forWholeRun: async (run) =>
		run.getNodeParameter('mergeInputs', 0, 'list') === 'allItems' ? await mergeAcrossItems(run) : await runEachItem(run, mergeListedPdfs),
};
