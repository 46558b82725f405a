/**
 * An HTML document's local files inlined, tag by tag (a scanner of tags and attributes, not a
 * full parser: comments, and the text of `<script>`, `<textarea>` and `<title>`, are skipped):
 * - `<img src>`, `<img srcset>` / `<source srcset>` (every candidate: which one prints is
 *   Chromium's choice), `<input type=image src>`, `<video poster>`, SVG `<image href>`, the
 *   legacy `background` attribute: data: URIs;
 * - `<link rel="stylesheet" href>`: a `<style>` with the sheet's text (its `media` kept), its own
 *   references resolved from its folder; `<style>` blocks and `style` attributes: their `url()`s;
 * - `<script src>`: a data: URI, so that a local script (a chart library) runs as it did from
 *   its folder, with its own text untouched.
 * - SVG `<use href="icons.svg#id">`: the file put into the page, the reference made `#id`
 *   (svgSprites.ts).
 */
import { inlineCss, inlinedStylesheet } from './cssAssets';
import { replaceInOrder, rewriteByScanning, type InlineRun, type ScannedPart } from './inlineRun';
import { attributeText, localPathOf } from './references';
import { rewriteSrcset } from './srcset';
import { spriteReference } from './svgSprites';

/**
 * A comment's start, or a start tag with its attributes. A `<` is not taken inside a tag, even in
 * a quoted value, so that a search for the tag's end stops at the next tag: a page of unclosed
 * tags or quotes is scanned in one pass, not once per tag. (A tag with a `<` in a quoted value is
 * left as written.)
 */
export const HTML_START_SOURCE = String.raw`(<!--)|<([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"'<]|"[^"<]*"|'[^'<]*')*)>`;
/** The number of capture groups HTML_START_SOURCE has, for patterns that embed it. */
export const HTML_START_GROUPS = 3;
/** Elements whose text is not HTML: it is inlined (style) or kept as written, never read as tags. */
const TEXT_ELEMENTS = new Set(['style', 'script', 'textarea', 'title']);

const ATTRIBUTE = /([^\s"'>/=]+)(?:(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Attributes whose value is one file's URL, by tag ('*': any tag). */
const URL_ATTRIBUTES: Record<string, string[]> = {
	img: ['src'],
	source: ['src'],
	input: ['src'],
	script: ['src'],
	video: ['poster'],
	image: ['href', 'xlink:href'],
	'*': ['background'],
};

export async function inlineHtml(html: string, folder: string, run: InlineRun): Promise<string> {
	return await rewriteByScanning(html, new RegExp(HTML_START_SOURCE, 'gi'), async (match) => await inlineHtmlAt(html, match, 1, folder, run));
}

/** The HTML part a match of HTML_START_SOURCE (its groups from `first`) starts, with its files inlined. */
export async function inlineHtmlAt(html: string, match: RegExpExecArray, first: number, folder: string, run: InlineRun): Promise<ScannedPart> {
	const [comment, tag, attributes] = match.slice(first, first + HTML_START_GROUPS);
	const afterStart = match.index + match[0].length;
	if (comment !== undefined) {
		const close = html.indexOf('-->', afterStart);
		const end = close === -1 ? html.length : close + 3;
		return { replacement: html.slice(match.index, end), end };
	}
	const name = tag.toLowerCase();
	const startTag = `<${tag}${await inlinedStartTag(name, attributes, folder, run)}>`;
	if (TEXT_ELEMENTS.has(name)) {
		// Its text runs to its end tag, or (unclosed) to the end of the document, as a browser reads it.
		const endTag = new RegExp(`</${name}[\\s/>]`, 'gi');
		endTag.lastIndex = afterStart;
		const close = endTag.exec(html)?.index ?? html.length;
		const closeEnd = close === html.length ? close : (html.indexOf('>', close) + 1 || html.length);
		const text = html.slice(afterStart, close);
		const inner = name === 'style' ? escapedStyleText(await inlineCss(text, folder, run)) : text;
		return { replacement: `${startTag}${inner}${html.slice(close, closeEnd)}`, end: closeEnd };
	}
	if (name === 'link') {
		const asStyle = await linkedStylesheet(attributes, folder, run);
		if (asStyle !== undefined) return { replacement: asStyle, end: afterStart };
	}
	return { replacement: startTag, end: afterStart };
}

/** A start tag's attributes, the URLs among them inlined and the rest kept as written. */
async function inlinedStartTag(tag: string, attributes: string, folder: string, run: InlineRun): Promise<string> {
	const urlNames = [...(URL_ATTRIBUTES[tag] ?? []), ...URL_ATTRIBUTES['*']];
	return await replaceInOrder(attributes, ATTRIBUTE, async (attribute) => {
		const [whole, rawName, equals, doubleQuoted, singleQuoted, bare] = attribute;
		const value = doubleQuoted ?? singleQuoted ?? bare;
		if (equals === undefined || value === undefined) return whole;
		const name = rawName.toLowerCase();
		const quote = singleQuoted !== undefined ? "'" : '"';
		const withValue = (newValue: string) => (newValue === value ? whole : `${rawName}${equals}${quote}${newValue}${quote}`);
		if (name === 'style') {
			const css = attributeText(value);
			const inlined = await inlineCss(css, folder, run);
			return inlined === css ? whole : withValue(inlined.replace(/&/g, '&amp;').replaceAll(quote, quote === '"' ? '&quot;' : '&#39;'));
		}
		if (name === 'srcset' && (tag === 'img' || tag === 'source')) {
			return withValue(await rewriteSrcset(value, async (url) => (await dataUriFor(attributeText(url), folder, run)) ?? url));
		}
		if (tag === 'use' && (name === 'href' || name === 'xlink:href')) {
			return withValue((await spriteReference(attributeText(value), folder, run)) ?? value);
		}
		if (!urlNames.includes(name)) return whole;
		return withValue((await dataUriFor(attributeText(value), folder, run)) ?? value);
	});
}

async function dataUriFor(reference: string, folder: string, run: InlineRun): Promise<string | undefined> {
	const path = localPathOf(reference, folder);
	return path === undefined ? undefined : await run.dataUriOf(path);
}

/** A `<link rel="stylesheet">` to a local sheet as a `<style>` holding it, or undefined to keep the tag. */
async function linkedStylesheet(attributes: string, folder: string, run: InlineRun): Promise<string | undefined> {
	const values = new Map<string, string>();
	for (const [, name, , doubleQuoted, singleQuoted, bare] of attributes.matchAll(ATTRIBUTE)) {
		values.set(name.toLowerCase(), attributeText(doubleQuoted ?? singleQuoted ?? bare ?? ''));
	}
	const rel = (values.get('rel') ?? '').toLowerCase().split(/\s+/);
	const href = values.get('href');
	if (!rel.includes('stylesheet') || rel.includes('alternate') || href === undefined) return undefined;
	const path = localPathOf(href, folder);
	if (path === undefined) return undefined;
	const sheet = await inlinedStylesheet(path, run, []);
	if (sheet === undefined) return undefined;
	const media = values.get('media');
	const mediaAttribute = media === undefined ? '' : ` media="${media.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
	return `<style${mediaAttribute}>\n${escapedStyleText(sheet)}\n</style>`;
}

/** A stylesheet's text made safe inside `<style>`: "</style" would end the element early. */
function escapedStyleText(css: string): string {
	return css.replace(/<\/(style)/gi, '<\\/$1');
}
