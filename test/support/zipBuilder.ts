/**
 * ZIP archives built byte by byte for the tests of nodes/shared/htmlFiles/zipReader.ts: entries
 * stored or deflated by Node's zlib (dynamic or fixed Huffman, or level 0: stored blocks inside
 * DEFLATE), with any header field overridable to make a damaged or hostile archive.
 */
import { constants, crc32 as zlibCrc32, deflateRawSync } from 'node:zlib';

export type Compression = 'stored' | 'deflate' | 'fixed' | 'level0';

export interface BuiltEntry {
	name: string;
	data: Buffer | string;
	compression?: Compression;
	/** Header fields to write instead of the true ones. */
	crc?: number;
	flags?: number;
	method?: number;
	uncompressedSize?: number;
	/** The name's bytes as written (for names that are not UTF-8). */
	rawName?: Buffer;
	/**
	 * Sizes and CRC after the data (general-purpose flag bit 3, as macOS's Archive Utility and
	 * streaming zippers write): the local header's are zero, the directory's are true.
	 */
	dataDescriptor?: boolean;
}

export function compressed(data: Buffer, compression: Compression): Buffer {
	if (compression === 'stored') return data;
	if (compression === 'fixed') return deflateRawSync(data, { strategy: constants.Z_FIXED });
	if (compression === 'level0') return deflateRawSync(data, { level: 0 });
	return deflateRawSync(data, { level: 9 });
}

/** The type of a raw DEFLATE stream's first block: 0 stored, 1 fixed, 2 dynamic. */
export function firstBlockType(deflated: Buffer): number {
	return (deflated[0] >> 1) & 3;
}

export function buildZip(entries: BuiltEntry[], options: { comment?: string } = {}): Buffer {
	const locals: Buffer[] = [];
	const directory: Buffer[] = [];
	let offset = 0;
	for (const entry of entries) {
		const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
		const compression = entry.compression ?? 'deflate';
		const body = compressed(data, compression);
		const name = entry.rawName ?? Buffer.from(entry.name, 'utf8');
		const method = entry.method ?? (compression === 'stored' ? 0 : 8);
		const flags = (entry.flags ?? (entry.rawName ? 0 : 0x0800)) | (entry.dataDescriptor ? 0x0008 : 0);
		const crc = entry.crc ?? zlibCrc32(data);
		const size = entry.uncompressedSize ?? data.length;

		const local = Buffer.alloc(30);
		local.writeUInt32LE(0x04034b50, 0);
		local.writeUInt16LE(20, 4);
		local.writeUInt16LE(flags, 6);
		local.writeUInt16LE(method, 8);
		if (!entry.dataDescriptor) {
			local.writeUInt32LE(crc >>> 0, 14);
			local.writeUInt32LE(body.length, 18);
			local.writeUInt32LE(size >>> 0, 22);
		}
		local.writeUInt16LE(name.length, 26);
		const descriptor = Buffer.alloc(entry.dataDescriptor ? 16 : 0);
		if (entry.dataDescriptor) {
			descriptor.writeUInt32LE(0x08074b50, 0);
			descriptor.writeUInt32LE(crc >>> 0, 4);
			descriptor.writeUInt32LE(body.length, 8);
			descriptor.writeUInt32LE(size >>> 0, 12);
		}
		locals.push(local, name, body, descriptor);

		const central = Buffer.alloc(46);
		central.writeUInt32LE(0x02014b50, 0);
		central.writeUInt16LE(20, 4);
		central.writeUInt16LE(20, 6);
		central.writeUInt16LE(flags, 8);
		central.writeUInt16LE(method, 10);
		central.writeUInt32LE(crc >>> 0, 16);
		central.writeUInt32LE(body.length, 20);
		central.writeUInt32LE(size >>> 0, 24);
		central.writeUInt16LE(name.length, 28);
		central.writeUInt32LE(offset, 42);
		directory.push(central, name);
		offset += 30 + name.length + body.length + descriptor.length;
	}
	const directoryBytes = Buffer.concat(directory);
	const comment = Buffer.from(options.comment ?? '', 'utf8');
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(entries.length, 8);
	end.writeUInt16LE(entries.length, 10);
	end.writeUInt32LE(directoryBytes.length, 12);
	end.writeUInt32LE(offset, 16);
	end.writeUInt16LE(comment.length, 20);
	return Buffer.concat([...locals, directoryBytes, end, comment]);
}
