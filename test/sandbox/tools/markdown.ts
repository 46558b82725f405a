import { readFileSync } from 'node:fs';

import hljs from 'highlight.js';
import { Marked } from 'marked';
import { markedHighlight } from 'marked-highlight';

/** Styles of converted markdown; `customCss` comes after them. */
const DEFAULT_CSS = `
  body { font-family: 'DejaVu Sans', Arial, sans-serif; color: #24292f; line-height: 1.5; margin: 0; }
  h1, h2 { border-bottom: 1px solid #d0d7de; padding-bottom: .3em; }
  table { border-collapse: collapse; margin: 1em 0; }
  th, td { border: 1px solid #d0d7de; padding: 6px 13px; }
  th { background: #f6f8fa; }
  code { font-family: 'DejaVu Sans Mono', monospace; background: #f6f8fa; padding: .2em .4em; border-radius: 4px; }
  pre code { display: block; padding: 1em; overflow: auto; }
  blockquote { color: #57606a; border-left: .25em solid #d0d7de; margin: 0; padding: 0 1em; }
  img { max-width: 100%; }
  hr { border: 0; border-top: 2px solid #d0d7de; }
`;

const HIGHLIGHT_CSS = readFileSync(require.resolve('highlight.js/styles/github.css'), 'utf8');

const marked = new Marked(
	{ gfm: true },
	markedHighlight({
		emptyLangClass: 'hljs',
		langPrefix: 'hljs language-',
		highlight(code, language) {
			const known = hljs.getLanguage(language) ? language : 'plaintext';
			return hljs.highlight(code, { language: known }).value;
		},
	}),
);

/** Markdown (GitHub flavour: tables, strikethrough, fenced code highlighted by language) as an HTML page. */
export function markdownToHtml(markdown: string, customCss = ''): string {
	const body = marked.parse(markdown, { async: false });
	return `<!DOCTYPE html><html><head><meta charset="utf-8"><style>${DEFAULT_CSS}\n${HIGHLIGHT_CSS}\n${customCss}</style></head><body>${body}</body></html>`;
}
