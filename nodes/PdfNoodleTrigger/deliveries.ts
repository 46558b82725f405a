import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { type RecordKind, recordIdOf } from '../shared/api/records';

/**
 * Each render or batch starts the workflow once. Confirmation proves that a render exists, not
 * that a call about it is new: a delivery posted again (a replay by whoever saw it, or the
 * service trying again) would otherwise start the workflow a second time, and mail the same
 * invoice twice. The IDs that started it are remembered in the workflow's static data, which
 * n8n saves with the workflow after each webhook call and reads again for the next one, so
 * the memory holds across restarts and across webhook processors in queue mode. Two copies
 * that arrive at the same moment may both start: each is checked before the other is saved.
 */

/** The parameter that turns this off, for users who want every call. */
export const START_ONCE = 'startOnce';

/** How many IDs are remembered: the newest, so that what n8n saves per call stays small (about 50 kB). */
export const REMEMBERED_DELIVERIES = 1000;

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
	const delivered = Array.isArray(memory.delivered) ? (memory.delivered as string[]) : [];
	if (delivered.includes(key)) return false;
	// Assigned, not pushed: n8n saves static data when a property of it is set.
	memory.delivered = [...delivered, key].slice(-REMEMBERED_DELIVERIES);
	return true;
}
