/**
 * A stylesheet with its files inlined: every `url()` (backgrounds, `@font-face` sources, cursors)
 * and every string of an `image-set()` a data: URI, every `@import` of a local stylesheet an
 * `@import` of that sheet (itself inlined) as a data: URI, each resolved from the folder of the
 * stylesheet that names it. An import cycle, or imports nested deeper than MAX_IMPORT_DEPTH, is
 * cut with a comment rather than followed. Comments and `local()` font sources are left as they are.
 */
import { decodeDocumentText } from './textDecoding';
import { localPathOf } from './references';
import { replaceInOrder, type InlineRun } from './inlineRun';
import { folderOf } from './zipNames';

export const MAX_IMPORT_DEPTH = 8;

// Bounded lengths: a search that fails (an unclosed quote) stops soon instead of scanning the
// rest of the sheet once per url(). A longer string is only ever a data: URI, left alone anyway.
// An @import's media query stops at the next "@" for the same reason.
const QUOTED = `"((?:[^"\\\\\\n]|\\\\.){0,4096})"|'((?:[^'\\\\\\n]|\\\\.){0,4096})'`;
/** A comment, an `@import` rule (its URL and media query), a `url()`, or an `image-set()`. */
const CSS_REFERENCE = new RegExp(
	[
		String.raw`(\/\*[\s\S]*?(?:\*\/|$))`,
		String.raw`@import\s+(?:url\(\s*(?:${QUOTED}|([^()\s"']*))\s*\)|${QUOTED})\s*([^;{}@]{0,1024});`,
		String.raw`url\(\s*(?:${QUOTED}|([^()\s"']*))\s*\)`,
		String.raw`((?:-webkit-)?image-set\()((?:[^()]|\([^()]*\))*)\)`,
	].join('|'),
	'gi',
);

/** The stylesheets being inlined, outermost first: what an import may not come back to. */
export type ImportChain = string[];

/**
 * The CSS text with its references inlined; `folder` is where its relative references start (the
 * folder of its file, or the document's for a `<style>` block or a `style` attribute).
 */
export async function inlineCss(css: string, folder: string, run: InlineRun, chain: ImportChain = []): Promise<string> {
	return await replaceInOrder(css, CSS_REFERENCE, async (match) => {
		const [whole, comment, importDouble, importSingle, importBare, importStringDouble, importStringSingle, media, urlDouble, urlSingle, urlBare, imageSet, imageSetInner] =
			match;
		if (comment !== undefined) return whole;
		if (imageSet !== undefined) return `${imageSet}${await inlinedImageSet(imageSetInner, folder, run)})`;
		const importReference = importDouble ?? importSingle ?? importBare ?? importStringDouble ?? importStringSingle;
		if (importReference !== undefined) return await inlinedImport(whole, importReference, media.trim(), folder, run, chain);
		const path = localPathOf(unescaped(urlDouble ?? urlSingle ?? urlBare ?? ''), folder);
		if (path === undefined) return whole;
		const dataUri = await run.dataUriOf(path);
		return dataUri === undefined ? whole : `url(${dataUri})`;
	});
}

/** Inside `image-set()`, a function (`url()`, `type()`) or a string, which there is a URL. */
const IMAGE_SET_PART = new RegExp(String.raw`([a-zA-Z-]+\([^()]*\))|${QUOTED}`, 'g');

/** An `image-set()`'s candidates inlined: its `url()`s, and its strings as `url()`s of data: URIs. */
async function inlinedImageSet(candidates: string, folder: string, run: InlineRun): Promise<string> {
	return await replaceInOrder(candidates, IMAGE_SET_PART, async ([whole, functionCall, double, single]) => {
		if (functionCall !== undefined) return /^url\(/i.test(functionCall) ? await inlineCss(functionCall, folder, run) : whole;
		const path = localPathOf(unescaped(double ?? single), folder);
		const dataUri = path === undefined ? undefined : await run.dataUriOf(path);
		return dataUri === undefined ? whole : `url(${dataUri})`;
	});
}

/** A stylesheet's file inlined as text, with its own references from its own folder. */
export async function inlinedStylesheet(path: string, run: InlineRun, chain: ImportChain): Promise<string | undefined> {
	const asset = await run.asset(path);
	if (asset === undefined) return undefined;
	const { text } = decodeDocumentText(asset.bytes, { kind: 'css', mimeType: asset.mimeType, fileName: path });
	run.count(text.length, path);
	// An @charset means nothing once the sheet is inside the document; left in, it is invalid there.
	const withoutCharset = text.replace(/^@charset "[^"]*";\s*/, '');
	return await inlineCss(withoutCharset, folderOf(path), run, [...chain, path]);
}

async function inlinedImport(rule: string, reference: string, media: string, folder: string, run: InlineRun, chain: ImportChain): Promise<string> {
	const path = localPathOf(unescaped(reference), folder);
	if (path === undefined) return rule;
	if (chain.includes(path)) return `/* ${commentSafe(path)} not imported again: it imports itself */`;
	if (chain.length >= MAX_IMPORT_DEPTH) return `/* ${commentSafe(path)} not imported: imports nested over ${MAX_IMPORT_DEPTH} deep */`;
	const sheet = await inlinedStylesheet(path, run, chain);
	if (sheet === undefined) return rule;
	// Still an @import, of a data: URI: its place among the rules, its media query, layer() and
	// supports() mean what they meant, and an @import after it (a web font's) stays valid, which
	// pasting the sheet's rules in its place would break.
	const dataUri = `data:text/css;base64,${Buffer.from(sheet, 'utf8').toString('base64')}`;
	run.count(dataUri.length, path);
	return `@import url(${dataUri})${media === '' ? '' : ` ${media}`};`;
}

/** A CSS string's escapes read: `\"` is `"`, `\\` is `\`, a hex escape its character. */
function unescaped(value: string): string {
	return value.replace(/\\([0-9a-fA-F]{1,6}\s?|[\s\S])/g, (_escape, escaped: string) =>
		/^[0-9a-fA-F]/.test(escaped) ? String.fromCodePoint(Math.min(parseInt(escaped, 16), 0x10ffff)) : escaped,
	);
}

function commentSafe(path: string): string {
	return path.replace(/\*\//g, '* /');
}
