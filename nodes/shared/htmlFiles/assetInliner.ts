/**
 * A document made self-contained: its local images, stylesheets, fonts and scripts inlined as
 * data: URIs (stylesheets as `<style>`), found through a resolver (the ZIP's entries or the item's
 * binary properties); web addresses left as written, as the node fetches nothing. What was not
 * found is returned, for an execution hint, instead of being dropped in silence.
 */
import type { AssetResolver } from './assetSources';
import type { DocumentKind } from './documentKind';
import { inlineHtml } from './htmlAssets';
import { InlineRun } from './inlineRun';
import { inlineMarkdown } from './markdownAssets';
import { withSprites } from './svgSprites';

export interface DocumentToInline {
	text: string;
	kind: DocumentKind;
	/** The folder its relative references start from: "site/" inside a ZIP, else "". */
	folder: string;
	/** Its file name as the user knows it, for messages. */
	name: string;
}

export interface InlinedDocument {
	text: string;
	/** Paths from the document's root that nothing answered, once each, in document order. */
	missing: string[];
	/** Paths of the files inlined, once each, in document order. */
	inlined: string[];
}

export interface InlineLimits {
	/** Refuse once inlining has added this many bytes (usually the service's 3 MB body limit). */
	maxInlinedBytes?: number;
}

export async function inlineAssets(document: DocumentToInline, resolver: AssetResolver, limits: InlineLimits = {}): Promise<InlinedDocument> {
	const run = new InlineRun(resolver, { documentName: document.name, maxInlinedBytes: limits.maxInlinedBytes });
	const inline = document.kind === 'html' ? inlineHtml : inlineMarkdown;
	const text = withSprites(await inline(document.text, document.folder, run), document.kind, run);
	return { text, missing: run.missing, inlined: run.inlined };
}

/**
 * The execution hint for the files a document names that were not found, or undefined when all
 * were: "index.html refers to 2 files that were not found: img/a.png, css/b.css. ...".
 */
export function missingAssetsHint(documentName: string, missing: string[], from: 'zip' | 'binaries'): string | undefined {
	if (missing.length === 0) return undefined;
	const files = missing.length === 1 ? 'a file that was' : `${missing.length} files that were`;
	const where =
		from === 'zip'
			? 'Add them to the ZIP, at these paths from the document’s folder'
			: 'Add them to the item as binary properties whose file names match';
	return `${documentName} refers to ${files} not found: ${missing.join(', ')}. The PDF shows them missing (a broken image, an unstyled page). ${where}.`;
}
