import type { IExecuteFunctions, INodeExecutionData, IPairedItemData } from 'n8n-workflow';

import { TOOL_PATHS } from '../../../shared/api/endpoints';
import { errorItemsOrThrow } from '../../../shared/errors/errors';
import { invalidParameter } from '../../../shared/errors/validation';
import { type PdfSource, singlePdfSource, sourceUrl } from '../../fields/pdfSource';
import { settleInOrder } from '../../runner/concurrency';
import type { RunContext } from '../../runner/runContext';
import { runTool, toolPlan } from './tool';

/**
 * Merge PDFs with "Inputs: All Input Items": one merged PDF of every input item's PDF, in item
 * order, in one request (the n8n way to merge what an earlier node rendered or split, without
 * an Aggregate node). The request takes its options from the first item. Every item's PDF and
 * the options are checked before anything is uploaded or sent.
 */
export async function mergeAcrossItems(run: RunContext<IExecuteFunctions>): Promise<INodeExecutionData[][]> {
	const inputs = run.getInputData();
	const pairedItem: IPairedItemData[] = inputs.map((_, item) => ({ item }));
	const first = run.item(0);
	try {
		if (inputs.length < 2) {
			throw invalidParameter(first, 'Inputs', `"All Input Items" needs at least 2 input items with a PDF, not ${inputs.length}`);
		}
		const sources = [];
		for (const index of inputs.keys()) sources.push(await singlePdfSource(run.item(index)));
		const plan = toolPlan(first, {});
		const urls = await uploadedSideBySide(run, sources);
		await run.nextTurn();
		const items = await runTool(first, TOOL_PATHS.mergePdfs, plan, { urls });
		return [items.map((item) => ({ ...item, pairedItem }))];
	} catch (error) {
		return [errorItemsOrThrow(run.continueOnFail(), first, error, [pairedItem])];
	}
}

/**
 * The URL of each item's PDF, in item order, uploaded side by side: each in its Batching turn
 * and its item's "Requests at Once" slots, as the items of a per-item operation are. Once all
 * have settled, the first failure, in item order, is the node's error (and nothing is merged).
 */
async function uploadedSideBySide(run: RunContext, sources: PdfSource[]): Promise<string[]> {
	const uploads = await settleInOrder(
		[...sources.entries()],
		sources.length,
		async ([index, source]) => {
			await run.nextTurn();
			return await sourceUrl(run.item(index), source);
		},
		true,
	);
	return uploads.map((upload) => {
		if (upload?.status === 'rejected') throw upload.reason;
		return String(upload?.value);
	});
}
