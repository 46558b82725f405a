import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { MAX_RECORD_ID_LENGTH, type RecordKind, recordIdOf } from '../shared/api/records';
import { claimHere } from './claimHere';

/**
 * Each render or batch starts the workflow once. Confirmation proves that a render exists, not
 * that a call about it is new: a delivery posted again (a replay by whoever saw it, or the
 * service trying again) would otherwise start the workflow a second time, and mail the same
 * invoice twice. The IDs that started it are remembered in the workflow's static data, which
 * n8n reads from its database for each webhook call and saves after it, so the memory holds
 * across restarts and across webhook processors in queue mode.
 *
 * n8n saves the static data only where it finds it marked changed, and a run it starts before
 * saving clears that mark (see the trigger's `webhook()`: it answers the call itself so that
 * n8n saves first). n8n reads and saves the whole static data per call, with nothing to claim
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

/**
 * Whether this is the first call for the record's render or batch; if it is, it is remembered
 * as started from now on.
 */
export function firstDelivery(webhook: IWebhookFunctions, event: RecordKind, record: IDataObject): boolean {
	const key = `${event}:${recordIdOf(event, record)}`;
	const memory = webhook.getWorkflowStaticData('node') as DeliveryMemory;
	// An entry over the bound (saved before the trigger refused such IDs: issue 60's flood left
	// 36 of 900 kB) is dropped, so the next delivery saves the memory back within its bound.
	const delivered = Array.isArray(memory.delivered) ? (memory.delivered as unknown[]).filter(isRememberedKey) : [];
	// Checked and claimed with no wait in between, so that no other call of this n8n comes between.
	const known = claimHere(webhook, delivered, key, REMEMBERED_DELIVERIES);
	if (!known) return false;
	// This trigger's live list (claimHere): IDs that calls overlapping this one claim before n8n
	// saves it are saved with it. Assigned, not pushed: n8n saves static data when a property of it is set.
	memory.delivered = known;
	return true;
}
