import type { IDataObject, IExecuteFunctions, INodeExecutionData, IPairedItemData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { RENDER_PATHS } from '../../../shared/api/endpoints';
import { asNodeError, errorItemsOrThrow } from '../../../shared/errors/errors';
import { invalidParameter, requireHttpUrl, requireWholeNumber } from '../../../shared/errors/validation';
import { batchEntryJson } from '../../../shared/files/batchRecord';
import { announcedSizeOf, downloadToBinary } from '../../../shared/files/download';
import { FILE_OUTPUT, type FilesAnswer, filesAsItems } from '../../../shared/files/fileOutput';
import type { ApiRequest } from '../../../shared/transport/transport';
import { type AwaitedWork, isPauseMode, keepPlan, pauseForWork, pauseSettings, PAUSE_MODE } from '../../pause/pause';
import { type PausedPlan, pausedPlanOf } from '../../pause/pausedPlan';
import { settleInOrder } from '../../runner/concurrency';
import { oneBatchLifetime } from '../../fields/renderOptions';
import type { ItemContext } from '../../runner/itemContext';
import type { RunContext } from '../../runner/runContext';
import { inInputOrder } from '../../runner/pairing';
import type { RunOperation } from '../../runner/runner';
import { type WaitSettings, waitSettings } from '../../waiting/settings';
import { outcomeOfWork, sendWork } from '../../waiting/waiting';
import { BATCH_WAIT_DEFAULTS, BATCH_WORK } from './fields';
import { type BatchKind, checkListEntries, chunkEntries, entriesOfList, entryOfItem, MAX_BODY_BYTES, MAX_ENTRIES, type PlannedBatch, type PlannedEntry } from './plan';

/** Collects the output, and turns a failure of an item into an error item or the node's error. */
class Outcome {
	readonly items: INodeExecutionData[] = [];

	constructor(private readonly run: RunContext) {}

	add(...items: INodeExecutionData[]): void {
		this.items.push(...items);
	}

	fail(inputIndexes: number[], error: unknown, json: IDataObject = {}): void {
		this.items.push(...errorItemsOrThrow(this.run.continueOnFail(), this.run, error, inputIndexes.map((item) => ({ item })), json));
	}
}

/** The Signed URL Lifetime an item's Batch Options set, checked. */
function lifetimeOf(context: ItemContext): number | undefined {
	const { signedUrlExpiresIn } = context.getNodeParameter('batchOptions', {}) as IDataObject;
	return signedUrlExpiresIn === undefined ? undefined : requireWholeNumber(context, 'Signed URL Lifetime (Seconds)', signedUrlExpiresIn, 1);
}

/**
 * The top-level fields of a batch body: only what the user set, from the batch's first item;
 * the Signed URL Lifetime of every item of the batch, which must agree.
 */
function batchFields(run: RunContext, batch: PlannedBatch): IDataObject {
	const context = run.item(batch.settingsIndex);
	const options = context.getNodeParameter('batchOptions', {}) as IDataObject;
	const fields: IDataObject = {};
	if (options.merge === true) {
		if (batch.entries.some((entry) => entry.body.convertToImage === true)) {
			throw invalidParameter(context, 'Merge Into One PDF', 'cannot be used when an entry asks for PNG output');
		}
		fields.merge = true;
	}
	const lifetimes = inputsOf(batch).map((inputIndex) => lifetimeOf(run.item(inputIndex)));
	const lifetime = oneBatchLifetime(context, lifetimes, 'of one batch (up to 20 input items go as one batch)');
	if (lifetime !== undefined) fields.signedUrlExpiresIn = lifetime;
	const mode = context.getNodeParameter('mode', 'sync');
	// A paused batch is asynchronous too; its webhook is the resume URL, given when it is sent.
	if (mode !== 'sync') fields.async = true;
	const webhook = mode === PAUSE_MODE ? '' : String(context.getNodeParameter('webhook', '') ?? '').trim();
	if (webhook !== '') fields.webhook = requireHttpUrl(context, 'Webhook URL', webhook);
	return fields;
}

/** A batch checked and ready: its entries, its top-level fields and how the node waits for it. */
type BatchToSend = PlannedBatch & { fields: IDataObject; wait: WaitSettings };

/**
 * Plans every batch from the input, every parameter of every item and of every batch
 * checked, before anything is asked of pdf noodle (`checkedBatches` then checks the data).
 */
function draftBatches(run: RunContext, kind: BatchKind, outcome: Outcome): BatchToSend[] {
	const items = run.getInputData();
	const fromList = run.getNodeParameter('batchSource', 0, 'inputItems') === 'list';
	let batches: PlannedBatch[] = [];
	if (fromList) {
		items.forEach((_, inputIndex) => {
			try {
				const entries = entriesOfList(run.item(inputIndex), kind).map((body) => ({ body, inputIndex }));
				batches.push({ entries, settingsIndex: inputIndex });
			} catch (error) {
				outcome.fail([inputIndex], error);
			}
		});
	} else {
		const entries: PlannedEntry[] = [];
		items.forEach((_, inputIndex) => {
			try {
				entries.push({ ...entryOfItem(run.item(inputIndex), kind), inputIndex });
			} catch (error) {
				outcome.fail([inputIndex], error);
			}
		});
		batches = chunkEntries(entries, (entry, bytes) =>
			outcome.fail(
				[entry.inputIndex],
				invalidParameter(run.item(entry.inputIndex), kind === 'html' ? 'HTML' : 'Data (JSON)', `makes an entry of ${(bytes / 1024 / 1024).toFixed(1)} MB, over the 3 MB a batch may carry`),
			),
		);
	}
	const planned: BatchToSend[] = [];
	for (const batch of batches) {
		try {
			planned.push({ ...batch, fields: batchFields(run, batch), wait: waitSettings(run.item(batch.settingsIndex), BATCH_WAIT_DEFAULTS) });
		} catch (error) {
			outcome.fail(inputsOf(batch), error);
		}
	}
	return planned;
}

/** The planned batches with each template's data checked (Check Data Against Template) and their size too. */
async function checkedBatches(run: RunContext, kind: BatchKind, planned: BatchToSend[], outcome: Outcome): Promise<BatchToSend[]> {
	const fromList = run.getNodeParameter('batchSource', 0, 'inputItems') === 'list';
	const checked: BatchToSend[] = [];
	for (const batch of planned) {
		const withData = kind === 'template' ? await withCheckedData(run, batch, fromList, outcome) : batch;
		if (!withData) continue;
		try {
			const size = Buffer.byteLength(JSON.stringify({ items: withData.entries.map((entry) => entry.body), ...withData.fields }), 'utf8');
			if (size >= MAX_BODY_BYTES) {
				throw invalidParameter(run.item(withData.settingsIndex), 'Entries (JSON)', `make a batch body of ${(size / 1024 / 1024).toFixed(1)} MB, over the 3 MB limit`);
			}
			checked.push(withData);
		} catch (error) {
			outcome.fail(inputsOf(withData), error);
		}
	}
	return checked;
}

/**
 * A template batch with its data checked: each entry from an input item completed (Map
 * Automatically) and checked, a refused one failing its item alone; a list checked entry by
 * entry, a refused entry failing the item's whole list. Undefined when nothing is left to send.
 */
async function withCheckedData(run: RunContext, batch: BatchToSend, fromList: boolean, outcome: Outcome): Promise<BatchToSend | undefined> {
	if (fromList) {
		try {
			const dataChecks = await checkListEntries(run.item(batch.settingsIndex), batch.entries.map((entry) => entry.body));
			return { ...batch, entries: batch.entries.map((entry, index) => ({ ...entry, dataCheck: dataChecks[index] })) };
		} catch (error) {
			outcome.fail(inputsOf(batch), error);
			return undefined;
		}
	}
	const entries: PlannedEntry[] = [];
	for (const { withData, ...entry } of batch.entries) {
		try {
			entries.push(withData ? { ...entry, ...(await withData()) } : entry);
		} catch (error) {
			outcome.fail([entry.inputIndex], error);
		}
	}
	return entries.length > 0 ? { ...batch, entries } : undefined;
}

function inputsOf(batch: PlannedBatch): number[] {
	return [...new Set(batch.entries.map((entry) => entry.inputIndex))];
}

function pairedWith(batch: PlannedBatch): IPairedItemData[] {
	return inputsOf(batch).map((item) => ({ item }));
}

/** The request of a batch, the same whether the node waits for it or pauses (`extraFields`: the resume URL as its webhook). */
function batchRequest(kind: BatchKind, batch: BatchToSend, extraFields: IDataObject = {}): ApiRequest {
	return { method: 'POST', url: RENDER_PATHS[kind].batch, body: { items: batch.entries.map((entry) => entry.body), ...batch.fields, ...extraFields } };
}

/** Sends one batch and, unless told not to, waits until it is no longer ONGOING. */
async function sendBatch(
	context: ItemContext,
	kind: BatchKind,
	batch: BatchToSend,
): Promise<{ record: IDataObject; finished: boolean }> {
	const sent = await sendWork(context, batchRequest(kind, batch));
	const outcome = await outcomeOfWork(context, BATCH_WORK, batch.wait, sent, (answer, statusCode) =>
		statusCode === 202 || batch.fields.async === true ? String(answer.batchRequestId ?? '') : undefined,
	);
	if (outcome.done === 'notWaited') return { record: outcome.answer, finished: false };
	return { record: outcome.done === 'waited' ? outcome.record : outcome.answer, finished: true };
}

/**
 * The items of a finished batch: each document (or the merged one), and each failed entry as
 * an error of its item. With "All Files on One Item", the batch's files go on one item.
 */
async function batchOutput(run: RunContext, batch: PlannedBatch, record: IDataObject, outcome: Outcome): Promise<void> {
	const download = run.getNodeParameter('downloadFile', batch.settingsIndex, true) as boolean;
	const field = run.getNodeParameter('binaryPropertyName', batch.settingsIndex, 'data') as string;
	const options = run.getNodeParameter('batchOptions', batch.settingsIndex, {}) as IDataObject;
	const onOneItem = download && run.getNodeParameter(FILE_OUTPUT, batch.settingsIndex, 'itemPerFile') === 'oneItem';
	const { results = [], ...summary } = record as IDataObject & { results?: IDataObject[] };
	const batchInfo = { batchRequestId: summary.batchRequestId, batchStatus: summary.status };
	// The batch's files, gathered for "All Files on One Item".
	const allFiles: FilesAnswer = { json: { ...summary, results }, files: [] };

	const merged = record.merge === true || typeof record.mergedUrl === 'string';
	if (merged) {
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
	const singles = !merged || options.alsoSingleFiles === true;

	for (const [index, entry] of batch.entries.entries()) {
		const result = (results[index] ?? {}) as IDataObject;
		const json = entry.dataCheck ? { ...batchEntryJson(record, index, result), dataCheck: entry.dataCheck } : batchEntryJson(record, index, result);
		if (result.renderStatus !== 'SUCCESS') {
			outcome.fail(
				[entry.inputIndex],
				new NodeApiError(run.getNode(), result as JsonObject, {
					message: `The render of batch entry ${index + 1} failed (requestId ${String(result.requestId ?? 'unknown')})`,
					description: `Batch ${String(summary.batchRequestId)} ended ${String(summary.status)}. Check this entry's template and data (or HTML).`,
					itemIndex: entry.inputIndex,
				}),
				json,
			);
			continue;
		}
		if (!singles) continue;
		const item: INodeExecutionData = { json, pairedItem: { item: entry.inputIndex } };
		try {
			if (download && typeof result.signedUrl === 'string' && result.signedUrl !== '') {
				const context = run.item(entry.inputIndex);
				const fileName = String(context.getNodeParameter('fileName', '') ?? '').trim();
				const fallbackName = String(result.requestId ?? `document-${index + 1}`);
				item.binary = { [field]: await downloadToBinary(context, result.signedUrl, fileName, fallbackName, announcedSizeOf(result)) };
			}
			if (onOneItem) allFiles.files.push({ json, number: index + 1, binary: item.binary?.[field] });
			else outcome.add(item);
		} catch (error) {
			// One document that cannot be fetched is an error of its item alone.
			outcome.fail([entry.inputIndex], error, json);
		}
	}
	if (onOneItem) outcome.add(...filesAsItems('oneItem', allFiles, field, pairedWith(batch)));
}

/**
 * Batches sent at once. Five carry 100 documents; more would only queue at the service,
 * whose rate limits are not published.
 */
const BATCHES_IN_FLIGHT = 5;

/** Sends one batch and waits for it: the items it gives, or the error that stops the node. */
async function runBatch(run: RunContext, kind: BatchKind, batch: BatchToSend): Promise<INodeExecutionData[]> {
	const outcome = new Outcome(run);
	try {
		await run.nextTurn();
		const { record, finished } = await sendBatch(run.item(batch.settingsIndex), kind, batch);
		if (!finished) outcome.add({ json: record, pairedItem: pairedWith(batch) });
		else await batchOutput(run, batch, record, outcome);
	} catch (error) {
		outcome.fail(inputsOf(batch), error);
	}
	return outcome.items;
}

/**
 * Renders documents in batches: from the input items (each item one document, up to 20
 * per batch and under 3 MB) or from a list on each item (each item one batch). A batch
 * answers for several input items, so this runs for the whole node run, not per item.
 * Batches run side by side; their items come out in input order.
 */
async function renderBatches(run: RunContext<IExecuteFunctions>, kind: BatchKind): Promise<INodeExecutionData[][]> {
	if (isPauseMode(run.item(0))) return await pauseBatch(run, kind);
	const planning = new Outcome(run);
	const batches = await checkedBatches(run, kind, draftBatches(run, kind, planning), planning);
	const runs = await settleInOrder(batches, BATCHES_IN_FLIGHT, async (batch) => await runBatch(run, kind, batch), !run.continueOnFail());
	const output = [...planning.items];
	for (const run of runs) {
		// Without "Continue On Fail" the first failed batch, in input order, is the node's error.
		if (run?.status === 'rejected') throw run.reason;
		if (run?.status === 'fulfilled') output.push(...run.value);
	}
	return [inInputOrder(output)];
}

/** The one batch a pause sends: a pause resumes on one call back, and a batch posts one. */
function pausedBatchOf(run: RunContext, batches: BatchToSend[]): BatchToSend | undefined {
	if (batches.length > 1) {
		throw new NodeOperationError(run.getNode(), `Mode "Pause Until Called Back" sends one batch at a time, and these items make ${batches.length}`, {
			description: `Give the node at most ${MAX_ENTRIES} documents (or one item with its list) per run, e.g. with a "Loop Over Items" node before it, or choose another Mode. Nothing was sent to pdf noodle.`,
		});
	}
	return batches[0];
}

/** Sends the items' batch with the execution's resume URL as its webhook, and pauses the execution. */
async function pauseBatch(run: RunContext<IExecuteFunctions>, kind: BatchKind): Promise<INodeExecutionData[][]> {
	const { resumeUrl, timeoutMs } = pauseSettings(run);
	const planning = new Outcome(run);
	const drafts = draftBatches(run, kind, planning);
	// One batch at a time, refused before any template's variables are looked up.
	pausedBatchOf(run, drafts);
	const batches = await checkedBatches(run, kind, drafts, planning);
	if (batches.length === 0) return [planning.items];
	const batch = batches[0];
	const context = run.item(batch.settingsIndex);
	const sent = batch.entries.map((entry) => ({ itemIndex: entry.inputIndex, dataCheck: entry.dataCheck }));
	keepPlan(run, pausedPlanOf(run, sent, planning.items, batch.settingsIndex));
	try {
		await run.nextTurn();
		// The send of the polling path (`sendWork`); only what follows differs: the execution waits.
		const { answer } = await sendWork(context, batchRequest(kind, batch, { webhook: resumeUrl }));
		return await pauseForWork(run, { kind: 'batch', id: String(answer.batchRequestId ?? '') }, timeoutMs);
	} catch (error) {
		planning.fail(inputsOf(batch), asNodeError(context, error));
		return [inInputOrder(planning.items)];
	}
}

/**
 * The output of a paused batch once pdf noodle has posted it: what the polling path outputs,
 * from the batch the paused run kept (its entries' items, the items refused before it).
 */
export async function resumeBatch(run: RunContext, _awaited: AwaitedWork, record: IDataObject, plan: PausedPlan): Promise<INodeExecutionData[]> {
	const outcome = new Outcome(run);
	outcome.add(...(plan.refused ?? []));
	const entries = plan.sent.map((inputIndex, position) => ({ body: {}, inputIndex, dataCheck: plan.checks?.[position] ?? undefined }));
	await batchOutput(run, { entries, settingsIndex: plan.settings ?? plan.sent[0] ?? 0 }, record, outcome);
	return inInputOrder(outcome.items);
}

/** Batch → Render Templates and Batch → Render HTML, as operations of the whole node run. */
export function batchRender(kind: BatchKind): RunOperation {
	return async (run) => await renderBatches(run, kind);
}
