/**
 * How much a download may cost: bytes and time that a caller or a file host chooses are bounded
 * before they cost n8n anything more. A file of an unconfirmed trigger call (whoever sent the
 * call chose its URL) may have at most `UNCONFIRMED_MAX_BYTES`, and the call's downloads together
 * must end within `UNCONFIRMED_DOWNLOAD_MS` of its start (an idle timeout alone lets a host drip
 * one byte a minute for hours). A file pdf noodle announced (`metadata.fileSize`) may be a little
 * larger than announced (the size is rounded text), not more. The bytes are counted as they
 * stream, and the download stops at the bound, with a message that names it.
 */
import { NodeOperationError, sleep } from 'n8n-workflow';

import type { DownloadLimits, FileContext } from './fileContext';

/** Most bytes of one file of an unconfirmed trigger call: 25 MiB, well above a rendered document. */
export const UNCONFIRMED_MAX_BYTES = 25 * 1024 * 1024;
/** How long the downloads of one unconfirmed trigger call may take together; the call is answered after them. */
export const UNCONFIRMED_DOWNLOAD_MS = 60_000;

/** The limits of an unconfirmed trigger call's downloads, from now. */
export function unconfirmedLimits(now = Date.now()): DownloadLimits {
	return {
		maxBytes: UNCONFIRMED_MAX_BYTES,
		deadline: { at: now + UNCONFIRMED_DOWNLOAD_MS, rule: `${UNCONFIRMED_DOWNLOAD_MS / 1000} s, the time the downloads of an unconfirmed trigger call may take together` },
		whose: 'a file of an unconfirmed trigger call',
	};
}

/** The limits of one download: the context's own (an unconfirmed call), else the size pdf noodle announced. */
export function limitsOf(context: FileContext, announcedSize: number | undefined): DownloadLimits | undefined {
	if (context.downloadLimits) return context.downloadLimits;
	if (announcedSize === undefined) return undefined;
	// The announced size is rounded text ("12.3 kB"): a tenth and 64 kB above it are still that file.
	return { maxBytes: Math.ceil(announcedSize * 1.1) + 64 * 1024, whose: `a file pdf noodle announced as ${announcedSize} bytes` };
}

/** A download watched against its limits: its abort signal for the request, and what stopped it. */
export interface WatchedDownload {
	signal?: AbortSignal;
	/** Counts the body's bytes as they are read, and stops it at the byte bound or the deadline. */
	watch(body: unknown): void;
	/** The refusal that stopped the download, if a limit did. */
	stoppedBy(): NodeOperationError | undefined;
	/** The download has ended: its deadline's timer is let go. */
	end(): void;
}

interface Stream {
	on(event: 'data', listener: (chunk: { length: number }) => void): unknown;
	pause(): unknown;
	destroy(error?: Error): unknown;
}

function isStream(body: unknown): body is Stream {
	const candidate = body as Partial<Stream> | undefined;
	return typeof candidate?.on === 'function' && typeof candidate.pause === 'function' && typeof candidate.destroy === 'function';
}

/**
 * Watches one download of `url` against `limits`: the deadline aborts its request and stops its
 * body; the byte bound stops the body once it is passed. A stopped body errors with the refusal,
 * which the caller gives out instead of the error its reader saw (`stoppedBy`).
 */
export function watchedDownload(context: FileContext, url: string, limits: DownloadLimits | undefined): WatchedDownload {
	let stopped: NodeOperationError | undefined;
	let body: Stream | undefined;
	const stop = (reason: string) => {
		stopped ??= new NodeOperationError(context.getNode(), `Not downloaded: ${reason}`, { itemIndex: context.getItemIndex() });
		body?.destroy(stopped);
	};
	const aborted = new AbortController();
	const timer = new AbortController();
	const deadline = limits?.deadline;
	if (deadline) {
		// n8n 1.x's `sleep` takes no signal: there the timer runs out unheeded, after the download.
		void sleep(Math.max(0, deadline.at - Date.now()), timer.signal).then(
			() => {
				if (timer.signal.aborted) return;
				stop(`${url} did not arrive within ${deadline.rule}`);
				aborted.abort();
			},
			() => undefined,
		);
	}
	return {
		signal: deadline ? aborted.signal : undefined,
		watch(received) {
			if (!isStream(received) || limits?.maxBytes === undefined) {
				body = isStream(received) ? received : undefined;
				return;
			}
			body = received;
			const maxBytes = limits.maxBytes;
			let bytes = 0;
			// Paused first: a listener added to a paused stream does not start it flowing before its reader takes it.
			received.pause();
			received.on('data', (chunk) => {
				bytes += chunk.length;
				if (bytes > maxBytes) stop(`${url} sent more than ${maxBytes} bytes, the most ${limits.whose} may have`);
			});
		},
		stoppedBy: () => stopped,
		end: () => timer.abort(),
	};
}
