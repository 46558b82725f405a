import type { IDataObject } from 'n8n-workflow';

import { MAX_BATCH_ITEMS, type RenderSource } from '../../../shared/api/endpoints';
import { invalidParameter } from '../../../shared/errors/validation';
import { BATCH_HTML_SOURCE, documentText } from '../../fields/documentSource';
import { printSettingsBody } from '../../fields/printSettings';
import { renderOptionsBody } from '../../fields/renderOptions';
import { checkedTemplateData, knownTemplateData } from '../../dataCheck/checkedData';
import { templateDataChecksOf } from '../../dataCheck/dataChecks';
import { templateIdOf } from '../../fields/templateLocator';
import type { ItemContext } from '../../runner/itemContext';
import { BATCH_DATA_NAMES, type BatchOutputSettings, batchOutputSettingsOf } from './fields';

/** A batch entry's data completed and checked (dataCheck/), and what the check found. */
export interface CheckedEntry {
	body: IDataObject;
	dataCheck?: IDataObject;
}

/**
 * One document of a batch, the input item it is for and that item's output settings (its
 * File Name names the document); `withData`, until the data check has run, completes its
 * body once the template's variables are looked up.
 */
export interface PlannedEntry extends CheckedEntry {
	inputIndex: number;
	output: BatchOutputSettings;
	withData?: () => Promise<CheckedEntry>;
}

/** A batch to send: its entries (1 to 20) and the input items it answers for. */
export interface PlannedBatch {
	entries: PlannedEntry[];
	/** The item whose batch parameters (merge, webhook, output, ...) the batch uses: its first. */
	settingsIndex: number;
}

/** A batch and what its output is made with: the output settings of its `settingsIndex` item. */
export interface OutputBatch extends PlannedBatch {
	output: BatchOutputSettings;
}

export const MAX_ENTRIES = MAX_BATCH_ITEMS;
/** The API's body limit is 3 MB; what the node sends stays below it. */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

/**
 * The batch entry an input item stands for (mode "Input Items"), every parameter checked;
 * a template entry's `withData` runs the data check (and Map Automatically) later, so that
 * every item is checked before pdf noodle is asked for anything.
 */
export function entryOfItem(context: ItemContext, source: RenderSource): Omit<PlannedEntry, 'inputIndex'> {
	const output = batchOutputSettingsOf(context);
	if (source === 'template') {
		const templateId = templateIdOf(context);
		const known = knownTemplateData(context, BATCH_DATA_NAMES);
		const options = renderOptionsBody(context, 'template', true);
		return {
			body: { templateId, data: known ?? {}, ...options },
			output,
			withData: async () => {
				const { data, dataCheck } = await checkedTemplateData(context, BATCH_DATA_NAMES, templateId, known);
				return { body: { templateId, data, ...options }, dataCheck };
			},
		};
	}
	const entry: IDataObject = { html: documentText(context, BATCH_HTML_SOURCE) };
	const pdfParams = printSettingsBody(context, 'printSettings', 'Print Settings');
	if (pdfParams) entry.pdfParams = pdfParams;
	return { body: { ...entry, ...renderOptionsBody(context, 'html', true) }, output };
}

/**
 * The data checks of a list's template entries (mode "A List per Item"), in order: what each
 * entry's `dataCheck` says; a refused entry refuses the item's whole list (one batch).
 */
export async function checkListEntries(context: ItemContext, entries: IDataObject[]): Promise<Array<IDataObject | undefined>> {
	const checks = templateDataChecksOf(context);
	const found: Array<IDataObject | undefined> = [];
	for (const [index, entry] of entries.entries()) {
		const document = { templateId: String(entry.templateId).trim(), data: entry.data as IDataObject, parameter: 'Entries (JSON)', where: `entry ${index + 1}` };
		found.push(await checks.check(context, document));
	}
	return found;
}

const TEMPLATE_ENTRY_FIELDS = ['templateId', 'data', 'externalId', 'convertToImage', 's3_bucket', 's3_key', 'metadata', 'hasCover', 'debug'];
const HTML_ENTRY_FIELDS = ['html', 'pdfParams', 'convertToImage', 's3_bucket', 's3_key', 'metadata', 'hasCover', 'debug'];

/** The entries of a JSON list (mode "A List per Item"), checked against the spec. */
export function entriesOfList(context: ItemContext, source: RenderSource): IDataObject[] {
	const parameter = 'Entries (JSON)';
	let list: unknown = context.getNodeParameter('entries');
	if (typeof list === 'string') {
		try {
			list = JSON.parse(list);
		} catch (error) {
			throw invalidParameter(context, parameter, `must be a JSON list (${(error as Error).message})`);
		}
	}
	if (!Array.isArray(list)) throw invalidParameter(context, parameter, 'must be a JSON list of entries');
	if (list.length < 1 || list.length > MAX_ENTRIES) {
		throw invalidParameter(context, parameter, `must hold 1 to ${MAX_ENTRIES} entries, not ${list.length}`);
	}
	const allowed = source === 'template' ? TEMPLATE_ENTRY_FIELDS : HTML_ENTRY_FIELDS;
	return list.map((entry: unknown, index) => {
		const where = `entry ${index + 1}`;
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
			throw invalidParameter(context, parameter, `${where} must be an object`);
		}
		const fields = entry as IDataObject;
		const unknown = Object.keys(fields).filter((field) => !allowed.includes(field));
		if (unknown.length > 0) throw invalidParameter(context, parameter, `${where} has unknown fields: ${unknown.join(', ')}`);
		if (source === 'template') {
			if (typeof fields.templateId !== 'string' || fields.templateId.trim() === '') {
				throw invalidParameter(context, parameter, `${where} needs a templateId`);
			}
			if (fields.data === null || typeof fields.data !== 'object' || Array.isArray(fields.data)) {
				throw invalidParameter(context, parameter, `${where} needs data as an object`);
			}
		} else if (typeof fields.html !== 'string' || fields.html.trim() === '') {
			throw invalidParameter(context, parameter, `${where} needs html`);
		}
		const sent = { ...fields };
		for (const flag of ['convertToImage', 'hasCover', 'debug']) {
			if (fields[flag] !== undefined && typeof fields[flag] !== 'boolean') {
				throw invalidParameter(context, parameter, `${where}: ${flag} must be true or false`);
			}
			// Off is the service's default: left out of the body, never sent as false (api-notes.md).
			if (fields[flag] === false) delete sent[flag];
		}
		if (fields.s3_key !== undefined && fields.s3_bucket === undefined) {
			throw invalidParameter(context, parameter, `${where}: s3_key can only be used with s3_bucket`);
		}
		return sent;
	});
}

/** Cuts entries into batches of at most 20 whose bodies stay under 3 MB; an entry too large alone is reported. */
export function chunkEntries(
	entries: PlannedEntry[],
	onTooLarge: (entry: PlannedEntry, bytes: number) => void,
): PlannedBatch[] {
	const batches: PlannedBatch[] = [];
	let current: PlannedEntry[] = [];
	// Room for the top-level fields (merge, webhook, ...) around the entries.
	const envelope = 2048;
	let size = envelope;
	for (const entry of entries) {
		const bytes = Buffer.byteLength(JSON.stringify(entry.body), 'utf8') + 1;
		if (bytes + envelope > MAX_BODY_BYTES) {
			onTooLarge(entry, bytes);
			continue;
		}
		if (current.length === MAX_ENTRIES || size + bytes > MAX_BODY_BYTES) {
			batches.push({ entries: current, settingsIndex: current[0].inputIndex });
			current = [];
			size = envelope;
		}
		current.push(entry);
		size += bytes;
	}
	if (current.length > 0) batches.push({ entries: current, settingsIndex: current[0].inputIndex });
	return batches;
}
