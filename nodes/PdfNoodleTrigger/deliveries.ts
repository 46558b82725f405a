import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { MAX_RECORD_ID_LENGTH, type RecordKind, recordIdOf } from '../shared/api/records';
import { claimHere, releaseHere } from './claimHere';

/**
 * Each render or batch starts the workflow once. Confirmation proves that a render exists, not
 * that a call about it is new: a delivery posted again (a replay by whoever saw it, or the
 * service trying again) would otherwise start the workflow a second time, and mail the same
 * invoice twice. The IDs that started it are remembered in the workflow's static data, which
 * n8n reads from its database for each webhook call and saves after it, so the memory holds
 * across restarts and across webhook processors in queue mode.
 *
 * n8n saves the static data only where it finds it marked changed, and a run it starts before
 * saving clears that mark (n8n 2.x starts the run, then answers and saves): a claim marks the
 * memory again when n8n reads the answer (`Claim.remember`, receive.ts's startedAnswer). n8n reads and saves the whole static data per call, with nothing to claim
 * an ID atomically; within one running n8n, `claimHere` keeps overlapping calls from starting a
 * delivery twice or saving a memory without each other's IDs. Calls that overlap in different
 * n8n processes (two webhook processors in queue mode) may still do both (docs/trigger.md).
 */

/** The parameter that turns this off, for users who want every call. */
export const START_ONCE = 'startOnce';

/**
 * How many IDs are remembered: the newest, so that what n8n saves per call stays small. With
 * IDs of at most MAX_RECORD_ID_LENGTH characters (the trigger refuses longer ones before this),
 * at most about 138 kB of static data (docs/trigger.md; about 46 kB with real UUIDs).
 */
export const REMEMBERED_DELIVERIES = 1000;

/** A remembered entry: `render:` or `batch:` and an ID within the bound. */
function isRememberedKey(entry: unknown): entry is string {
	return typeof entry === 'string' && entry.length <= 'render:'.length + MAX_RECORD_ID_LENGTH;
}

interface DeliveryMemory {
	delivered?: unknown;
}

/** A delivery claimed as started: what the call does once n8n has queued its run, or could not. */
export interface Claim {
	/**
	 * Marks the trigger's memory changed again, so that n8n saves it: called when n8n reads
	 * the answer, which n8n 2.x does after it queued the run (whose workflow cleared the mark)
	 * and n8n 1.x before it starts the run.
	 */
	remember(): void;
	/** Lets go of the claim in this n8n: n8n could not start the run, and saves nothing. */
	release(): void;
}

/**
 * Whether this is the first call for the record's render or batch; if it is, it is remembered
 * as started from now on.
 */
export function firstDelivery(webhook: IWebhookFunctions, event: RecordKind, record: IDataObject): boolean {
	return claimDelivery(webhook, event, record) !== undefined;
}

/** The claim of the record's render or batch, if this is the first call for it (see firstDelivery). */
export function claimDelivery(webhook: IWebhookFunctions, event: RecordKind, record: IDataObject): Claim | undefined {
	const key = `${event}:${recordIdOf(event, record)}`;
	const memory = webhook.getWorkflowStaticData('node') as DeliveryMemory;
	// An entry over the bound (saved before the trigger refused such IDs: issue 60's flood left
	// 36 of 900 kB) is dropped, so the next delivery saves the memory back within its bound.
	const delivered = Array.isArray(memory.delivered) ? (memory.delivered as unknown[]).filter(isRememberedKey) : [];
	// Checked and claimed with no wait in between, so that no other call of this n8n comes between.
	const known = claimHere(webhook, delivered, key, REMEMBERED_DELIVERIES);
	if (!known) return undefined;
	// This trigger's live list (claimHere): IDs that calls overlapping this one claim before n8n
	// saves it are saved with it. Assigned, not pushed: n8n saves static data when a property of it is set.
	memory.delivered = known;
	return {
		remember: () => {
			// Set again: setting a property marks the static data changed, whatever the value.
			memory.delivered = known;
		},
		release: () => releaseHere(webhook, key),
	};
}
