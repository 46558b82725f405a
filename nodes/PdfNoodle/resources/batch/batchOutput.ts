import type { IDataObject, INodeExecutionData, IPairedItemData, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { succeeded } from '../../../shared/api/records';
import { batchEntryJson } from '../../../shared/files/batchRecord';
import { announcedSizeOf, downloadToBinary } from '../../../shared/files/download';
import { type AnswerFile, type FilesAnswer, filesAsItems } from '../../../shared/files/fileOutput';
import type { Outcome } from '../../runner/outcome';
import type { RunContext } from '../../runner/runContext';
import type { OutputBatch, PlannedBatch, PlannedEntry } from './plan';

export function inputsOf(batch: PlannedBatch): number[] {
	return [...new Set(batch.entries.map((entry) => entry.inputIndex))];
}

export function pairedWith(batch: PlannedBatch): IPairedItemData[] {
	return inputsOf(batch).map((item) => ({ item }));
}

/** A batch entry that did not render: its input item, the error a person reads, its item's JSON. */
export interface FailedEntry {
	inputIndex: number;
	error: NodeApiError;
	json: IDataObject;
}

/** `2nd`, `22nd`, `13th`: how a person counts input items (n8n's item index is one less). */
function ordinal(number: number): string {
	const tens = number % 100;
	const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[number % 10] ?? 'th';
	return `${number}${suffix}`;
}

/** "the 2nd, 22nd and 45th input items", the first ten of them and how many more. */
function inputItemsNamed(inputIndexes: number[]): string {
	const named = inputIndexes.slice(0, 10).map((inputIndex) => ordinal(inputIndex + 1));
	const more = inputIndexes.length - named.length;
	if (more > 0) return `the ${named.join(', ')} and ${more} more input items`;
	if (named.length === 1) return `the ${named[0]} input item`;
	return `the ${named.slice(0, -1).join(', ')} and ${named[named.length - 1]} input items`;
}

/** The JSON of an entry's item: which batch, its number and result, and what the data check found. */
function entryJson(record: IDataObject, index: number, result: IDataObject, entry: PlannedEntry): IDataObject {
	return entry.dataCheck ? { ...batchEntryJson(record, index, result), dataCheck: entry.dataCheck } : batchEntryJson(record, index, result);
}

/** The entries of a finished batch record that did not render, each an error of its input item. */
export function failedEntriesOf(run: RunContext, batch: PlannedBatch, record: IDataObject): FailedEntry[] {
	const results = (record.results ?? []) as IDataObject[];
	return batch.entries.flatMap((entry, index) => {
		const result = (results[index] ?? {}) as IDataObject;
		if (succeeded('render', result)) return [];
		const json = entryJson(record, index, result, entry);
		const error = new NodeApiError(run.getNode(), result as JsonObject, {
			message: `The render of batch entry ${index + 1} failed (requestId ${String(result.requestId ?? 'unknown')})`,
			description: `The document of ${inputItemsNamed([entry.inputIndex])}; batch ${String(record.batchRequestId)} ended ${String(record.status)}. Check this entry's template and data (or HTML).`,
			itemIndex: entry.inputIndex,
		});
		return [{ inputIndex: entry.inputIndex, error, json }];
	});
}

/**
 * The node's error for entries that did not render, without "Continue On Fail": one entry's
 * own error, or one that names every failed entry's input item. Thrown before any file is
 * fetched or merged, so a run that fails costs no downloads.
 */
export function throwOnFailedEntries(run: RunContext, failed: FailedEntry[]): void {
	if (failed.length === 0 || run.continueOnFail()) return;
	if (failed.length === 1) throw failed[0].error;
	const inputs = [...new Set(failed.map((entry) => entry.inputIndex))];
	const which = failed.map((entry) => `batch ${String(entry.json.batchRequestId)} entry ${String(entry.json.entryNumber)} (requestId ${String(entry.json.requestId ?? 'unknown')})`);
	throw new NodeApiError(run.getNode(), { failed: which } as JsonObject, {
		message: `${failed.length} batch entries failed to render: those of ${inputItemsNamed(inputs)}`,
		description: `${which.join('; ')}. Check these entries' template and data (or HTML). With "On Error" set to continue, the documents that rendered are output (and merged) and each failed entry is an error item.`,
		itemIndex: inputs[0],
	});
}

/** Where the documents of batches whose merged files are joined go: a whole run's files, numbered from 1 across its batches. */
export interface JoinedFiles {
	files: Array<AnswerFile & { number: number }>;
	/** How many entries the batches before this one had: the number of this batch's first entry. */
	offset: number;
}

/**
 * The items of a finished batch: each document (or the merged one), and each failed entry as
 * an error of its item. With "All Files on One Item", the batch's files go on one item. When
 * the batch's merged file is joined with others' (`joined`), it gives no merged item of its
 * own, and with "All Files on One Item" its documents go to the joined item. The settings are
 * those the batch was planned with (`batch.output`, each entry's own File Name), which a
 * paused batch kept for its resume.
 */
export async function batchOutput(run: RunContext, batch: OutputBatch, record: IDataObject, outcome: Outcome, joined?: JoinedFiles): Promise<void> {
	const failed = failedEntriesOf(run, batch, record);
	throwOnFailedEntries(run, failed);
	const { download, field, fileOutput, alsoSingleFiles } = batch.output;
	const onOneItem = download && fileOutput === 'oneItem';
	const { results = [], ...summary } = record as IDataObject & { results?: IDataObject[] };
	const batchInfo = { batchRequestId: summary.batchRequestId, batchStatus: summary.status };
	// The batch's files, gathered for "All Files on One Item".
	const allFiles: FilesAnswer = { json: { ...summary, results }, files: [] };

	const merged = record.merge === true || typeof record.mergedUrl === 'string';
	if (merged && !joined) {
		const item: INodeExecutionData = { json: allFiles.json, pairedItem: pairedWith(batch) };
		try {
			if (download && typeof record.mergedUrl === 'string' && record.mergedUrl !== '') {
				const context = run.item(batch.settingsIndex);
				const file = await downloadToBinary(context, record.mergedUrl, undefined, `${String(summary.batchRequestId)}-merged`);
				allFiles.whole = { json: item.json, binary: file };
				item.binary = { [field]: file };
			}
			if (!onOneItem) outcome.add(item);
		} catch (error) {
			outcome.fail(inputsOf(batch), error, batchInfo);
		}
	}
	const singles = !merged || alsoSingleFiles;

	const failedByNumber = new Map(failed.map((failure) => [failure.json.entryNumber, failure]));
	for (const [index, entry] of batch.entries.entries()) {
		const result = (results[index] ?? {}) as IDataObject;
		const failure = failedByNumber.get(index + 1);
		if (failure) {
			outcome.fail([entry.inputIndex], failure.error, failure.json);
			continue;
		}
		if (!singles) continue;
		const json = entryJson(record, index, result, entry);
		const item: INodeExecutionData = { json, pairedItem: { item: entry.inputIndex } };
		try {
			if (download && typeof result.signedUrl === 'string' && result.signedUrl !== '') {
				const fallbackName = String(result.requestId ?? `document-${index + 1}`);
				item.binary = { [field]: await downloadToBinary(run.item(entry.inputIndex), result.signedUrl, entry.output.fileName, fallbackName, announcedSizeOf(result)) };
			}
			if (onOneItem) (joined?.files ?? allFiles.files).push({ json, number: (joined?.offset ?? 0) + index + 1, binary: item.binary?.[field] });
			else outcome.add(item);
		} catch (error) {
			// One document that cannot be fetched is an error of its item alone.
			outcome.fail([entry.inputIndex], error, json);
		}
	}
	if (onOneItem && !joined) outcome.add(...filesAsItems('oneItem', allFiles, field, pairedWith(batch)));
}
