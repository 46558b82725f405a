/**
 * A raw DEFLATE inflater (RFC 1951), written here because node code may not import zlib: stored,
 * fixed-Huffman and dynamic-Huffman blocks, with a hard bound on the output so that a small
 * compressed entry cannot grow past what its ZIP declared (a zip bomb).
 */
import { BitReader, decodeSymbol, huffmanCode, type HuffmanCode } from './huffman';
import { FileRefused } from './refusal';

const END_OF_BLOCK = 256;
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA_BITS = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA_BITS = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/** The order in which a dynamic block lists the code lengths of its code-length code. */
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** The output, grown as needed and never past `maxBytes`. */
class Output {
	buffer: Uint8Array;
	length = 0;

	constructor(
		expectedBytes: number,
		private readonly maxBytes: number,
		private readonly label: string,
	) {
		this.buffer = new Uint8Array(Math.max(Math.min(expectedBytes, maxBytes), 1024));
	}

	/** Room for `count` more bytes, or a refusal once the output would pass its bound. */
	reserve(count: number): void {
		const needed = this.length + count;
		if (needed > this.maxBytes) throw new FileRefused(`${this.label} inflates to more than ${this.maxBytes} bytes, more than it may`);
		if (needed <= this.buffer.length) return;
		const grown = new Uint8Array(Math.min(Math.max(needed, this.buffer.length * 2), this.maxBytes));
		grown.set(this.buffer.subarray(0, this.length));
		this.buffer = grown;
	}
}

export interface InflateOptions {
	/** The output may not pass this many bytes (a ZIP entry's declared uncompressed size). */
	maxBytes: number;
	/** The size the output is expected to have, to allocate once; defaults to maxBytes. */
	expectedBytes?: number;
	/** What the data is, for messages: "The ZIP entry css/site.css". */
	label: string;
}

/** The bytes that raw DEFLATE data (no zlib or gzip header) inflates to. */
export function inflateRaw(input: Uint8Array, options: InflateOptions): Uint8Array {
	const { label } = options;
	const reader = new BitReader(input, label);
	const output = new Output(options.expectedBytes ?? options.maxBytes, options.maxBytes, label);
	let lastBlock = false;
	while (!lastBlock) {
		lastBlock = reader.bits(1) === 1;
		const blockType = reader.bits(2);
		if (blockType === 0) copyStoredBlock(reader, output, label);
		else if (blockType === 1) inflateBlock(reader, output, fixedCodes(label), label);
		else if (blockType === 2) inflateBlock(reader, output, dynamicCodes(reader, label), label);
		else throw new FileRefused(`${label} is damaged: its compressed data has a block of the reserved type 3`);
	}
	return output.buffer.slice(0, output.length);
}

function copyStoredBlock(reader: BitReader, output: Output, label: string): void {
	reader.alignToByte();
	const length = reader.bits(16);
	const lengthComplement = reader.bits(16);
	if ((length ^ 0xffff) !== lengthComplement) throw new FileRefused(`${label} is damaged: a stored block's length does not match its check`);
	const bytes = reader.bytes(length);
	output.reserve(length);
	output.buffer.set(bytes, output.length);
	output.length += length;
}

interface BlockCodes {
	literalLength: HuffmanCode;
	distance: HuffmanCode;
}

/** The codes RFC 1951 fixes for a block of type 1 (made per call: nothing kept between executions). */
function fixedCodes(label: string): BlockCodes {
	const literalLengths = new Uint8Array(288);
	literalLengths.fill(8, 0, 144);
	literalLengths.fill(9, 144, 256);
	literalLengths.fill(7, 256, 280);
	literalLengths.fill(8, 280, 288);
	return { literalLength: huffmanCode(literalLengths, label), distance: huffmanCode(new Uint8Array(30).fill(5), label) };
}

/** A dynamic block's header: its code-length code, then the two codes' lengths written with it. */
function dynamicCodes(reader: BitReader, label: string): BlockCodes {
	const literalLengthCount = reader.bits(5) + 257;
	const distanceCount = reader.bits(5) + 1;
	const codeLengthCount = reader.bits(4) + 4;
	if (literalLengthCount > 286 || distanceCount > 30) throw new FileRefused(`${label} is damaged: a block declares too many codes`);
	const codeLengthLengths = new Uint8Array(19);
	for (let index = 0; index < codeLengthCount; index++) codeLengthLengths[CODE_LENGTH_ORDER[index]] = reader.bits(3);
	const codeLengthCode = huffmanCode(codeLengthLengths, label);

	const lengths = new Uint8Array(literalLengthCount + distanceCount);
	let filled = 0;
	while (filled < lengths.length) {
		const symbol = decodeSymbol(reader, codeLengthCode, label);
		if (symbol < 16) {
			lengths[filled++] = symbol;
			continue;
		}
		let repeated = 0;
		let times: number;
		if (symbol === 16) {
			if (filled === 0) throw new FileRefused(`${label} is damaged: a block repeats a code length before any`);
			repeated = lengths[filled - 1];
			times = 3 + reader.bits(2);
		} else if (symbol === 17) {
			times = 3 + reader.bits(3);
		} else {
			times = 11 + reader.bits(7);
		}
		if (filled + times > lengths.length) throw new FileRefused(`${label} is damaged: a block's code lengths overrun their count`);
		lengths.fill(repeated, filled, filled + times);
		filled += times;
	}
	if (lengths[END_OF_BLOCK] === 0) throw new FileRefused(`${label} is damaged: a block has no end-of-block code`);
	return {
		literalLength: huffmanCode(lengths.subarray(0, literalLengthCount), label),
		distance: huffmanCode(lengths.subarray(literalLengthCount), label),
	};
}

/** A Huffman block's symbols: literals, and (length, distance) copies of earlier output. */
function inflateBlock(reader: BitReader, output: Output, codes: BlockCodes, label: string): void {
	for (;;) {
		const symbol = decodeSymbol(reader, codes.literalLength, label);
		if (symbol < 256) {
			output.reserve(1);
			output.buffer[output.length++] = symbol;
			continue;
		}
		if (symbol === END_OF_BLOCK) return;
		const lengthIndex = symbol - 257;
		if (lengthIndex >= LENGTH_BASE.length) throw new FileRefused(`${label} is damaged: its compressed data has an invalid length code`);
		const length = LENGTH_BASE[lengthIndex] + reader.bits(LENGTH_EXTRA_BITS[lengthIndex]);
		const distanceIndex = decodeSymbol(reader, codes.distance, label);
		if (distanceIndex >= DISTANCE_BASE.length) throw new FileRefused(`${label} is damaged: its compressed data has an invalid distance code`);
		const distance = DISTANCE_BASE[distanceIndex] + reader.bits(DISTANCE_EXTRA_BITS[distanceIndex]);
		if (distance > output.length) throw new FileRefused(`${label} is damaged: its compressed data refers back before its start`);
		output.reserve(length);
		// Byte by byte: a copy may overlap its own output (distance < length repeats a pattern).
		const buffer = output.buffer;
		let from = output.length - distance;
		for (let index = 0; index < length; index++) buffer[output.length++] = buffer[from++];
	}
}
