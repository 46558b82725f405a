/** Reads PDFs and PNGs back the way a person would check them: text, pages, page sizes. */
import { PNG } from 'pngjs';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

async function openPdf(bytes: Buffer) {
	pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
	const { getDocument } = await pdfjs;
	return await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 }).promise;
}

export function isPdf(bytes: Buffer): boolean {
	return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}

/** The text of every page, pages separated by a newline. */
export async function pdfText(bytes: Buffer): Promise<string> {
	const document = await openPdf(bytes);
	const pages: string[] = [];
	for (let number = 1; number <= document.numPages; number++) {
		const content = await (await document.getPage(number)).getTextContent();
		pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
	}
	await document.destroy();
	return pages.join('\n');
}

export async function pdfPageCount(bytes: Buffer): Promise<number> {
	const document = await openPdf(bytes);
	const count = document.numPages;
	await document.destroy();
	return count;
}

/** Page sizes in PDF points (1/72 inch). */
export async function pdfPageSizes(bytes: Buffer): Promise<Array<{ width: number; height: number }>> {
	const document = await openPdf(bytes);
	const sizes = [];
	for (let number = 1; number <= document.numPages; number++) {
		const [x0, y0, x1, y1] = (await document.getPage(number)).view;
		sizes.push({ width: Math.round(x1 - x0), height: Math.round(y1 - y0) });
	}
	await document.destroy();
	return sizes;
}

/** Width and height of a PNG; throws when the bytes are not a valid PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
	const png = PNG.sync.read(bytes);
	return { width: png.width, height: png.height };
}

/** The document properties written into a PDF. */
export async function pdfProperties(bytes: Buffer): Promise<Record<string, string | undefined>> {
	const { PDFDocument } = await import('pdf-lib');
	const document = await PDFDocument.load(bytes, { updateMetadata: false });
	return {
		title: document.getTitle(),
		author: document.getAuthor(),
		subject: document.getSubject(),
		keywords: document.getKeywords(),
		creator: document.getCreator(),
		producer: document.getProducer(),
	};
}

/** The text of each page, one string per page. */
export async function pdfPageTexts(bytes: Buffer): Promise<string[]> {
	return (await pdfText(bytes)).split('\n');
}

/** The raw content streams of each page, to tell whether pages were left as they were. */
export async function pdfPageContents(bytes: Buffer): Promise<string[]> {
	const { PDFDocument, PDFArray, PDFRawStream, PDFRef } = await import('pdf-lib');
	const document = await PDFDocument.load(bytes);
	return document.getPages().map((page) => {
		const contents = page.node.Contents();
		const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
		return refs
			.map((ref) => {
				const stream = ref instanceof PDFRef ? document.context.lookup(ref) : ref;
				return stream instanceof PDFRawStream ? Buffer.from(stream.contents).toString('base64') : String(stream);
			})
			.join('|');
	});
}

/**
 * What the pages paint besides text: how many images they draw (image XObjects, inline images,
 * image masks) and the colours things are filled with, as `#rrggbb` (text in a stylesheet's
 * colour is filled with it), read from pdf.js's operator lists.
 */
export async function pdfPaint(bytes: Buffer): Promise<{ images: number; fillColours: string[] }> {
	pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
	const { OPS } = await pdfjs;
	const document = await openPdf(bytes);
	const imageOps = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintImageXObjectRepeat]);
	const colourOps = new Set<number>([OPS.setFillRGBColor, OPS.setFillColor, OPS.setFillColorN]);
	let images = 0;
	const fillColours = new Set<string>();
	for (let number = 1; number <= document.numPages; number++) {
		const { fnArray, argsArray } = await (await document.getPage(number)).getOperatorList();
		fnArray.forEach((op, index) => {
			if (imageOps.has(op)) images++;
			const colour = (argsArray[index] as unknown[] | null)?.[0];
			if (colourOps.has(op) && typeof colour === 'string') fillColours.add(colour.toLowerCase());
		});
	}
	await document.destroy();
	return { images, fillColours: [...fillColours] };
}
