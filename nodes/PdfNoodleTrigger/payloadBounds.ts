import type { IDataObject } from 'n8n-workflow';

import { MAX_BATCH_ITEMS } from '../shared/api/endpoints';

/**
 * What a call to the trigger may weigh before anything is looked up, fetched or started: a
 * call that no real pdf noodle payload could be is refused `413`, naming the bound. One call
 * must not make n8n do more than one real delivery would: fetch more files than a batch has, or
 * start a workflow with thousands of items.
 */

/** Bodies larger than this are not pdf noodle payloads (a full batch record is a few kB). */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;

/**
 * The size of the body as received: the raw bytes where n8n kept them (`rawBody`), else the
 * parsed body written out again. `Content-Length` is not used: a chunked body has none.
 */
export function receivedBytes(request: object, body: unknown): number {
	const raw = (request as { rawBody?: unknown }).rawBody;
	if (Buffer.isBuffer(raw)) return raw.length;
	return Buffer.byteLength(JSON.stringify(body ?? null) ?? '', 'utf8');
}

/** Why a body of this size is refused, or undefined when it is within the bound. */
export function sizeRefusal(bytes: number): string | undefined {
	if (bytes <= MAX_PAYLOAD_BYTES) return undefined;
	return `The payload is ${bytes} bytes: a pdf noodle event is at most ${MAX_PAYLOAD_BYTES} bytes (1 MB), so it starts nothing`;
}

/** Why a batch record is refused for naming more results than a batch can have, or undefined. */
export function resultsRefusal(record: IDataObject): string | undefined {
	const results = Array.isArray(record.results) ? record.results.length : 0;
	if (results <= MAX_BATCH_ITEMS) return undefined;
	return `The batch record names ${results} results: a pdf noodle batch has at most ${MAX_BATCH_ITEMS}, so it starts nothing`;
}
