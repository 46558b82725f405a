/**
 * What the Batch renders' shared parameters say for an item, read and checked (their
 * parameters are declared with the renders, resources/batch/fields.ts): the Batch Options,
 * where the entries come from, a list per item (Entries (JSON)), the output settings, and the
 * top-level fields of a batch body, which the renders paused together take too.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_BATCH_ITEMS, type RenderSource } from '../../shared/api/endpoints';
import { invalidParameter, requireHttpUrl, requireWholeNumber } from '../../shared/errors/validation';
import { type FileOutput, fileOutputOf } from '../../shared/files/fileOutput';
import type { ItemContext } from '../runner/itemContext';
import { type DownloadSettings, downloadSettingsOf, type ParameterReader } from './fields';
import { ENTRY_OPTION_FIELDS, ENTRY_OPTION_FLAGS, oneBatchLifetime } from './renderOptions';

/** The Batch Options of one item: every read of them goes through here. */
interface BatchOptions {
	merge: boolean;
	alsoSingleFiles: boolean;
	/** Signed URL Lifetime (Seconds) as given, checked by `lifetimeOf`. */
	signedUrlExpiresIn?: unknown;
}

function batchOptionsOf(context: ParameterReader): BatchOptions {
	const { merge, alsoSingleFiles, signedUrlExpiresIn } = context.getNodeParameter('batchOptions', {}) as IDataObject;
	return { merge: merge === true, alsoSingleFiles: alsoSingleFiles === true, signedUrlExpiresIn };
}

/** The Signed URL Lifetime an item's Batch Options set, checked. */
export function lifetimeOf(context: ItemContext): number | undefined {
	const { signedUrlExpiresIn } = batchOptionsOf(context);
	return signedUrlExpiresIn === undefined ? undefined : requireWholeNumber(context, 'Signed URL Lifetime (Seconds)', signedUrlExpiresIn, 1);
}

/**
 * What a batch's output is made with, read for an input item when the batch is planned: its
 * file (Download File and its fields, File Name naming the item's documents), how the batch's
 * files come out and whether a merged batch also gives each document (those two, and the file's
 * field, from the batch's first item). A paused batch keeps it for its resume.
 */
export interface BatchOutputSettings extends DownloadSettings {
	fileOutput: FileOutput;
	alsoSingleFiles: boolean;
}

export function batchOutputSettingsOf(context: ParameterReader): BatchOutputSettings {
	return { ...downloadSettingsOf(context), fileOutput: fileOutputOf(context), alsoSingleFiles: batchOptionsOf(context).alsoSingleFiles };
}

/**
 * Where the run's entries come from (Batch Entries From), as its first item says: a list per
 * item, or each input item one document. Every read of it goes through here.
 */
export function entriesFromList(context: ParameterReader): boolean {
	return context.getNodeParameter('batchSource', 'inputItems') === 'list';
}

const TEMPLATE_ENTRY_FIELDS = ['templateId', 'data', 'externalId', ...ENTRY_OPTION_FIELDS];
const HTML_ENTRY_FIELDS = ['html', 'pdfParams', ...ENTRY_OPTION_FIELDS];

/** The entries of an item's JSON list (mode "A List per Item"), checked against the spec. */
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
	if (list.length < 1 || list.length > MAX_BATCH_ITEMS) {
		throw invalidParameter(context, parameter, `must hold 1 to ${MAX_BATCH_ITEMS} entries, not ${list.length}`);
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
		for (const flag of ENTRY_OPTION_FLAGS) {
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

/** What a batch's top-level fields are made of: Merge Into One PDF, its items' URL lifetimes, Mode, the Webhook URL. */
export interface BatchFieldsSet {
	merge?: boolean;
	/** Each item's Signed URL Lifetime, read after the merge is checked: a batch has one, so they must agree (`together` says why they go as one). */
	lifetimes: () => Array<number | undefined>;
	together: string;
	async: boolean;
	webhook?: string;
}

/**
 * The top-level fields of a batch body, only what is set: the one builder of them, for a
 * batch render's batch and for single renders paused together. A merged batch renders no PNG;
 * the items' Signed URL Lifetimes must agree.
 */
export function batchFields(context: ItemContext, set: BatchFieldsSet, entries: Array<{ body: IDataObject }> = []): IDataObject {
	const fields: IDataObject = {};
	const lifetime = oneBatchLifetime(context, set.lifetimes(), set.together);
	if (set.merge) {
		if (entries.some((entry) => entry.body.convertToImage === true)) {
			throw invalidParameter(context, 'Merge Into One PDF', 'cannot be used when an entry asks for PNG output');
		}
		fields.merge = true;
	}
	if (lifetime !== undefined) fields.signedUrlExpiresIn = lifetime;
	if (set.async) fields.async = true;
	if (set.webhook !== undefined && set.webhook !== '') fields.webhook = requireHttpUrl(context, 'Webhook URL', set.webhook);
	return fields;
}

/** A batch's top-level fields, from the item whose settings it takes: its Merge Into One PDF, and what `set` gives. */
export function batchFieldsOf(context: ItemContext, set: Omit<BatchFieldsSet, 'merge'>, entries: Array<{ body: IDataObject }>): IDataObject {
	const { merge } = batchOptionsOf(context);
	return batchFields(context, { ...set, merge }, entries);
}
