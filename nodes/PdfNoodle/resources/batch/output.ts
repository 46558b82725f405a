/**
 * The output of the batch family: the items of a finished batch (each document, or the merged
 * one, each failed entry an error of its item) and of batches whose merged files are joined
 * into one. It reads the settings the batch was planned with (plan.ts), never a parameter.
 */
import type { IBinaryData, IDataObject, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { TOOL_PATHS } from '../../../shared/api/endpoints';
import { succeeded } from '../../../shared/api/records';
import { batchEntryJson } from '../../../shared/files/batchRecord';
import { announcedSizeOf, downloadToBinary } from '../../../shared/files/download';
import { type AnswerFile, type FilesAnswer, filesAsItems } from '../../../shared/files/fileOutput';
import type { BatchOutputSettings } from '../../fields/batchSettings';
import { Outcome } from '../../runner/outcome';
import { inputsOf, pairedWith } from '../../runner/pairing';
import type { RunContext } from '../../runner/runContext';
import { runTool, type ToolPlan } from '../pdfTool/tool';

/**
 * A batch as its output reads it: its entries' input items, data checks and output settings,
 * the item whose settings it took and its own output settings (plan.ts `Batch` is one; a
 * resumed batch, which kept no more, is one too).
 */
interface Planned {
	entries: Array<{ inputIndex: number; output: BatchOutputSettings; dataCheck?: IDataObject }>;
	settingsIndex: number;
	output: BatchOutputSettings;
}

/** A batch entry that did not render: its input item, the error a person reads, its item's JSON. */
interface FailedEntry {
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
function entryJson(record: IDataObject, index: number, result: IDataObject, entry: Planned['entries'][number]): IDataObject {
	return entry.dataCheck ? { ...batchEntryJson(record, index, result), dataCheck: entry.dataCheck } : batchEntryJson(record, index, result);
}

/** The entries of a finished batch record that did not render, each an error of its input item. */
function failedEntriesOf(run: RunContext, batch: Planned, record: IDataObject): FailedEntry[] {
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
function throwOnFailedEntries(run: RunContext, failed: FailedEntry[]): void {
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
interface JoinedFiles {
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
export async function batchOutput(run: RunContext, batch: Planned, record: IDataObject, outcome: Outcome, joined?: JoinedFiles): Promise<void> {
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

/**
 * The output of batches whose merged files are joined into one (plan.ts, the join), each with
 * its finished record and how many entries the batches before it had (`offset`): the one PDF's
 * item, paired with every input item of the batches, then what each batch gives besides (its
 * documents with Also Output the Single Files, its failed entries as errors of their items),
 * as a single batch's output would. Entries that did not render fail the node, without
 * "Continue On Fail", before anything is fetched or joined.
 */
export async function joinedOutput(run: RunContext, join: ToolPlan, finished: Array<{ batch: Planned; record: IDataObject; offset: number }>, outcome: Outcome): Promise<void> {
	throwOnFailedEntries(run, finished.flatMap(({ batch, record }) => failedEntriesOf(run, batch, record)));
	// The documents' items come after the one PDF's.
	const documents = new Outcome(run);
	const files: Array<AnswerFile & { number: number }> = [];
	for (const { batch, record, offset } of finished) await batchOutput(run, batch, record, documents, { files, offset });
	if (finished.length > 0) await addOnePdf(run, join, finished, files, outcome);
	outcome.add(...documents.items);
}

/**
 * The item of the one PDF: the merge tool's result (`runTool`, as PDF Tool → Merge PDFs sends
 * and waits for it) for two or more merged files, the one file itself when the other batches
 * rendered nothing. Its JSON: `mergedUrl` (as a single batch's merged item has it), the merge
 * tool's `fileName`, `urlValidUntil` and `mergeRequestId`, and each batch's summary. Its
 * settings are the first batch's.
 */
async function addOnePdf(run: RunContext, join: ToolPlan, finished: Array<{ batch: Planned; record: IDataObject }>, files: Array<AnswerFile & { number: number }>, outcome: Outcome): Promise<void> {
	const context = run.item(finished[0].batch.settingsIndex);
	const { field, download, fileOutput } = finished[0].batch.output;
	const pairedItem = finished.flatMap(({ batch }) => pairedWith(batch));
	const urls = finished.map(({ record }) => record.mergedUrl).filter((url): url is string => typeof url === 'string' && url !== '');
	const batches = finished.map(({ record: { batchRequestId, status, total, completed, mergedUrl } }) => ({ batchRequestId, status, total, completed, mergedUrl }));
	const json: IDataObject = { mergedUrl: urls[0] ?? '', batches };
	try {
		let binary: IBinaryData | undefined;
		if (urls.length >= 2) {
			await run.nextTurn();
			const [merged] = await runTool(context, TOOL_PATHS.mergePdfs, join, { urls });
			const { requestId, url, fileName, urlValidUntil } = merged.json;
			Object.assign(json, { mergedUrl: url, fileName, urlValidUntil, mergeRequestId: requestId });
			binary = merged.binary?.[field];
		} else if (urls.length === 1 && download) {
			binary = await downloadToBinary(context, urls[0], undefined, `${String(batches.find((batch) => batch.mergedUrl === urls[0])?.batchRequestId)}-merged`);
		}
		const onOneItem = download && fileOutput === 'oneItem';
		const answer = { json, whole: binary ? { json, binary } : undefined, files };
		outcome.add(...filesAsItems(onOneItem ? 'oneItem' : 'itemPerFile', answer, field, pairedItem));
	} catch (error) {
		outcome.fail(pairedItem.map(({ item }) => item), error, { batches });
	}
}
