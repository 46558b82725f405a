import type { IDataObject } from 'n8n-workflow';

export type PdfNoodleEvent = 'render' | 'batch';

const RENDER_STATES = ['ONGOING', 'SUCCESS', 'FAILED'];
const BATCH_STATES = ['ONGOING', 'SUCCESS', 'PARTIAL_SUCCESS', 'FAILED'];

/**
 * Which of the service's two webhook payloads a body is, told apart by shape: a render
 * result (`requestId`, `renderStatus`, ...) or a batch record (`batchRequestId`, `status`,
 * `results`, ...). Anything else is not from pdf noodle.
 */
export function eventOf(body: unknown): PdfNoodleEvent | undefined {
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
	const payload = body as IDataObject;
	if (
		typeof payload.requestId === 'string' &&
		RENDER_STATES.includes(String(payload.renderStatus)) &&
		typeof (payload.signedUrl ?? '') === 'string'
	) {
		return 'render';
	}
	if (
		typeof payload.batchRequestId === 'string' &&
		BATCH_STATES.includes(String(payload.status)) &&
		Array.isArray(payload.results)
	) {
		return 'batch';
	}
	return undefined;
}

/**
 * Whether the payload is final. The service posts only finished renders and batches; an
 * `ONGOING` one (a status lookup posted by hand, or a forgery) has no result to act on yet.
 */
export function isFinished(event: PdfNoodleEvent, payload: IDataObject): boolean {
	return recordStatusOf(event, payload) !== 'ONGOING';
}

/** The ID of a render result (`requestId`) or a batch record (`batchRequestId`). */
export function recordIdOf(event: PdfNoodleEvent, record: IDataObject): string {
	return String(event === 'render' ? record.requestId : record.batchRequestId);
}

/** The status of a render result (`renderStatus`) or a batch record (`status`). */
export function recordStatusOf(event: PdfNoodleEvent, record: IDataObject): string {
	return String(event === 'render' ? record.renderStatus : record.status);
}

export type StatusFilter = 'all' | 'success' | 'failure';

/**
 * Whether a finished payload passes the "Status" filter. A batch that is `PARTIAL_SUCCESS`
 * passes both: it has documents to use and failures to handle.
 */
export function passesStatusFilter(event: PdfNoodleEvent, payload: IDataObject, filter: StatusFilter): boolean {
	if (filter === 'all') return true;
	const status = recordStatusOf(event, payload);
	const wanted = filter === 'success' ? ['SUCCESS', 'PARTIAL_SUCCESS'] : ['FAILED', 'PARTIAL_SUCCESS'];
	return wanted.includes(status);
}
