/**
 * Whether a finished body fits the service: its size in UTF-8 bytes (what goes over the wire) and,
 * when over a limit, a message naming the file and its size after inlining, for the caller to put
 * in a NodeOperationError before anything is sent.
 */
import { humanSize } from './refusal';

/** The service's limit on a request body (a batch's too): 3 MB, 3 × 1024 × 1024 bytes. */
export const SERVICE_BODY_LIMIT_BYTES = 3 * 1024 * 1024;

/** How many bytes this text takes in UTF-8, without encoding it. */
export function utf8ByteLength(text: string): number {
	let bytes = 0;
	for (let index = 0; index < text.length; index++) {
		const unit = text.charCodeAt(index);
		if (unit < 0x80) bytes += 1;
		else if (unit < 0x800) bytes += 2;
		else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length && isLowSurrogate(text.charCodeAt(index + 1))) {
			bytes += 4;
			index++;
		} else bytes += 3; // a lone surrogate is sent as U+FFFD, 3 bytes
	}
	return bytes;
}

function isLowSurrogate(unit: number): boolean {
	return unit >= 0xdc00 && unit <= 0xdfff;
}

export interface SizeCheck {
	/** The file the body was made from, as the user knows it ("index.html", "site.zip"). */
	fileName: string;
	/** The body's size in bytes (utf8ByteLength of the JSON sent, or of the document alone). */
	bodyBytes: number;
	limitBytes?: number;
	/** Whether images or styles were inlined into it (the message then says so). */
	inlined: boolean;
}

/**
 * undefined when the body fits, else: "index.html is 3.4 MB after its images and styles were
 * inlined; pdf noodle takes at most 3 MB per request". A size that rounds to the limit's own
 * figure is given in bytes too, so that "3.0 MB" never reads as within "3 MB".
 */
export function bodyTooLarge(check: SizeCheck): string | undefined {
	const limit = check.limitBytes ?? SERVICE_BODY_LIMIT_BYTES;
	if (check.bodyBytes <= limit) return undefined;
	let size = humanSize(check.bodyBytes);
	if (size === humanSize(limit)) size += ` (${check.bodyBytes.toLocaleString('en-US')} bytes)`;
	const after = check.inlined ? ' after its images and styles were inlined' : '';
	return `${check.fileName} is ${size}${after}; pdf noodle takes at most ${shortLimit(limit)} per request`;
}

/** "3 MB" for the service's limit, not "3.0 MB". */
function shortLimit(limit: number): string {
	return humanSize(limit).replace(/\.0 /, ' ');
}
