/**
 * A PDF of a document's words without Chromium (the settings' `textRender`): the filled HTML's
 * visible text, drawn in lines on A4 pages. For tests that read which document landed where
 * (its words, page by page) but not how it is laid out: a page costs a millisecond instead of
 * a browser page, so a test of 45 documents is not a test of the machine's speed.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';

const PAGE = { width: 595, height: 842, margin: 56 };
const FONT_SIZE = 11;
const LINE_HEIGHT = 15;
/** About as many Helvetica characters as fit between the margins at this size. */
const CHARACTERS_PER_LINE = 85;

/** The text a reader sees: no head, styles or scripts, tags as spaces, the common entities read. */
export function visibleText(html: string): string {
	return html
		.replace(/<(head|style|script)\b[\s\S]*?<\/\1\s*>/gi, ' ')
		.replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr|table|section|article)\s*>/gi, '\n')
		.replace(/<[^>]*>/g, ' ')
		.replace(/&nbsp;/g, ' ')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#39;|&apos;/g, "'")
		.replace(/&amp;/g, '&')
		.split('\n')
		.map((line) => line.replace(/\s+/g, ' ').trim())
		.filter((line) => line !== '')
		.join('\n');
}

/** Lines no wider than the page, broken at spaces where a line is too long. */
function wrapped(text: string): string[] {
	return text.split('\n').flatMap((line) => {
		const lines: string[] = [];
		let rest = line;
		while (rest.length > CHARACTERS_PER_LINE) {
			const cut = rest.lastIndexOf(' ', CHARACTERS_PER_LINE);
			const at = cut > 0 ? cut : CHARACTERS_PER_LINE;
			lines.push(rest.slice(0, at));
			rest = rest.slice(at).trimStart();
		}
		return [...lines, rest];
	});
}

export async function textOnlyPdf(html: string): Promise<Buffer> {
	const document = await PDFDocument.create();
	const font = await document.embedFont(StandardFonts.Helvetica);
	// Helvetica's standard encoding has Latin-1's letters only: others become "?".
	const lines = wrapped(visibleText(html).replace(/[^\n\x20-\x7e\xa0-\xff]/g, '?'));
	const perPage = Math.floor((PAGE.height - 2 * PAGE.margin) / LINE_HEIGHT);
	for (let first = 0; first === 0 || first < lines.length; first += perPage) {
		const page = document.addPage([PAGE.width, PAGE.height]);
		lines.slice(first, first + perPage).forEach((line, index) => {
			page.drawText(line, { x: PAGE.margin, y: PAGE.height - PAGE.margin - (index + 1) * LINE_HEIGHT, size: FONT_SIZE, font });
		});
	}
	return Buffer.from(await document.save());
}
