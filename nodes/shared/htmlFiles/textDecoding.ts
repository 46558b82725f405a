/**
 * A document's bytes as text, in the charset the file itself declares. The order, first found
 * wins: a byte-order mark; for HTML a `<meta charset>` (or `http-equiv="Content-Type"`) in its
 * first 1024 bytes, for a stylesheet an `@charset` rule at its start; the `charset` parameter of
 * the binary's MIME type; else UTF-8. The file's own declaration comes before the MIME type, as the
 * MIME type of an n8n binary is often a guess from the file name. A file with no declaration
 * that is not valid UTF-8 is read as windows-1252, the usual encoding of such older files.
 */
import { charsetOfLabel, decodeCharset, isValidUtf8, type Charset } from './charsets';

export type TextKind = 'html' | 'markdown' | 'css';

export type CharsetSource = 'byte-order mark' | 'meta charset' | '@charset' | 'MIME type' | 'default' | 'not UTF-8';

export interface DecodedText {
	text: string;
	charset: Charset;
	/** What decided the charset, for a message or a test. */
	decidedBy: CharsetSource;
}

export interface TextSource {
	kind: TextKind;
	/** The binary's MIME type, with its parameters ("text/html; charset=iso-8859-1"). */
	mimeType?: string;
	/** The file's name, for messages. */
	fileName: string;
}

const PRESCAN_BYTES = 1024;

export function decodeDocumentText(bytes: Uint8Array, source: TextSource): DecodedText {
	const withMark = charsetOfByteOrderMark(bytes);
	if (withMark !== undefined) {
		return { text: decodeCharset(bytes.subarray(withMark.markBytes), withMark.charset), charset: withMark.charset, decidedBy: 'byte-order mark' };
	}
	const declared = declaredCharset(bytes, source);
	if (declared !== undefined) return { text: decodeCharset(bytes, declared.charset), ...declared };
	if (isValidUtf8(bytes)) return { text: decodeCharset(bytes, 'utf-8'), charset: 'utf-8', decidedBy: 'default' };
	return { text: decodeCharset(bytes, 'windows-1252'), charset: 'windows-1252', decidedBy: 'not UTF-8' };
}

function charsetOfByteOrderMark(bytes: Uint8Array): { charset: Charset; markBytes: number } | undefined {
	if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { charset: 'utf-8', markBytes: 3 };
	if (bytes[0] === 0xff && bytes[1] === 0xfe) return { charset: 'utf-16le', markBytes: 2 };
	if (bytes[0] === 0xfe && bytes[1] === 0xff) return { charset: 'utf-16be', markBytes: 2 };
	return undefined;
}

function declaredCharset(bytes: Uint8Array, source: TextSource): { charset: Charset; decidedBy: CharsetSource } | undefined {
	const head = String.fromCharCode(...bytes.subarray(0, PRESCAN_BYTES));
	if (source.kind === 'html') {
		const label = metaCharsetLabel(head);
		if (label !== undefined) {
			const charset = charsetOfLabel(label, `${source.fileName} (its <meta charset>)`);
			// A document whose bytes could be read to find this tag is not UTF-16: HTML reads it as UTF-8.
			return { charset: charset.startsWith('utf-16') ? 'utf-8' : charset, decidedBy: 'meta charset' };
		}
	}
	if (source.kind === 'css') {
		const rule = /^@charset "([^"]*)";/.exec(head);
		if (rule) {
			const charset = charsetOfLabel(rule[1], `${source.fileName} (its @charset)`);
			return { charset: charset.startsWith('utf-16') ? 'utf-8' : charset, decidedBy: '@charset' };
		}
	}
	const mimeLabel = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(source.mimeType ?? '');
	if (mimeLabel) return { charset: charsetOfLabel(mimeLabel[1], `The MIME type of ${source.fileName}`), decidedBy: 'MIME type' };
	return undefined;
}

/**
 * The charset a `<meta>` in the head declares: `<meta charset="x">` or
 * `<meta http-equiv="Content-Type" content="text/html; charset=x">`, comments skipped.
 */
export function metaCharsetLabel(head: string): string | undefined {
	const withoutComments = head.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
	for (const tag of withoutComments.matchAll(/<meta\s[^>]*>/gi)) {
		const direct = /\scharset\s*=\s*["']?\s*([^\s"'/>;]+)/i.exec(tag[0]);
		if (direct) return direct[1];
		const inContent = /\scontent\s*=\s*(["'])[^"']*?charset\s*=\s*([^\s"';]+)/i.exec(tag[0]);
		if (inContent && /http-equiv\s*=\s*["']?content-type/i.test(tag[0])) return inContent[2];
	}
	return undefined;
}
