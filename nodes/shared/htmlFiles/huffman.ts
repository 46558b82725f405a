/**
 * The bit-level half of the DEFLATE inflater (RFC 1951): reading bits least-significant first, and
 * canonical Huffman codes built from their code lengths and decoded one bit at a time. Decoding
 * bit by bit is slower than a lookup table but small and plainly correct, and the documents it
 * serves are at most a few megabytes.
 */
import { FileRefused } from './refusal';

const MAX_CODE_LENGTH = 15;

/** Reads an input's bits in DEFLATE's order; running past the end is a truncated stream. */
export class BitReader {
	private position = 0;
	private bitBuffer = 0;
	private bitCount = 0;

	constructor(
		private readonly input: Uint8Array,
		private readonly label: string,
	) {}

	/** The next `count` bits (at most 24) as a number, the first bit read the lowest. */
	bits(count: number): number {
		while (this.bitCount < count) {
			if (this.position >= this.input.length) throw new FileRefused(`${this.label} is truncated: its compressed data ends early`);
			this.bitBuffer |= this.input[this.position++] << this.bitCount;
			this.bitCount += 8;
		}
		const value = this.bitBuffer & ((1 << count) - 1);
		this.bitBuffer >>>= count;
		this.bitCount -= count;
		return value;
	}

	/** Drops the bits left of the current byte: a stored block starts on a byte boundary. */
	alignToByte(): void {
		this.bitBuffer = 0;
		this.bitCount = 0;
	}

	/** `length` whole bytes from the input, after alignToByte. */
	bytes(length: number): Uint8Array {
		if (this.position + length > this.input.length) throw new FileRefused(`${this.label} is truncated: a stored block ends early`);
		const slice = this.input.subarray(this.position, this.position + length);
		this.position += length;
		return slice;
	}
}

/** A canonical Huffman code: how many codes each length has, and the symbols in code order. */
export interface HuffmanCode {
	countOfLength: Uint16Array;
	symbolsInCodeOrder: Uint16Array;
}

/**
 * The canonical code for these code lengths (0 = the symbol is unused). An over-subscribed set
 * of lengths is refused; an incomplete one is allowed (RFC 1951 permits a single distance code),
 * and reading a code it lacks is refused when met.
 */
export function huffmanCode(lengths: ArrayLike<number>, label: string): HuffmanCode {
	const countOfLength = new Uint16Array(MAX_CODE_LENGTH + 1);
	for (let symbol = 0; symbol < lengths.length; symbol++) countOfLength[lengths[symbol]]++;
	countOfLength[0] = 0;
	let codesLeft = 1;
	for (let length = 1; length <= MAX_CODE_LENGTH; length++) {
		codesLeft = codesLeft * 2 - countOfLength[length];
		if (codesLeft < 0) throw new FileRefused(`${label} is damaged: its compressed data has an invalid Huffman code`);
	}
	const firstIndexOfLength = new Uint16Array(MAX_CODE_LENGTH + 2);
	for (let length = 1; length <= MAX_CODE_LENGTH; length++) {
		firstIndexOfLength[length + 1] = firstIndexOfLength[length] + countOfLength[length];
	}
	const symbolsInCodeOrder = new Uint16Array(lengths.length);
	for (let symbol = 0; symbol < lengths.length; symbol++) {
		if (lengths[symbol] !== 0) symbolsInCodeOrder[firstIndexOfLength[lengths[symbol]]++] = symbol;
	}
	return { countOfLength, symbolsInCodeOrder };
}

/**
 * The next symbol: canonical codes of one length are consecutive numbers, so after each bit the
 * code read so far is either one of this length's codes or the prefix of a longer one.
 */
export function decodeSymbol(reader: BitReader, code: HuffmanCode, label: string): number {
	let value = 0;
	let firstCodeOfLength = 0;
	let symbolIndex = 0;
	for (let length = 1; length <= MAX_CODE_LENGTH; length++) {
		value |= reader.bits(1);
		const count = code.countOfLength[length];
		if (value < firstCodeOfLength + count) return code.symbolsInCodeOrder[symbolIndex + value - firstCodeOfLength];
		symbolIndex += count;
		firstCodeOfLength = (firstCodeOfLength + count) << 1;
		value <<= 1;
	}
	throw new FileRefused(`${label} is damaged: its compressed data has a code its Huffman table lacks`);
}
