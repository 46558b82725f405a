/** Paper sizes in inches, as Chromium's print `format` names them. */
export const PAPER_INCHES: Record<string, { width: number; height: number }> = {
	letter: { width: 8.5, height: 11 },
	legal: { width: 8.5, height: 14 },
	tabloid: { width: 11, height: 17 },
	ledger: { width: 17, height: 11 },
	a0: { width: 33.1, height: 46.8 },
	a1: { width: 23.4, height: 33.1 },
	a2: { width: 16.54, height: 23.4 },
	a3: { width: 11.7, height: 16.54 },
	a4: { width: 8.27, height: 11.7 },
	a5: { width: 5.83, height: 8.27 },
	a6: { width: 4.13, height: 5.83 },
};

const PX_PER_UNIT: Record<string, number> = { px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4 };

/** A CSS length (a number of pixels or a string with px, in, cm or mm) in pixels. */
export function lengthToPx(length: string | number | undefined): number | undefined {
	if (length === undefined || length === '') return undefined;
	if (typeof length === 'number') return length;
	const match = /^\s*(\d+(?:\.\d+)?)\s*(px|in|cm|mm)?\s*$/i.exec(length);
	if (!match) return undefined;
	return Number(match[1]) * PX_PER_UNIT[(match[2] ?? 'px').toLowerCase()];
}

/** The width in pixels of the paper that print options describe (Letter by default). */
export function paperWidthPx(options: { format?: string; width?: string | number; height?: string | number; landscape?: boolean }): number {
	const explicit = lengthToPx(options.landscape ? options.height : options.width);
	if (explicit) return explicit;
	const paper = PAPER_INCHES[(options.format ?? 'letter').toLowerCase()] ?? PAPER_INCHES.letter;
	return (options.landscape ? paper.height : paper.width) * 96;
}
