import type { IDataObject } from 'n8n-workflow';

import { batchStatusPath, renderStatusPath, templatePath, toolStatusPath } from './endpoints';

/**
 * The records pdf noodle keeps of the work it does: a render (one document), a batch (up to
 * 20), a PDF tool job and a template being created. What each is called in them (its ID
 * field, its status field), its states, when it is finished and where it is looked up are
 * written here once; the waits, the Get Status operations, the outputs, the pause and the
 * trigger all read them from here, and no other file writes a state (test/unit/records.test.ts).
 */
export type WorkRecordKind = 'render' | 'batch' | 'tool' | 'creation';

/** The records pdf noodle posts to a webhook (a render result, a batch record): what the trigger and the pause receive. */
export type RecordKind = Extract<WorkRecordKind, 'render' | 'batch'>;

/** Every state of the spec's "States and transitions", and PENDING, which api-notes.md adds for a creation. */
export const STATE = {
	ongoing: 'ONGOING',
	pending: 'PENDING',
	success: 'SUCCESS',
	partialSuccess: 'PARTIAL_SUCCESS',
	failed: 'FAILED',
} as const;

export type State = (typeof STATE)[keyof typeof STATE];

interface RecordWords {
	/** What the work is called in messages: "render", "batch", ... */
	subject: string;
	idField: string;
	statusField: string;
	/** Every state the spec names for the kind. */
	states: readonly State[];
	/**
	 * The states in which the work is over and the record holds its results. ONGOING, no status
	 * or one the spec does not name is not finished: a wait asks again, a call back is refused.
	 * A batch that is PARTIAL_SUCCESS is finished (some documents failed, none is still going).
	 */
	finishedStates: readonly State[];
	statusPath(id: string): string;
}

const RECORD_WORDS: Record<WorkRecordKind, RecordWords> = {
	render: {
		subject: 'render',
		idField: 'requestId',
		statusField: 'renderStatus',
		states: [STATE.ongoing, STATE.success, STATE.failed],
		finishedStates: [STATE.success, STATE.failed],
		statusPath: renderStatusPath,
	},
	batch: {
		subject: 'batch',
		idField: 'batchRequestId',
		statusField: 'status',
		states: [STATE.ongoing, STATE.success, STATE.partialSuccess, STATE.failed],
		finishedStates: [STATE.success, STATE.partialSuccess, STATE.failed],
		statusPath: batchStatusPath,
	},
	// api-notes.md: `{requestId, status: ONGOING|SUCCESS|FAILED, result, metadata}`.
	tool: {
		subject: 'PDF tool',
		idField: 'requestId',
		statusField: 'status',
		states: [STATE.ongoing, STATE.success, STATE.failed],
		finishedStates: [STATE.success, STATE.failed],
		statusPath: toolStatusPath,
	},
	// The template's own lookup answers the creation status record, then the template itself (`isFinished`).
	creation: {
		subject: 'template creation',
		idField: 'templateId',
		statusField: 'status',
		states: [STATE.pending, STATE.ongoing, STATE.success, STATE.failed],
		finishedStates: [STATE.success, STATE.failed],
		statusPath: templatePath,
	},
};

/** A creation still queued or going: any other status ends the wait (and, but SUCCESS, fails the item). */
const CREATION_GOING: readonly string[] = [STATE.pending, STATE.ongoing];

export function isRecordKind(value: unknown): value is RecordKind {
	return value === 'render' || value === 'batch';
}

/** What the work is called in messages ("render", "batch", "PDF tool", "template creation"). */
export function subjectOf(kind: WorkRecordKind): string {
	return RECORD_WORDS[kind].subject;
}

/** The ID a record or an answer names, or undefined where it names none. */
export function namedIdOf(kind: WorkRecordKind, record: IDataObject): string | undefined {
	const id = record[RECORD_WORDS[kind].idField];
	return id === undefined || id === null ? undefined : String(id);
}

/**
 * The ID of a render result (`requestId`) or a batch record (`batchRequestId`), ... that names
 * one: a call `eventOf` accepted, or a record it names. An answer that may lack it: `namedIdOf`.
 */
export function recordIdOf(kind: WorkRecordKind, record: IDataObject): string {
	return namedIdOf(kind, record) ?? '';
}

/**
 * The longest record ID (`requestId`, `batchRequestId`, `templateId`) any path of the package
 * takes: a trigger call, the pause's call back, a Get Status parameter, a status lookup. pdf
 * noodle's IDs are short tokens (a UUID, 36 characters); 128 leaves room for a longer format
 * and still bounds what an outsider's ID costs: a 900 kB `requestId` posted 40 times made n8n
 * remember, save and look up 36 MB (issue 60). What the trigger remembers per trigger follows
 * from it (docs/trigger.md).
 */
export const MAX_RECORD_ID_LENGTH = 128;

/** Why `id`, given as `field`, is not a record ID the service could have issued, or undefined when it could be. */
export function recordIdRule(field: string, id: string): string | undefined {
	if (id === '') return `${field} is empty: a pdf noodle ID has 1 to ${MAX_RECORD_ID_LENGTH} characters`;
	if (id.length <= MAX_RECORD_ID_LENGTH) return undefined;
	return `${field} has ${id.length} characters: a pdf noodle ID has at most ${MAX_RECORD_ID_LENGTH}`;
}

/**
 * Why a posted render result or batch record (one `eventOf` accepted) names an ID no pdf noodle
 * record could have: its own ID empty or over the bound, or a batch result's `requestId` over
 * it (those name the files of an unconfirmed batch); undefined when every ID is within it.
 */
export function postedIdsRule(kind: RecordKind, record: IDataObject): string | undefined {
	const own = recordIdRule(RECORD_WORDS[kind].idField, recordIdOf(kind, record));
	if (own || kind !== 'batch' || !Array.isArray(record.results)) return own;
	for (const [index, result] of (record.results as unknown[]).entries()) {
		const id = (result as IDataObject | null)?.requestId;
		if (typeof id === 'string' && id.length > MAX_RECORD_ID_LENGTH) return recordIdRule(`results[${index}].requestId`, id);
	}
	return undefined;
}

/** The status of a render result (`renderStatus`) or of any other record (`status`). */
export function recordStatusOf(kind: WorkRecordKind, record: IDataObject): string {
	return String(record[RECORD_WORDS[kind].statusField]);
}

/** The status the record reports, if it reports one. */
export function reportedStatusOf(kind: WorkRecordKind, record: IDataObject): string | undefined {
	const status = record[RECORD_WORDS[kind].statusField];
	return typeof status === 'string' ? status : undefined;
}

/** Whether the record's status is one the spec names for its kind (ONGOING included). */
export function hasKnownStatus(kind: WorkRecordKind, record: IDataObject): boolean {
	return (RECORD_WORDS[kind].states as readonly string[]).includes(recordStatusOf(kind, record));
}

/**
 * Whether the work is over: the record's status is one of its kind's final states. A creation
 * is over once the lookup answers the template itself, or any status but PENDING and ONGOING.
 */
export function isFinished(kind: WorkRecordKind, record: IDataObject): boolean {
	if (kind === 'creation') return record.template !== undefined || !CREATION_GOING.includes(recordStatusOf(kind, record));
	return (RECORD_WORDS[kind].finishedStates as readonly string[]).includes(recordStatusOf(kind, record));
}

/** Whether the record says the work succeeded (for a batch: every document rendered). */
export function succeeded(kind: WorkRecordKind, record: IDataObject): boolean {
	return recordStatusOf(kind, record) === STATE.success;
}

/** Whether the record says the work failed (for a batch: every document). */
export function failed(kind: WorkRecordKind, record: IDataObject): boolean {
	return recordStatusOf(kind, record) === STATE.failed;
}

/** Where a render, batch, tool job or creation is looked up, below the Base URL. */
export function statusPathOf(kind: WorkRecordKind, id: string): string {
	return RECORD_WORDS[kind].statusPath(id);
}
