/**
 * The character sets a document file may be written in, decoded without ICU: n8n may run on a
 * Node built with small ICU, whose TextDecoder knows UTF-8 and UTF-16LE only. UTF-8 goes through
 * TextDecoder (always present); UTF-16 and windows-1252 are decoded here.
 */
import { FileRefused } from './refusal';

export type Charset = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * Labels as the WHATWG Encoding standard (what browsers, and so Chromium rendering the PDF, do)
 * maps them: ISO-8859-1, Latin-1 and ASCII are read as windows-1252, their superset in practice.
 */
const CHARSET_OF_LABEL: Record<string, Charset> = {
	'utf-8': 'utf-8',
	utf8: 'utf-8',
	'unicode-1-1-utf-8': 'utf-8',
	'utf-16': 'utf-16le',
	'utf-16le': 'utf-16le',
	'utf-16be': 'utf-16be',
	'iso-8859-1': 'windows-1252',
	'iso8859-1': 'windows-1252',
	iso_8859_1: 'windows-1252',
	'iso_8859-1': 'windows-1252',
	latin1: 'windows-1252',
	l1: 'windows-1252',
	cp819: 'windows-1252',
	ibm819: 'windows-1252',
	'us-ascii': 'windows-1252',
	ascii: 'windows-1252',
	'windows-1252': 'windows-1252',
	cp1252: 'windows-1252',
	'x-cp1252': 'windows-1252',
};

/** The charset a label names ("ISO-8859-1", "utf8", "'UTF-8'"), or a refusal naming it. */
export function charsetOfLabel(label: string, where: string): Charset {
	const cleaned = label.trim().replace(/^["']|["']$/g, '').toLowerCase();
	const charset = CHARSET_OF_LABEL[cleaned];
	if (charset === undefined) {
		throw new FileRefused(
			`${where} declares the character set "${label.trim()}", which is not supported (UTF-8, UTF-16, ISO-8859-1 and windows-1252 are); save the file as UTF-8`,
		);
	}
	return charset;
}

/** Bytes 0x80 to 0x9F of windows-1252 (where it differs from ISO-8859-1); 0 marks an unused byte. */
const WINDOWS_1252_HIGH = [
	0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0, 0x2018, 0x2019, 0x201c,
	0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

/** Text of these bytes in this charset (a BOM already cut off). */
export function decodeCharset(bytes: Uint8Array, charset: Charset): string {
	if (charset === 'utf-8') return decodeUtf8(bytes);
	if (charset === 'windows-1252') return decodeWindows1252(bytes);
	return decodeUtf16(bytes, charset === 'utf-16le');
}

export function decodeUtf8(bytes: Uint8Array): string {
	return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

function decodeWindows1252(bytes: Uint8Array): string {
	const parts: string[] = [];
	const chunk: number[] = [];
	for (let index = 0; index < bytes.length; index++) {
		const byte = bytes[index];
		// An unused byte (0x81, 0x8D, 0x8F, 0x90, 0x9D) stands for the C1 control of its number, as browsers read it.
		chunk.push(byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80] || byte : byte);
		if (chunk.length === 8192) parts.push(String.fromCharCode(...chunk.splice(0)));
	}
	parts.push(String.fromCharCode(...chunk));
	return parts.join('');
}

/** UTF-16 code units as they are (a lone surrogate stays one); an odd last byte becomes U+FFFD. */
function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
	const parts: string[] = [];
	const chunk: number[] = [];
	for (let index = 0; index + 1 < bytes.length; index += 2) {
		chunk.push(littleEndian ? bytes[index] | (bytes[index + 1] << 8) : (bytes[index] << 8) | bytes[index + 1]);
		if (chunk.length === 8192) parts.push(String.fromCharCode(...chunk.splice(0)));
	}
	parts.push(String.fromCharCode(...chunk));
	if (bytes.length % 2 === 1) parts.push('\ufffd');
	return parts.join('');
}

/** Whether these bytes are well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF). */
export function isValidUtf8(bytes: Uint8Array): boolean {
	let index = 0;
	while (index < bytes.length) {
		const lead = bytes[index];
		if (lead < 0x80) {
			index++;
			continue;
		}
		let continuation: number;
		let lowest = 0x80;
		let highest = 0xbf;
		if (lead >= 0xc2 && lead <= 0xdf) continuation = 1;
		else if (lead >= 0xe0 && lead <= 0xef) {
			continuation = 2;
			if (lead === 0xe0) lowest = 0xa0;
			if (lead === 0xed) highest = 0x9f;
		} else if (lead >= 0xf0 && lead <= 0xf4) {
			continuation = 3;
			if (lead === 0xf0) lowest = 0x90;
			if (lead === 0xf4) highest = 0x8f;
		} else return false;
		if (index + continuation >= bytes.length) return false;
		const second = bytes[index + 1];
		if (second < lowest || second > highest) return false;
		for (let next = 2; next <= continuation; next++) {
			if ((bytes[index + next] & 0xc0) !== 0x80) return false;
		}
		index += continuation + 1;
	}
	return true;
}
