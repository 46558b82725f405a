import type { IDataObject } from 'n8n-workflow';

import { succeeded } from '../api/records';
import type { FilesAnswer } from './fileOutput';

/**
 * The files a finished batch record names: the merged PDF as the file of the whole batch,
 * and every entry numbered from 1 by its position in the batch. An entry that failed is
 * still one of them, without a URL, so that its item says why.
 */
export function batchRecordAnswer(record: IDataObject): FilesAnswer {
	const batchRequestId = String(record.batchRequestId);
	const answer: FilesAnswer = { json: record, files: [] };
	if (typeof record.mergedUrl === 'string' && record.mergedUrl !== '') {
		answer.whole = { json: record, url: record.mergedUrl, fallbackName: `${batchRequestId}-merged` };
	}
	for (const [index, result] of ((record.results ?? []) as IDataObject[]).entries()) {
		const rendered = succeeded('render', result ?? {}) && typeof result.signedUrl === 'string' && result.signedUrl !== '';
		answer.files.push({
			json: batchEntryJson(record, index, result ?? {}),
			url: rendered ? (result.signedUrl as string) : undefined,
			fallbackName: String(result?.requestId ?? `document-${index + 1}`),
			number: index + 1,
		});
	}
	return answer;
}

/** The JSON of one entry's item: which batch, its position (from 1), and its render result. */
export function batchEntryJson(record: IDataObject, index: number, result: IDataObject): IDataObject {
	return { batchRequestId: record.batchRequestId, batchStatus: record.status, entryNumber: index + 1, ...result };
}
