/**
 * CRC-32 (the polynomial of ZIP, gzip and PNG), to check that an inflated ZIP entry is the file
 * that was stored. The table is a constant of the algorithm, computed once when the module loads.
 */
const CRC_TABLE = (() => {
	const table = new Uint32Array(256);
	for (let byte = 0; byte < 256; byte++) {
		let value = byte;
		for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
		table[byte] = value >>> 0;
	}
	return table;
})();

/** The CRC-32 of these bytes, as an unsigned 32-bit number. */
export function crc32(bytes: Uint8Array): number {
	let crc = 0xffffffff;
	for (let index = 0; index < bytes.length; index++) crc = CRC_TABLE[(crc ^ bytes[index]) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}
