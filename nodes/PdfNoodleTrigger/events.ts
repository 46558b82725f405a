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

/** Whether the payload reports success: a successful render, or a batch with at least one document. */
export function isSuccess(event: PdfNoodleEvent, payload: IDataObject): boolean {
	if (event === 'render') return payload.renderStatus === 'SUCCESS';
	return payload.status === 'SUCCESS' || payload.status === 'PARTIAL_SUCCESS';
}
