/**
 * A Markdown document's local files inlined: `![alt](path "title")` (and `![alt](<path with
 * spaces>)`), the definitions that image references (`![alt][label]`, `![label]`) use, and the
 * HTML it may hold (`<img>`, `<link rel="stylesheet">`, `<style>`, as in an HTML document).
 * Fenced code blocks and inline code are left as written; indented code blocks are not told
 * apart and are read like text.
 */
import { HTML_START_GROUPS, HTML_START_SOURCE, inlineHtmlAt } from './htmlAssets';
import { rewriteByScanning, type InlineRun } from './inlineRun';
import { localPathOf } from './references';

// Named groups, so that their back-references hold inside the combined pattern.
const FENCED_CODE = String.raw`^ {0,3}(?<fence>\`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n {0,3}\k<fence>[^\n]*(?=\n|$)|(?![\s\S]))`;
// A code span stays within its paragraph: it does not cross a blank line.
const INLINE_CODE = String.raw`(?<ticks>\`+)[^\`](?:[^\n]|\n(?![ \t]*\n))*?\k<ticks>(?!\`)`;
const IMAGE = String.raw`(!\[(?:[^\[\]\\]|\\.|\[[^\[\]\n]*\])*\]\(\s*)(<[^<>\n]*>|[^\s()<>]+(?:\([^\s()]*\)[^\s()]*)*)((?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*\))`;
const DEFINITION = String.raw`^( {0,3}\[((?:[^\[\]\\]|\\.)+)\]:[ \t]*\n?[ \t]*)(<[^<>\n]*>|\S+)`;
/** Its groups: 1-2 fenced code, 3 inline code, 4-6 image, 7-9 definition, then an HTML part. */
const MARKDOWN_PART = new RegExp(
	[`(${FENCED_CODE})`, INLINE_CODE, IMAGE, DEFINITION, HTML_START_SOURCE].map((part) => `(?:${part})`).join('|'),
	'gim',
);
/** Where the HTML part's groups start (a unit test counts the pattern's groups against it). */
export const FIRST_HTML_GROUP = 10;
export const MARKDOWN_GROUP_COUNT = FIRST_HTML_GROUP - 1 + HTML_START_GROUPS;
export const MARKDOWN_PATTERN_SOURCE = MARKDOWN_PART.source;

export async function inlineMarkdown(markdown: string, folder: string, run: InlineRun): Promise<string> {
	const imageLabels = labelsOfImageReferences(markdown);
	return await rewriteByScanning(markdown, MARKDOWN_PART, async (match) => {
		const [whole, fenced, , inlineCode, imageStart, imageTarget, imageEnd, definitionStart, label, definitionTarget] = match;
		const asWritten = { replacement: whole, end: match.index + whole.length };
		const replacedBy = (replacement: string | undefined) => (replacement === undefined ? asWritten : { ...asWritten, replacement });
		if (fenced !== undefined || inlineCode !== undefined) return asWritten;
		if (imageTarget !== undefined) {
			const dataUri = await dataUriFor(unbracketed(imageTarget), folder, run);
			return replacedBy(dataUri && `${imageStart}${dataUri}${imageEnd}`);
		}
		if (definitionTarget !== undefined) {
			if (!imageLabels.has(normalisedLabel(label))) return asWritten;
			const dataUri = await dataUriFor(unbracketed(definitionTarget), folder, run);
			return replacedBy(dataUri && `${definitionStart}${dataUri}`);
		}
		return await inlineHtmlAt(markdown, match, FIRST_HTML_GROUP, folder, run);
	});
}

async function dataUriFor(target: string, folder: string, run: InlineRun): Promise<string | undefined> {
	// Markdown's backslash escapes ("my\_logo.png") mean the character itself.
	const path = localPathOf(target.replace(/\\([!-/:-@[-`{-~])/g, '$1'), folder);
	return path === undefined ? undefined : await run.dataUriOf(path);
}

function unbracketed(target: string): string {
	return target.startsWith('<') && target.endsWith('>') ? target.slice(1, -1) : target;
}

/** The labels images refer to: "![alt][logo]", "![logo][]" and "![logo]" all use "logo". */
function labelsOfImageReferences(markdown: string): Set<string> {
	const labels = new Set<string>();
	for (const [, alt, label] of markdown.matchAll(/!\[((?:[^\[\]\\]|\\.)*)\](?:\[((?:[^\[\]\\]|\\.)*)\]|(?![(:]))/g)) {
		labels.add(normalisedLabel(label === undefined || label === '' ? alt : label));
	}
	return labels;
}

/** Labels match case-insensitively, their inner spaces collapsed, as CommonMark matches them. */
function normalisedLabel(label: string): string {
	return label.trim().replace(/\s+/g, ' ').toLowerCase();
}
