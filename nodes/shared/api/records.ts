import type { IDataObject } from 'n8n-workflow';

import { batchStatusPath, renderStatusPath } from './endpoints';

/**
 * The records pdf noodle keeps of the work it does: a render (one document) and a batch (up
 * to 20). What each is called in them (its ID field, its status field), its states, when it
 * is finished and where it is looked up are written here once; the waits, the Get Status
 * operations, the pause and the trigger all read them from here.
 */
export type RecordKind = 'render' | 'batch';

interface RecordWords {
	idField: string;
	statusField: string;
	/** Every state the spec names for the kind. */
	states: readonly string[];
	/**
	 * The states in which the work is over and the record holds its results. ONGOING, no status
	 * or one the spec does not name is not finished: a wait asks again, a call back is refused.
	 * A batch that is PARTIAL_SUCCESS is finished (some documents failed, none is still going).
	 */
	finishedStates: readonly string[];
	statusPath(id: string): string;
}

const RECORD_WORDS: Record<RecordKind, RecordWords> = {
	render: {
		idField: 'requestId',
		statusField: 'renderStatus',
		states: ['ONGOING', 'SUCCESS', 'FAILED'],
		finishedStates: ['SUCCESS', 'FAILED'],
		statusPath: renderStatusPath,
	},
	batch: {
		idField: 'batchRequestId',
		statusField: 'status',
		states: ['ONGOING', 'SUCCESS', 'PARTIAL_SUCCESS', 'FAILED'],
		finishedStates: ['SUCCESS', 'PARTIAL_SUCCESS', 'FAILED'],
		statusPath: batchStatusPath,
	},
};

export function isRecordKind(value: unknown): value is RecordKind {
	return typeof value === 'string' && Object.prototype.hasOwnProperty.call(RECORD_WORDS, value);
}

/** The ID of a render result (`requestId`) or a batch record (`batchRequestId`). */
export function recordIdOf(kind: RecordKind, record: IDataObject): string {
	return String(record[RECORD_WORDS[kind].idField]);
}

/** The status of a render result (`renderStatus`) or a batch record (`status`). */
export function recordStatusOf(kind: RecordKind, record: IDataObject): string {
	return String(record[RECORD_WORDS[kind].statusField]);
}

/** Whether the record's status is one the spec names for its kind (ONGOING included). */
export function hasKnownStatus(kind: RecordKind, record: IDataObject): boolean {
	return RECORD_WORDS[kind].states.includes(recordStatusOf(kind, record));
}

/** Whether the work is over: the record's status is one of its kind's final states. */
export function isFinished(kind: RecordKind, record: IDataObject): boolean {
	return RECORD_WORDS[kind].finishedStates.includes(recordStatusOf(kind, record));
}

/** Where a render or batch is looked up, below the Base URL. */
export function statusPathOf(kind: RecordKind, id: string): string {
	return RECORD_WORDS[kind].statusPath(id);
}
