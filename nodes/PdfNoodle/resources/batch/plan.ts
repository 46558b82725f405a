/**
 * The plan of the batch renders, the one planning file of the batch family: what an entry and
 * a batch are, how the run's input becomes batches (from input items, up to 20 a batch and
 * under 3 MB, or a list per item), every parameter of every item and batch checked before
 * anything is sent, then the templates' data; and the join of several merged batches. The
 * waiting defaults and the output settings are in the plan; batch.ts sends and outputs it.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MAX_BATCH_ITEMS, RENDER_PATHS, type RenderSource } from '../../../shared/api/endpoints';
import { invalidParameter } from '../../../shared/errors/validation';
import type { ApiRequest } from '../../../shared/transport/transport';
import { templateDataChecksOf } from '../../dataCheck/dataChecks';
import { BATCH_HTML_SOURCE } from '../../fields/documentSource';
import { type BatchOutputSettings, batchFieldsOf, batchOutputSettingsOf, entriesFromList, entriesOfList, lifetimeOf } from '../../fields/batchSettings';
import { oneBatchLifetime } from '../../fields/renderOptions';
import { modeOf } from '../../pause/mode';
import { PAUSE_MODE } from '../../pause/pause';
import type { Outcome } from '../../runner/outcome';
import { inputsOf } from '../../runner/pairing';
import type { RunContext } from '../../runner/runContext';
import { type WaitDefaults, type WaitSettings, waitSettings } from '../../waiting/settings';
import { completedSideBySide, type DocumentDraft, type DocumentParameters, documentOf } from '../document/document';
import type { ToolPlan } from '../pdfTool/tool';

/** Batches of up to 20 documents take longer than single renders. */
export const BATCH_WAIT_DEFAULTS: WaitDefaults = { pollIntervalSeconds: 3, timeoutSeconds: 600 };

/** Where an entry's document is (document/document.ts): its own parameter names, kept from the first release so saved workflows stay valid. */
export const BATCH_DOCUMENT: DocumentParameters = {
	data: { mode: 'documentDataMode', json: 'documentData', mapper: 'documentVariables', asText: 'documentVariablesAsText' },
	html: BATCH_HTML_SOURCE,
	batchEntry: true,
};

/** One document of a batch: its body (`withData` completes it), its data check, its input item and that item's output settings. */
export interface BatchEntry extends DocumentDraft {
	inputIndex: number;
	output: BatchOutputSettings;
	dataCheck?: IDataObject;
}

/** A batch checked and ready: its entries (1 to 20), top-level fields, waiting and output settings (its first item's, `settingsIndex`). */
export interface Batch {
	source: RenderSource;
	entries: BatchEntry[];
	settingsIndex: number;
	fields: IDataObject;
	wait: WaitSettings;
	output: BatchOutputSettings;
}

/** The API's body limit is 3 MB: what the node sends stays below it; a batch keeps `ENVELOPE_BYTES` of it for its top-level fields (merge, webhook, ...). */
const MAX_BODY_BYTES = 3 * 1024 * 1024;
const ENVELOPE_BYTES = 2048;

/**
 * The request of a batch: its entries and top-level fields. The one builder of a batch body,
 * whether the node waits for the batch or pauses (the pause adds the resume URL as its webhook),
 * and for a pause of several single renders, which go as one batch (document/renderDocuments.ts).
 */
export function batchRequest(source: RenderSource, batch: { entries: Array<{ body: IDataObject }>; fields: IDataObject }): ApiRequest {
	return { method: 'POST', url: RENDER_PATHS[source].batch, body: { items: batch.entries.map((entry) => entry.body), ...batch.fields } };
}

/** An entry too large for any batch, and its size in bytes. */
type TooLarge = { entry: BatchEntry; bytes: number };

/** Cuts entries into batches of at most 20 whose bodies stay under 3 MB; an entry too large alone goes to `tooLarge`. */
function chunked(entries: BatchEntry[]): { groups: BatchEntry[][]; tooLarge: TooLarge[] } {
	const groups: BatchEntry[][] = [];
	const tooLarge: TooLarge[] = [];
	let current: BatchEntry[] = [];
	let size = ENVELOPE_BYTES;
	for (const entry of entries) {
		const bytes = Buffer.byteLength(JSON.stringify(entry.body), 'utf8') + 1;
		if (bytes + ENVELOPE_BYTES > MAX_BODY_BYTES) {
			tooLarge.push({ entry, bytes });
			continue;
		}
		if (current.length === MAX_BATCH_ITEMS || size + bytes > MAX_BODY_BYTES) {
			groups.push(current);
			current = [];
			size = ENVELOPE_BYTES;
		}
		current.push(entry);
		size += bytes;
	}
	if (current.length > 0) groups.push(current);
	return { groups, tooLarge };
}

/**
 * A batch of entries, planned from its first item: the top-level fields (Merge Into One PDF,
 * the Signed URL Lifetime of every item, which must agree, Mode: a paused batch is
 * asynchronous too, its webhook the resume URL given when it is sent; the Webhook URL), the
 * waiting and the output settings.
 */
function batchOf(run: RunContext, source: RenderSource, entries: BatchEntry[]): Batch {
	const settingsIndex = entries[0].inputIndex;
	const context = run.item(settingsIndex);
	const mode = modeOf(context);
	const webhook = mode === PAUSE_MODE ? '' : String(context.getNodeParameter('webhook', '') ?? '').trim();
	const fields = batchFieldsOf(
		context,
		{
			lifetimes: () => inputsOf({ entries }).map((inputIndex) => lifetimeOf(run.item(inputIndex))),
			together: 'of one batch (up to 20 input items go as one batch)',
			async: mode !== 'sync',
			webhook,
		},
		entries,
	);
	// The output settings of the batch's first item, read when its entry was drafted, are the batch's.
	return { source, entries, settingsIndex, fields, wait: waitSettings(context, BATCH_WAIT_DEFAULTS), output: entries[0].output };
}

/**
 * Every batch of the run's input, every parameter of every item and of every batch checked,
 * nothing asked of pdf noodle yet: a list per item (each item one batch), or the input items'
 * documents, built by the one document builder, cut into batches.
 */
function draftBatches(run: RunContext, source: RenderSource, outcome: Outcome): Batch[] {
	let groups: BatchEntry[][];
	let tooLarge: TooLarge[] = [];
	if (entriesFromList(run.item(0))) {
		groups = outcome.eachItem((context, inputIndex) => {
			const output = batchOutputSettingsOf(context);
			return entriesOfList(context, source).map((body) => ({ body, inputIndex, output }));
		});
	} else {
		const entries = outcome.eachItem((context, inputIndex): BatchEntry => ({ output: batchOutputSettingsOf(context), ...documentOf(context, source, BATCH_DOCUMENT), inputIndex }));
		({ groups, tooLarge } = chunked(entries));
	}
	const batches: Batch[] = [];
	for (const entries of groups) {
		try {
			batches.push(batchOf(run, source, entries));
		} catch (error) {
			outcome.fail(inputsOf({ entries }), error);
		}
	}
	// An entry too large for any batch fails its own item (the outcome keeps the input order).
	const parameter = source === 'html' ? 'HTML' : 'Data (JSON)';
	for (const { entry, bytes } of tooLarge) {
		outcome.fail([entry.inputIndex], invalidParameter(run.item(entry.inputIndex), parameter, `makes an entry of ${(bytes / 1024 / 1024).toFixed(1)} MB, over the 3 MB a batch may carry`));
	}
	return batches;
}

/**
 * A template batch with its data checked: each entry from an input item completed (Map
 * Automatically) and checked, a refused one failing its item alone; a list checked entry by
 * entry, a refused entry failing the item's whole list. Undefined when nothing is left to send.
 */
async function withCheckedData(run: RunContext, batch: Batch, outcome: Outcome): Promise<Batch | undefined> {
	if (!entriesFromList(run.item(0))) {
		const entries = await completedSideBySide(batch.entries, outcome);
		return entries.length > 0 ? { ...batch, entries } : undefined;
	}
	try {
		const context = run.item(batch.settingsIndex);
		const checks = templateDataChecksOf(context);
		const entries: BatchEntry[] = [];
		for (const [index, entry] of batch.entries.entries()) {
			const document = { templateId: String(entry.body.templateId).trim(), data: entry.body.data as IDataObject, parameter: 'Entries (JSON)', where: `entry ${index + 1}` };
			entries.push({ ...entry, dataCheck: await checks.check(context, document) });
		}
		return { ...batch, entries };
	} catch (error) {
		outcome.fail(inputsOf(batch), error);
		return undefined;
	}
}

/** The merge tool's range of `expiration` (api-spec.md), which the one PDF's URL takes from Signed URL Lifetime. */
const TOOL_LIFETIME = { min: 60, max: 604800 };

/**
 * The join of the batches' merged files, when Merge Into One PDF has more than one batch to
 * merge (entries from input items: a list per item is that item's own batch): the merge
 * tool's plan, checked before anything is sent; undefined when there is nothing to join. The
 * join needs every batch's finished record, so it is refused where the node would not wait
 * for them (Wait for Completion off), and where pdf noodle would post each batch, with only its
 * own merged file, to a Webhook URL. The merge tool takes any number of URLs from 2 (the spec
 * states no upper bound), so one request joins them all.
 */
function joinOf(run: RunContext, batches: Batch[]): ToolPlan | undefined {
	if (entriesFromList(run.item(0)) || batches.length < 2 || !batches.some((batch) => batch.fields.merge === true)) return undefined;
	const why = `"Merge Into One PDF" joins the ${batches.length} batches these items make (up to ${MAX_BATCH_ITEMS} documents each) into one PDF`;
	const fewerItems = `give the node at most ${MAX_BATCH_ITEMS} items per run (e.g. with a "Loop Over Items" node before it)`;
	for (const batch of batches) {
		const context = run.item(batch.settingsIndex);
		if (batch.fields.merge !== true) throw invalidParameter(context, 'Merge Into One PDF', `must be the same for every item: ${why}`);
		if (!batch.wait.waitForCompletion) {
			throw invalidParameter(context, 'Wait for Completion', `must be on: ${why} once every batch has finished`, `Turn "Wait for Completion" on, or ${fewerItems}.`);
		}
		if (batch.fields.webhook !== undefined) {
			throw invalidParameter(context, 'Webhook URL', `cannot be used: ${why}, and pdf noodle would post each batch to the webhook with only its own merged file`, `Leave "Webhook URL" empty and use this node's output, or ${fewerItems}.`);
		}
	}
	const context = run.item(batches[0].settingsIndex);
	const lifetime = oneBatchLifetime(context, batches.map((batch) => batch.fields.signedUrlExpiresIn as number | undefined), 'whose documents are merged into one PDF');
	if (lifetime !== undefined && (lifetime < TOOL_LIFETIME.min || lifetime > TOOL_LIFETIME.max)) {
		throw invalidParameter(context, 'Signed URL Lifetime (Seconds)', `must be from ${TOOL_LIFETIME.min} to ${TOOL_LIFETIME.max} (the merge tool's range), not ${lifetime}: ${why}, whose URL lasts as long`);
	}
	const { download, field } = batches[0].output; // the one PDF comes out as the first batch's merged file would
	return { body: lifetime === undefined ? {} : { expiration: lifetime }, wait: batches[0].wait, output: { download, field, fileOutput: 'itemPerFile', downloadZip: false } };
}

/**
 * The run's batches, planned: drafted (`draftBatches`), checked as a whole before any
 * template's variables are looked up (their join; a pause sends one batch at a time, and a
 * batch posts one call back), then each template's data checked (Check Data Against Template)
 * and each body's size. A refused item or batch fails its items. Out come the batches, and
 * the join of their merged files when they have one (`joinOf`).
 */
export async function plannedBatches(run: RunContext, source: RenderSource, outcome: Outcome, paused = false): Promise<{ batches: Batch[]; join?: ToolPlan }> {
	const drafts = draftBatches(run, source, outcome);
	if (paused && drafts.length > 1) {
		throw new NodeOperationError(run.getNode(), `Mode "Pause Until Called Back" sends one batch at a time, and these items make ${drafts.length}`, {
			description: `Give the node at most ${MAX_BATCH_ITEMS} documents (or one item with its list) per run, e.g. with a "Loop Over Items" node before it, or choose another Mode. Nothing was sent to pdf noodle.`,
		});
	}
	let join: ToolPlan | undefined;
	try {
		join = paused ? undefined : joinOf(run, drafts);
	} catch (error) {
		// Refused before anything is sent: every item the batches were for fails with it.
		outcome.fail(drafts.flatMap(inputsOf), error);
		return { batches: [] };
	}
	const batches: Batch[] = [];
	for (const draft of drafts) {
		const batch = source === 'template' ? await withCheckedData(run, draft, outcome) : draft;
		if (!batch) continue;
		try {
			const size = Buffer.byteLength(JSON.stringify(batchRequest(source, batch).body), 'utf8');
			if (size >= MAX_BODY_BYTES) {
				throw invalidParameter(run.item(batch.settingsIndex), 'Entries (JSON)', `make a batch body of ${(size / 1024 / 1024).toFixed(1)} MB, over the 3 MB limit`);
			}
			batches.push(batch);
		} catch (error) {
			outcome.fail(inputsOf(batch), error);
		}
	}
	return { batches, join };
}
