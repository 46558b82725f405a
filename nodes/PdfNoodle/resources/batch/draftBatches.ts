import type { IDataObject } from 'n8n-workflow';

import type { RenderSource } from '../../../shared/api/endpoints';
import { invalidParameter, requireWholeNumber } from '../../../shared/errors/validation';
import { modeOf } from '../../pause/mode';
import { PAUSE_MODE } from '../../pause/pause';
import type { ItemContext } from '../../runner/itemContext';
import type { Outcome } from '../../runner/outcome';
import type { RunContext } from '../../runner/runContext';
import { waitSettings } from '../../waiting/settings';
import type { BatchToSend } from './batch';
import { inputsOf } from './batchOutput';
import { BATCH_WAIT_DEFAULTS, batchOptionsOf, batchOutputSettingsOf, entriesFromList } from './fields';
import { completedSideBySide } from '../document/document';
import { batchFields, checkListEntries, chunkEntries, entriesOfList, entryOfItem, MAX_BODY_BYTES, type PlannedBatch } from './plan';

/** The Signed URL Lifetime an item's Batch Options set, checked. */
function lifetimeOf(context: ItemContext): number | undefined {
	const { signedUrlExpiresIn } = batchOptionsOf(context);
	return signedUrlExpiresIn === undefined ? undefined : requireWholeNumber(context, 'Signed URL Lifetime (Seconds)', signedUrlExpiresIn, 1);
}

/**
 * The top-level fields of a batch body (plan.ts, `batchFields`), from the batch's first item:
 * Merge Into One PDF, the Signed URL Lifetime of every item of the batch (which must agree),
 * Mode (a paused batch is asynchronous too; its webhook is the resume URL, given when it is
 * sent) and the Webhook URL.
 */
function fieldsOfBatch(run: RunContext, batch: PlannedBatch): IDataObject {
	const context = run.item(batch.settingsIndex);
	const merge = batchOptionsOf(context).merge;
	const lifetimes = () => inputsOf(batch).map((inputIndex) => lifetimeOf(run.item(inputIndex)));
	const mode = modeOf(context);
	const webhook = mode === PAUSE_MODE ? '' : String(context.getNodeParameter('webhook', '') ?? '').trim();
	return batchFields(context, { merge, lifetimes, together: 'of one batch (up to 20 input items go as one batch)', async: mode !== 'sync', webhook }, batch.entries);
}

/**
 * Plans every batch from the input, every parameter of every item and of every batch
 * checked, before anything is asked of pdf noodle (`checkedBatches` then checks the data).
 */
export function draftBatches(run: RunContext, source: RenderSource, outcome: Outcome): BatchToSend[] {
	let batches: PlannedBatch[];
	if (entriesFromList(run.item(0))) {
		batches = outcome.eachItem((context, inputIndex) => {
			const output = batchOutputSettingsOf(context);
			return { entries: entriesOfList(context, source).map((body) => ({ body, inputIndex, output })), settingsIndex: inputIndex };
		});
	} else {
		const entries = outcome.eachItem((context, inputIndex) => entryOfItem(context, source, inputIndex));
		batches = chunkEntries(entries, (entry, bytes) =>
			outcome.fail(
				[entry.inputIndex],
				invalidParameter(run.item(entry.inputIndex), source === 'html' ? 'HTML' : 'Data (JSON)', `makes an entry of ${(bytes / 1024 / 1024).toFixed(1)} MB, over the 3 MB a batch may carry`),
			),
		);
	}
	const planned: BatchToSend[] = [];
	for (const batch of batches) {
		try {
			const settings = run.item(batch.settingsIndex);
			planned.push({ ...batch, fields: fieldsOfBatch(run, batch), wait: waitSettings(settings, BATCH_WAIT_DEFAULTS), output: batchOutputSettingsOf(settings) });
		} catch (error) {
			outcome.fail(inputsOf(batch), error);
		}
	}
	return planned;
}

/** The planned batches with each template's data checked (Check Data Against Template) and their size too. */
export async function checkedBatches(run: RunContext, source: RenderSource, planned: BatchToSend[], outcome: Outcome): Promise<BatchToSend[]> {
	const fromList = entriesFromList(run.item(0));
	const checked: BatchToSend[] = [];
	for (const batch of planned) {
		const withData = source === 'template' ? await withCheckedData(run, batch, fromList, outcome) : batch;
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
	const entries = await completedSideBySide(batch.entries, outcome);
	return entries.length > 0 ? { ...batch, entries } : undefined;
}
