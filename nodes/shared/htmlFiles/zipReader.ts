/**
 * A ZIP archive's files, read from its central directory: stored and deflated entries, each
 * checked against its CRC-32. Bounded against zip bombs and hostile archives: the number of
 * entries, each entry's and all entries' uncompressed size (checked from the directory before
 * anything is inflated, and the inflater never writes past an entry's declared size), and every
 * offset checked to lie inside the file. Encrypted entries, ZIP64 and methods other than stored
 * and deflate are refused by name.
 */
import { decodeUtf8, isValidUtf8 } from './charsets';
import { crc32 } from './crc32';
import { inflateRaw } from './inflate';
import { FileRefused, humanSize } from './refusal';
import { isIgnoredEntry, normalisedEntryName } from './zipNames';

export interface ZipEntry {
	/** Its path inside the archive, normalised: "css/site.css". */
	name: string;
	bytes: Uint8Array;
}

export interface ZipLimits {
	maxEntries: number;
	maxEntryBytes: number;
	maxTotalBytes: number;
}

/** Far above what one document and its assets need, far below what would strain a worker. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 1000, maxEntryBytes: 32 * 1024 * 1024, maxTotalBytes: 64 * 1024 * 1024 };

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const DIRECTORY_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_UTF8_NAME = 0x0800;
const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;

/** The files of a ZIP (directories, `__MACOSX/` and dot-files left out), in the archive's order. */
export function readZip(input: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS, fileName = 'The ZIP file'): ZipEntry[] {
	const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
	const end = endOfDirectory(input, view, fileName);
	if (end.entryCount > limits.maxEntries) {
		throw new FileRefused(`${fileName} has ${end.entryCount} entries; at most ${limits.maxEntries} are read`);
	}
	const entries: ZipEntry[] = [];
	const seen = new Set<string>();
	let totalBytes = 0;
	let offset = end.directoryOffset;
	for (let index = 0; index < end.entryCount; index++) {
		const header = directoryHeaderAt(input, view, offset, fileName);
		offset = header.nextOffset;
		if (header.rawName.endsWith('/') || header.rawName.endsWith('\\')) continue;
		const name = normalisedEntryName(header.rawName);
		if (name === '' || isIgnoredEntry(name)) continue;
		const label = `The ZIP entry "${name}"`;
		refuseUnreadable(header, label);
		if (header.uncompressedSize > limits.maxEntryBytes) {
			throw new FileRefused(`${label} is ${humanSize(header.uncompressedSize)} uncompressed; an entry may be at most ${humanSize(limits.maxEntryBytes)}`);
		}
		totalBytes += header.uncompressedSize;
		if (totalBytes > limits.maxTotalBytes) {
			throw new FileRefused(`${fileName} holds more than ${humanSize(limits.maxTotalBytes)} uncompressed; that is more than is read`);
		}
		if (seen.has(name)) throw new FileRefused(`${fileName} has two entries named "${name}"`);
		seen.add(name);
		entries.push({ name, bytes: entryBytes(input, view, header, label) });
	}
	return entries;
}

interface EndOfDirectory {
	entryCount: number;
	directoryOffset: number;
}

/** The end-of-central-directory record, searched back from the end over a possible comment. */
function endOfDirectory(input: Uint8Array, view: DataView, fileName: string): EndOfDirectory {
	const lowest = Math.max(0, input.length - END_OF_DIRECTORY_BYTES - MAX_COMMENT_BYTES);
	for (let at = input.length - END_OF_DIRECTORY_BYTES; at >= lowest; at--) {
		if (view.getUint32(at, true) !== END_OF_DIRECTORY) continue;
		if (at >= 20 && view.getUint32(at - 20, true) === ZIP64_END_LOCATOR) {
			throw new FileRefused(`${fileName} is a ZIP64 archive, which is not supported; zip the files without ZIP64`);
		}
		const diskNumber = view.getUint16(at + 4, true);
		const directoryDisk = view.getUint16(at + 6, true);
		const entryCount = view.getUint16(at + 10, true);
		const directoryBytes = view.getUint32(at + 12, true);
		const directoryOffset = view.getUint32(at + 16, true);
		if (diskNumber !== 0 || directoryDisk !== 0) throw new FileRefused(`${fileName} is one part of a split archive, which is not supported`);
		if (entryCount === 0xffff || directoryOffset === 0xffffffff) {
			throw new FileRefused(`${fileName} is a ZIP64 archive, which is not supported; zip the files without ZIP64`);
		}
		if (directoryOffset + directoryBytes > at) throw new FileRefused(`${fileName} is damaged or truncated: its directory lies outside the file`);
		return { entryCount, directoryOffset };
	}
	throw new FileRefused(`${fileName} is not a readable ZIP archive (no end of its central directory was found; is it truncated?)`);
}

interface DirectoryHeader {
	rawName: string;
	flags: number;
	method: number;
	crc: number;
	compressedSize: number;
	uncompressedSize: number;
	localHeaderOffset: number;
	nextOffset: number;
}

function directoryHeaderAt(input: Uint8Array, view: DataView, offset: number, fileName: string): DirectoryHeader {
	if (offset + 46 > input.length || view.getUint32(offset, true) !== DIRECTORY_HEADER) {
		throw new FileRefused(`${fileName} is damaged: its central directory is not where its end record says`);
	}
	const flags = view.getUint16(offset + 8, true);
	const nameLength = view.getUint16(offset + 28, true);
	const extraLength = view.getUint16(offset + 30, true);
	const commentLength = view.getUint16(offset + 32, true);
	const nameBytes = input.subarray(offset + 46, offset + 46 + nameLength);
	if (nameBytes.length < nameLength) throw new FileRefused(`${fileName} is damaged: its central directory is truncated`);
	return {
		rawName: entryNameOf(nameBytes, flags),
		flags,
		method: view.getUint16(offset + 10, true),
		crc: view.getUint32(offset + 16, true),
		compressedSize: view.getUint32(offset + 20, true),
		uncompressedSize: view.getUint32(offset + 24, true),
		localHeaderOffset: view.getUint32(offset + 42, true),
		nextOffset: offset + 46 + nameLength + extraLength + commentLength,
	};
}

/**
 * A name is UTF-8 when its flag says so, and in practice also when it is valid UTF-8 without the
 * flag (many tools omit it); otherwise it is read byte for byte (Latin-1) rather than refused.
 */
function entryNameOf(nameBytes: Uint8Array, flags: number): string {
	if (flags & FLAG_UTF8_NAME || isValidUtf8(nameBytes)) return decodeUtf8(nameBytes);
	return String.fromCharCode(...nameBytes);
}

function refuseUnreadable(header: DirectoryHeader, label: string): void {
	if (header.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) throw new FileRefused(`${label} is encrypted; zip the files without a password`);
	if (header.compressedSize === 0xffffffff || header.uncompressedSize === 0xffffffff || header.localHeaderOffset === 0xffffffff) {
		throw new FileRefused(`${label} is stored as ZIP64, which is not supported; zip the files without ZIP64`);
	}
	if (header.method !== METHOD_STORED && header.method !== METHOD_DEFLATE) {
		throw new FileRefused(`${label} is compressed with method ${header.method}; only stored and deflate (the usual ZIP compression) are supported`);
	}
}

/** An entry's data, from its local header, inflated if need be and checked against its CRC-32. */
function entryBytes(input: Uint8Array, view: DataView, header: DirectoryHeader, label: string): Uint8Array {
	const at = header.localHeaderOffset;
	if (at + 30 > input.length || view.getUint32(at, true) !== LOCAL_HEADER) {
		throw new FileRefused(`${label} is damaged: its local header is not where the directory says`);
	}
	const dataStart = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
	const dataEnd = dataStart + header.compressedSize;
	if (dataEnd > input.length) throw new FileRefused(`${label} is truncated: its data runs past the end of the file`);
	const data = input.subarray(dataStart, dataEnd);
	let bytes: Uint8Array;
	if (header.method === METHOD_STORED) {
		if (header.compressedSize !== header.uncompressedSize) throw new FileRefused(`${label} is damaged: a stored entry with two different sizes`);
		bytes = data.slice();
	} else {
		bytes = inflateRaw(data, { maxBytes: header.uncompressedSize, expectedBytes: header.uncompressedSize, label });
		if (bytes.length !== header.uncompressedSize) {
			throw new FileRefused(`${label} is damaged: it inflates to ${bytes.length} bytes, not the ${header.uncompressedSize} its directory declares`);
		}
	}
	if (crc32(bytes) !== header.crc) throw new FileRefused(`${label} is damaged: its CRC-32 check fails`);
	return bytes;
}
