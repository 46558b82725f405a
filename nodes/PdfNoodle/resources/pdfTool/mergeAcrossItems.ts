import type { IExecuteFunctions, INodeExecutionData, IPairedItemData } from 'n8n-workflow';

import { TOOL_PATHS } from '../../../shared/api/endpoints';
import { errorItemsOrThrow } from '../../../shared/errors/errors';
import { invalidParameter } from '../../../shared/errors/validation';
import { singlePdfSource, sourceUrl } from '../../fields/pdfSource';
import { itemContextOf } from '../../runner/itemContext';
import { eachItem, type RunOperation } from '../../runner/runner';
import { toolOptionsBody } from './common';
import * as mergePdfs from './mergePdfs';
import { runTool } from './output';

/**
 * Merge PDFs with "Inputs: All Input Items": one merged PDF of every input item's PDF, in item
 * order, in one request (the n8n way to merge what an earlier node rendered or split, without
 * an Aggregate node). The request takes its options from the first item.
 */
async function mergeAcrossItems(execute: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const inputs = execute.getInputData();
	const pairedItem: IPairedItemData[] = inputs.map((_, item) => ({ item }));
	const first = itemContextOf(execute, 0);
	try {
		if (inputs.length < 2) {
			throw invalidParameter(first, 'Inputs', `"All Input Items" needs at least 2 input items with a PDF, not ${inputs.length}`);
		}
		// Every item is checked before anything is uploaded or sent.
		const sources = [];
		for (const index of inputs.keys()) sources.push(await singlePdfSource(itemContextOf(execute, index)));
		const urls: string[] = [];
		for (const [index, source] of sources.entries()) urls.push(await sourceUrl(itemContextOf(execute, index), source));
		const items = await runTool(first, TOOL_PATHS.mergePdfs, { urls, ...toolOptionsBody(first) });
		return [items.map((item) => ({ ...item, pairedItem }))];
	} catch (error) {
		return [errorItemsOrThrow(execute.continueOnFail(), first, error, [pairedItem])];
	}
}

const mergeListedPdfs = eachItem(mergePdfs.execute);

/** Merge PDFs: across all input items in one request, or for each item its listed PDFs. */
export const mergePdfsRun: RunOperation = async (execute) =>
	execute.getNodeParameter('mergeInputs', 0, 'list') === 'allItems' ? await mergeAcrossItems(execute) : await mergeListedPdfs(execute);
