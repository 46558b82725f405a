/**
 * One document's inlining: the resolver, each asset turned into a data: URI once however often
 * it is referenced, the references not found (once each, in the order met), and a bound on what
 * inlining adds, so that a small page naming a large image a thousand times is refused while it
 * is being built rather than after.
 */
import type { Asset, AssetResolver } from './assetSources';
import { assetMimeType } from './mimeTypes';
import { FileRefused, humanSize } from './refusal';

export interface InlineOptions {
	/** The document's name, for messages ("index.html", "site.zip"). */
	documentName: string;
	/** Refuse once what inlining adds passes this many bytes (usually the service's body limit). */
	maxInlinedBytes?: number;
}

export class InlineRun {
	/** Paths from the document's root that no asset answered, once each, in document order. */
	readonly missing: string[] = [];
	/** Paths of the assets inlined, once each, in document order. */
	readonly inlined: string[] = [];
	/** SVG files that `<use>` elements point into, by path: their text, to put into the page (svgSprites.ts). */
	readonly sprites = new Map<string, string>();
	private readonly dataUris = new Map<string, string>();
	private addedBytes = 0;

	constructor(
		private readonly resolver: AssetResolver,
		readonly options: InlineOptions,
	) {}

	/** The asset at this path, or undefined (and the path noted missing). */
	async asset(path: string): Promise<Asset | undefined> {
		const found = await this.resolver(path);
		if (found === undefined) this.noteMissing(path);
		else if (!this.inlined.includes(path)) this.inlined.push(path);
		return found;
	}

	/** The asset as a base64 data: URI (no quotes or spaces: safe in any attribute or url()), or undefined. */
	async dataUriOf(path: string): Promise<string | undefined> {
		let dataUri = this.dataUris.get(path);
		if (dataUri === undefined) {
			const asset = await this.asset(path);
			if (asset === undefined) return undefined;
			const base64 = Buffer.from(asset.bytes.buffer, asset.bytes.byteOffset, asset.bytes.byteLength).toString('base64');
			dataUri = `data:${assetMimeType(asset.name, asset.mimeType)};base64,${base64}`;
			this.dataUris.set(path, dataUri);
		}
		this.count(dataUri.length, path);
		return dataUri;
	}

	noteMissing(path: string): void {
		if (!this.missing.includes(path)) this.missing.push(path);
	}

	/** Counts text that inlining adds (a data: URI, a stylesheet), refusing past the bound. */
	count(bytes: number, path: string): void {
		this.addedBytes += bytes;
		const limit = this.options.maxInlinedBytes;
		if (limit === undefined || this.addedBytes <= limit) return;
		throw new FileRefused(
			`${this.options.documentName} comes to more than ${humanSize(limit)} once its images and styles are inlined (stopped at ${path}), more than pdf noodle takes in one request`,
		);
	}
}

/** `text` with each match of `pattern` (a global regex) replaced by what `replace` resolves to, in order. */
export async function replaceInOrder(text: string, pattern: RegExp, replace: (match: RegExpExecArray) => Promise<string>): Promise<string> {
	const parts: string[] = [];
	let last = 0;
	for (const match of text.matchAll(pattern)) {
		parts.push(text.slice(last, match.index), await replace(match as RegExpExecArray));
		last = match.index + match[0].length;
	}
	parts.push(text.slice(last));
	return parts.join('');
}

/** What replaces a part a scan found, and where the scan goes on (past the part's end). */
export interface ScannedPart {
	replacement: string;
	end: number;
}

/**
 * `text` scanned for `pattern` (a global regex) from left to right, each match handed to `handle`,
 * which may take more than the match (an element's text up to its end tag) by saying where it ends.
 * Each part is searched for once, so a document full of unclosed tags costs no more than one pass.
 */
export async function rewriteByScanning(text: string, pattern: RegExp, handle: (match: RegExpExecArray) => Promise<ScannedPart>): Promise<string> {
	const parts: string[] = [];
	let position = 0;
	for (;;) {
		pattern.lastIndex = position;
		const match = pattern.exec(text);
		if (match === null) break;
		parts.push(text.slice(position, match.index));
		const part = await handle(match);
		parts.push(part.replacement);
		position = Math.max(part.end, match.index + 1);
	}
	parts.push(text.slice(position));
	return parts.join('');
}
