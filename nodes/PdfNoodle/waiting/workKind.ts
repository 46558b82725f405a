import type { IDataObject } from 'n8n-workflow';

import { isFinished, reportedStatusOf, statusPathOf, subjectOf, type WorkRecordKind } from '../../shared/api/records';
import type { WaitDefaults } from './settings';

/**
 * A family of background work, as the waits and the Get Status operations see it: what it is
 * called in messages, its waiting defaults, where its status is looked up, and when it is over.
 * Made by `workKindOf` from pdf noodle's words for the family's record (shared/api/records.ts).
 */
export interface WorkKind {
	/** The record the work is looked up as. */
	record: WorkRecordKind;
	/** What the work is, for messages: "render", "batch", ... */
	subject: string;
	defaults: WaitDefaults;
	statusPath(id: string): string;
	/** True once a status record shows a final state. */
	isFinished(record: IDataObject): boolean;
	/** The state a status record reports, for a message (undefined where it reports none). */
	stateOf(record: IDataObject): string | undefined;
	/** The field of the send's answer that names where the work is looked up (`statusUrl` when not said). */
	statusUrlField?: string;
	/** For this long after the wait began, a 404 means "not there yet" and is asked again. */
	notFoundGraceMs?: number;
	/**
	 * Whether the first status call waits one interval (the default): the work was just
	 * started, answered 202 or looked up, so asking at once would only hear that it is going.
	 */
	justLookedUp?: boolean;
}

/** What a family says beyond its record's words and its waiting defaults. */
type WorkKindExtras = Pick<WorkKind, 'statusUrlField' | 'notFoundGraceMs' | 'justLookedUp'>;

/** A family's work kind: its record's subject, status path and final states (records.ts), its waiting defaults. */
export function workKindOf(record: WorkRecordKind, defaults: WaitDefaults, extras: WorkKindExtras = {}): WorkKind {
	return {
		record,
		subject: subjectOf(record),
		defaults,
		statusPath: (id) => statusPathOf(record, id),
		isFinished: (status) => isFinished(record, status),
		stateOf: (status) => reportedStatusOf(record, status),
		...extras,
	};
}
