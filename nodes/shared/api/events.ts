import type { IDataObject } from 'n8n-workflow';

import { hasKnownStatus, recordStatusOf, type RecordKind, STATE } from './records';

/**
 * Which of the service's two webhook payloads a body is, told apart by shape: a render
 * result (`requestId`, `renderStatus`, ...) or a batch record (`batchRequestId`, `status`,
 * `results`, ...). Anything else is not from pdf noodle.
 */
export function eventOf(body: unknown): RecordKind | undefined {
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
	const payload = body as IDataObject;
	if (typeof payload.requestId === 'string' && hasKnownStatus('render', payload) && typeof (payload.signedUrl ?? '') === 'string') {
		return 'render';
	}
	if (typeof payload.batchRequestId === 'string' && hasKnownStatus('batch', payload) && Array.isArray(payload.results)) {
		return 'batch';
	}
	return undefined;
}

export type StatusFilter = 'all' | 'success' | 'failure';

/**
 * Whether a finished payload passes the "Status" filter. A batch that is `PARTIAL_SUCCESS`
 * passes both: it has documents to use and failures to handle.
 */
export function passesStatusFilter(event: RecordKind, payload: IDataObject, filter: StatusFilter): boolean {
	if (filter === 'all') return true;
	const status = recordStatusOf(event, payload);
	const wanted: string[] = filter === 'success' ? [STATE.success, STATE.partialSuccess] : [STATE.failed, STATE.partialSuccess];
	return wanted.includes(status);
}
