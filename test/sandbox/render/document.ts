import { PDFDocument } from 'pdf-lib';

import type { PrintOptions, Renderer } from './renderer';
import { paperWidthPx } from './paper';

/** PDF document properties as the render option `metadata` carries them. */
export interface PdfProperties {
	title?: string;
	author?: string;
	subject?: string;
	/** Comma-separated. */
	keywords?: string;
	creator?: string;
	producer?: string;
}

export interface RenderInput {
	html: string;
	print?: PrintOptions;
	convertToImage?: boolean;
	/** Texts of a template's header and footer bands. */
	headerText?: string;
	footerText?: string;
	/** Leave the header and footer off the first page. */
	hasCover?: boolean;
	metadata?: PdfProperties;
}

export interface RenderedFile {
	bytes: Buffer;
	mimeType: 'application/pdf' | 'image/png';
	extension: 'pdf' | 'png';
}

/** The print options Chromium takes; anything else in `pdfParams` is ignored, as Chromium would. */
const PRINT_OPTION_NAMES: Array<keyof PrintOptions> = [
	'format',
	'width',
	'height',
	'landscape',
	'printBackground',
	'scale',
	'pageRanges',
	'margin',
	'displayHeaderFooter',
	'headerTemplate',
	'footerTemplate',
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Header and footer bands in Chromium's template syntax, for a template's style texts. */
function templateBands(input: RenderInput): PrintOptions {
	if (!input.headerText && !input.footerText) return {};
	const band = (text = '') =>
		`<div style="font-size:9px;width:100%;text-align:center;color:#555">${escapeHtml(text)}</div>`;
	return {
		displayHeaderFooter: true,
		headerTemplate: band(input.headerText),
		footerTemplate: band(input.footerText),
		margin: { top: '60px', bottom: '60px', left: '40px', right: '40px' },
	};
}

export function printOptionsFrom(params: Record<string, unknown> | undefined): PrintOptions {
	const options: Record<string, unknown> = {};
	for (const name of PRINT_OPTION_NAMES) {
		if (params?.[name] !== undefined) options[name] = params[name];
	}
	return options as PrintOptions;
}

async function writeProperties(pdf: Buffer, properties: PdfProperties): Promise<Buffer> {
	const document = await PDFDocument.load(pdf, { updateMetadata: false });
	if (properties.title !== undefined) document.setTitle(properties.title);
	if (properties.author !== undefined) document.setAuthor(properties.author);
	if (properties.subject !== undefined) document.setSubject(properties.subject);
	if (properties.keywords !== undefined) {
		document.setKeywords(properties.keywords.split(',').map((keyword) => keyword.trim()).filter(Boolean));
	}
	if (properties.creator !== undefined) document.setCreator(properties.creator);
	if (properties.producer !== undefined) document.setProducer(properties.producer);
	return Buffer.from(await document.save());
}

/** Page 1 from the document without bands, the other pages from the one with them. */
async function withCoverPage(withBands: Buffer, withoutBands: Buffer): Promise<Buffer> {
	const banded = await PDFDocument.load(withBands);
	const plain = await PDFDocument.load(withoutBands);
	const result = await PDFDocument.create();
	const [cover] = await result.copyPages(plain, [0]);
	result.addPage(cover);
	const rest = banded.getPageIndices().slice(1);
	for (const page of await result.copyPages(banded, rest)) result.addPage(page);
	return Buffer.from(await result.save());
}

/** HTML to a real PDF (or PNG) with Chromium, with the document properties written in. */
export async function renderDocument(renderer: Renderer, input: RenderInput): Promise<RenderedFile> {
	const bands = templateBands(input);
	const print: PrintOptions = { printBackground: true, ...bands, ...input.print };
	if (input.convertToImage) {
		const bytes = await renderer.htmlToPng(input.html, paperWidthPx(print));
		return { bytes, mimeType: 'image/png', extension: 'png' };
	}
	let bytes = await renderer.htmlToPdf(input.html, print);
	if (input.hasCover && print.displayHeaderFooter) {
		const plain = await renderer.htmlToPdf(input.html, { ...print, displayHeaderFooter: false });
		bytes = await withCoverPage(bytes, plain);
	}
	if (input.metadata && Object.keys(input.metadata).length > 0) {
		bytes = await writeProperties(bytes, input.metadata);
	}
	return { bytes, mimeType: 'application/pdf', extension: 'pdf' };
}
