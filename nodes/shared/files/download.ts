/** The files room: a signed URL into n8n's binary data (here), answers with several files (fileOutput.ts, batchRecord.ts); its arrows: test/unit/rooms.test.ts. */
import type { IBinaryData, IDataObject, IN8nHttpFullResponse, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { serviceMessageOf } from '../errors/errors';
import { backoffMs, cancellableSleep, isNetworkFailure, isTransientStatus, retryAfterMs } from '../transport/retry';
import { fileRequest } from '../transport/fileRequest';
import { limitsOf, type WatchedDownload, watchedDownload } from './downloadBounds';
import type { FileContext } from './fileContext';

const MIME_BY_EXTENSION: Record<string, string> = {
	pdf: 'application/pdf',
	png: 'image/png',
	zip: 'application/zip',
};

function extensionForMime(mimeType: string): string {
	const found = Object.entries(MIME_BY_EXTENSION).find(([, mime]) => mime === mimeType);
	return found ? found[0] : 'bin';
}

/** The last path segment of a URL when it looks like a file name. */
export function fileNameFromUrl(url: string): string | undefined {
	try {
		const segment = new URL(url).pathname.split('/').pop() ?? '';
		const name = plainFileName(decodeURIComponent(segment));
		return name && /\.[a-z0-9]{2,5}$/i.test(name) ? name : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The file name a download's `Content-Disposition` header gives: `filename*` (RFC 6266, the
 * percent-encoded form that carries names beyond ASCII) before `filename`. n8n's
 * `prepareBinaryData` reads this header itself only in some versions, so it is read here.
 */
export function fileNameFromContentDisposition(header: unknown): string | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string') return undefined;
	const extended = /(?:^|;)\s*filename\*\s*=\s*([\w!#$%&+^`{}~-]*)'[^']*'([^;\s]+)/i.exec(value);
	if (extended) {
		const name = plainFileName(percentDecoded(extended[2], extended[1]));
		if (name) return name;
	}
	const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(value);
	if (!plain) return undefined;
	return plainFileName(plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]);
}

/** `%xx` bytes in the header's charset (UTF-8, or ISO-8859-1, the only other one RFC 5987 names). */
function percentDecoded(text: string, charset: string): string {
	const bytes = text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
	return Buffer.from(bytes, 'latin1').toString(/^utf-?8$/i.test(charset) ? 'utf8' : 'latin1');
}

/** A host's message as a sentence of its own, so that advice after it reads as one. */
function asSentence(text: string): string {
	return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/** A name from a host is only a name: no folders (`../`), no control characters. */
function plainFileName(name: string): string | undefined {
	// Control characters are what is removed.
	const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
	return base === '' || /^\.+$/.test(base) ? undefined : base;
}

function extensionOf(fileName: string): string {
	return (fileName.split('.').pop() ?? '').toLowerCase();
}

function mimeTypeFor(fileName: string, contentType: unknown): string {
	const declared = typeof contentType === 'string' ? contentType.split(';')[0].trim() : '';
	if (declared !== '' && declared !== 'application/octet-stream') return declared;
	return MIME_BY_EXTENSION[extensionOf(fileName)] ?? 'application/octet-stream';
}

/**
 * Files the API announces at this size or less are read whole into memory before n8n gets them:
 * a whole small file costs n8n less than a stream of it (its binary helper does less; bench/
 * measures how much). Larger files, and files whose size the API does not announce, stream
 * to n8n's binary store, so that a large file is never held whole in memory. With the default
 * Requests at Once, whole files in flight stay bounded by that many times this size.
 */
export const WHOLE_FILE_MAX_BYTES = 256_000;

const BYTES_PER_UNIT: Record<string, number> = { b: 1, bytes: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/**
 * The bytes of a size the API writes as text (`metadata.fileSize`: `"12.3 kB"`), or
 * undefined when it is absent or reads otherwise: then nothing is assumed about the file.
 */
export function announcedBytes(size: unknown): number | undefined {
	const match = typeof size === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(size) : null;
	const perUnit = match ? BYTES_PER_UNIT[match[2].toLowerCase()] : undefined;
	return match && perUnit !== undefined ? Number(match[1]) * perUnit : undefined;
}

/** The size of the file a render result (or a batch's entry) announces, in bytes, if it reads as one. */
export function announcedSizeOf(result: IDataObject): number | undefined {
	return announcedBytes((result.metadata as IDataObject | undefined)?.fileSize);
}

/**
 * Downloads a signed file URL into n8n's binary data. The URL is fetched without the API
 * key (it is signed, and it belongs to a file host), as a stream whose bytes are counted against
 * the download's limits (downloadBounds.ts: an unconfirmed call's, or the size the API announced,
 * `announcedSize` in bytes). A file announced as small (see `WHOLE_FILE_MAX_BYTES`) is read whole
 * before n8n gets it; any other streams to n8n's binary store, so that a large file is never
 * held whole in memory when n8n keeps binaries on disk. The file is named `fileName` (a name the
 * user or the API's answer gives), else as the file host's `Content-Disposition` says, else by
 * the URL, else `<fallbackBaseName>.<extension>`.
 */
export async function downloadToBinary(
	context: FileContext,
	url: string,
	fileName: string | undefined,
	fallbackBaseName: string,
	announcedSize?: number,
): Promise<IBinaryData> {
	const download = watchedDownload(context, url, limitsOf(context, announcedSize));
	try {
		const response = await fetchFile(context, url, download);
		if (response.statusCode >= 400) {
			const body = await readSmallBody(response.body);
			throw new NodeApiError(
				context.getNode(),
				{ message: serviceMessageOf(body) ?? null },
				{
					httpCode: String(response.statusCode),
					message: `Downloading the file failed with status ${response.statusCode}`,
					description: `${asSentence(serviceMessageOf(body) ?? 'The file host refused the download')} A signed URL expires: run the node again or raise the URL lifetime.`,
					itemIndex: context.getItemIndex(),
				},
			);
		}
		download.watch(response.body);
		const whole = (announcedSize ?? Infinity) <= WHOLE_FILE_MAX_BYTES;
		const name = fileName || fileNameFromContentDisposition(response.headers?.['content-disposition']) || fileNameFromUrl(url);
		const mimeType = mimeTypeFor(name ?? '', response.headers?.['content-type']);
		return await context.helpers.prepareBinaryData(
			whole ? await wholeBody(response.body) : (response.body as Buffer),
			name ?? `${fallbackBaseName}.${extensionForMime(mimeType)}`,
			mimeType,
		);
	} catch (error) {
		// A limit stopped the stream: its refusal, not the error the stream's reader saw.
		throw download.stoppedBy() ?? error;
	} finally {
		download.end();
	}
}

/** A body read whole: a stream's chunks joined, or the bytes n8n's helper gave. */
async function wholeBody(body: unknown): Promise<Buffer> {
	if (body && typeof (body as AsyncIterable<Buffer>)[Symbol.asyncIterator] === 'function') {
		const chunks: Buffer[] = [];
		for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
		return Buffer.concat(chunks);
	}
	return asBuffer(body);
}

/** A whole answer's body as a Buffer: what n8n's helper gives in Node, copied from an ArrayBuffer otherwise. */
function asBuffer(body: unknown): Buffer {
	return Buffer.isBuffer(body) ? body : Buffer.from(body as ArrayBuffer);
}

/** Tries of a download that meets a network failure, a 5xx or a 429. */
const DOWNLOAD_ATTEMPTS = 3;

/**
 * GETs a file as a stream, within its download's deadline. A transient failure (network, 5xx, 429) is tried again after a
 * backoff (or the `Retry-After` the host gives, up to 10 s); the answer of the last try,
 * or its error, is what the caller gets.
 */
async function fetchFile(context: FileContext, url: string, download: WatchedDownload): Promise<IN8nHttpFullResponse> {
	for (let attempt = 1; ; attempt++) {
		let response: IN8nHttpFullResponse | undefined;
		let failure: unknown;
		try {
			response = await fileRequest(context, { method: 'GET', url, encoding: 'stream', timeout: 120_000, ...(download.signal ? { abortSignal: download.signal } : {}) });
		} catch (error) {
			failure = error;
		}
		// Past its deadline a download is not tried again: the limit's refusal is the answer.
		const stopped = download.stoppedBy();
		if (stopped) throw stopped;
		const transient = failure ? isNetworkFailure(failure) : isTransientStatus(response!.statusCode);
		if (!transient || attempt === DOWNLOAD_ATTEMPTS) {
			if (response) return response;
			// A download the node itself refused (e.g. the trigger's rule for unconfirmed
			// payloads) is no failure of the host: it reaches the item worded as it was.
			if (failure instanceof NodeOperationError) throw failure;
			throw new NodeApiError(context.getNode(), failure as JsonObject, {
				message: `Downloading the file failed: ${(failure as Error).message}`,
				description: 'The file host could not be reached. Run the node again; the file stays available until its URL expires.',
				itemIndex: context.getItemIndex(),
			});
		}
		await readSmallBody(response?.body);
		const wait = Math.min(10_000, retryAfterMs(response?.headers as IDataObject) ?? backoffMs(1000, attempt));
		await cancellableSleep(context, wait);
	}
}

async function readSmallBody(body: unknown): Promise<string> {
	if (body && typeof (body as AsyncIterable<Buffer>)[Symbol.asyncIterator] === 'function') {
		const chunks: Buffer[] = [];
		let size = 0;
		for await (const chunk of body as AsyncIterable<Buffer>) {
			chunks.push(Buffer.from(chunk));
			size += chunk.length;
			if (size > 64 * 1024) break;
		}
		return Buffer.concat(chunks).toString('utf8');
	}
	if (Buffer.isBuffer(body) || body instanceof ArrayBuffer) return asBuffer(body).subarray(0, 64 * 1024).toString('utf8');
	return typeof body === 'string' ? body : '';
}
