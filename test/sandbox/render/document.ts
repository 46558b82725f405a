import type { PrintOptions, Renderer } from './renderer';
import { paperWidthPx } from './paper';

export interface RenderInput {
	html: string;
	print?: PrintOptions;
	convertToImage?: boolean;
	headerText?: string;
	footerText?: string;
}

export interface RenderedFile {
	bytes: Buffer;
	mimeType: 'application/pdf' | 'image/png';
	extension: 'pdf' | 'png';
}

const escapeHtml = (text: string) =>
	text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Header and footer bands in Chromium's template syntax, for a template's style texts. */
function headerFooter(input: RenderInput): PrintOptions {
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

/** HTML to a real PDF (or PNG) with Chromium. */
export async function renderDocument(renderer: Renderer, input: RenderInput): Promise<RenderedFile> {
	const print: PrintOptions = { ...headerFooter(input), ...input.print };
	if (input.convertToImage) {
		const bytes = await renderer.htmlToPng(input.html, paperWidthPx(print));
		return { bytes, mimeType: 'image/png', extension: 'png' };
	}
	const bytes = await renderer.htmlToPdf(input.html, { printBackground: true, ...print });
	return { bytes, mimeType: 'application/pdf', extension: 'pdf' };
}
