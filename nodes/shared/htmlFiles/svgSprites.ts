/**
 * SVG `<use href="icons.svg#star">`: Chromium does not load `<use>` from another file given as a
 * data: URI, so the file is put into the page instead, once, in a hidden `<svg>` at the start
 * of the body (at the end of a Markdown document, or of HTML without a body), and the reference
 * becomes `#star`. The sprite's own references (an `<image>` in a symbol) are not inlined, and
 * its ids share the page's: an id used in both is the page's.
 */
import type { DocumentKind } from './documentKind';
import type { InlineRun } from './inlineRun';
import { localPathOf } from './references';
import { decodeDocumentText } from './textDecoding';

/** The `#id` a `<use>` of another file becomes, or undefined to leave it as written (or not found). */
export async function spriteReference(reference: string, folder: string, run: InlineRun): Promise<string | undefined> {
	const hash = reference.indexOf('#');
	// "#star" is in the page already; "icons.svg" alone names no element to use.
	if (hash <= 0 || hash === reference.length - 1) return undefined;
	const path = localPathOf(reference, folder);
	if (path === undefined) return undefined;
	if (!run.sprites.has(path)) {
		const asset = await run.asset(path);
		if (asset === undefined) return undefined;
		const { text } = decodeDocumentText(asset.bytes, { kind: 'markdown', mimeType: asset.mimeType, fileName: path });
		const sprite = text
			.replace(/<\?xml[\s\S]*?\?>/g, '')
			.replace(/<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>/gi, '')
			.replace(/<!--[\s\S]*?-->/g, '')
			// No blank line: in Markdown one would end the HTML block the sprites are put in.
			.replace(/\n\s*\n/g, '\n')
			.trim();
		run.count(sprite.length, path);
		run.sprites.set(path, sprite);
	}
	return reference.slice(hash);
}

/** The document with the sprites its `<use>` elements now point into. */
export function withSprites(text: string, kind: DocumentKind, run: InlineRun): string {
	if (run.sprites.size === 0) return text;
	const block = `<svg aria-hidden="true" style="position:absolute;width:0;height:0;overflow:hidden">\n${[...run.sprites.values()].join('\n')}\n</svg>`;
	if (kind === 'markdown') return `${text}\n\n${block}\n`;
	const body = /<body\b(?:[^>"'<]|"[^"<]*"|'[^'<]*')*>/i.exec(text);
	if (body === null) return `${text}\n${block}`;
	const afterBody = body.index + body[0].length;
	return `${text.slice(0, afterBody)}\n${block}${text.slice(afterBody)}`;
}
