import type { IDataObject, IExecuteFunctions, INodeExecutionData, IPairedItemData } from 'n8n-workflow';

import { asNodeError, errorItem } from '../../shared/errors';
import { itemContextOf } from '../../shared/itemContext';
import { singlePdfSource, sourceUrl } from '../../shared/pdfSource';
import { apiRequestWithinRateLimit } from '../../shared/rateLimit';
import { invalidParameter } from '../../shared/validation';
import { toolOptionsBody } from './common';
import { toolOutput } from './output';

type Operation = (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

/**
 * Merge PDFs with "Inputs: All Input Items": one merged PDF of every input item's PDF, in item
 * order, in one request (the n8n way to merge what an earlier node rendered or split, without
 * an Aggregate node). The request takes its options from the first item. With "PDFs Listed
 * Below" each item runs on its own, as `perItem` does.
 */
export function mergeAcrossItems(perItem: Operation): Operation {
	return async function (this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (this.getNodeParameter('mergeInputs', 0, 'list') !== 'allItems') return await perItem.call(this);
		const inputs = this.getInputData();
		const pairedItem: IPairedItemData[] = inputs.map((_, item) => ({ item }));
		const first = itemContextOf(this, 0);
		try {
			if (inputs.length < 2) {
				throw invalidParameter(first, 'Inputs', `"All Input Items" needs at least 2 input items with a PDF, not ${inputs.length}`);
			}
			// Every item is checked before anything is uploaded or sent.
			const sources = [];
			for (const index of inputs.keys()) sources.push(await singlePdfSource(itemContextOf(this, index)));
			const urls: string[] = [];
			for (const [index, source] of sources.entries()) urls.push(await sourceUrl(itemContextOf(this, index), source));

			const response = await apiRequestWithinRateLimit(first, { method: 'POST', url: '/v1/tools/merge-pdfs', body: { urls, ...toolOptionsBody(first) } });
			let items: INodeExecutionData[] = [{ json: response.body as IDataObject }];
			for (const step of toolOutput) {
				if (typeof step === 'function') items = await step.call(first as never, items, response);
			}
			return [items.map((item) => ({ ...item, pairedItem }))];
		} catch (error) {
			const nodeError = asNodeError(first, error);
			if (!this.continueOnFail()) throw nodeError;
			return [[errorItem(nodeError, pairedItem)]];
		}
	};
}
