/**
 * Which entry of a ZIP is the document: its `index.html` (`index.md` for Markdown) at the root or
 * in the one folder everything was zipped in, else the one HTML (or Markdown) file in it, else a
 * refusal that lists what the archive holds. Its folder is what its relative references start from.
 */
import type { DocumentKind } from './documentKind';
import { extensionOf } from './mimeTypes';
import { FileRefused } from './refusal';
import type { ZipEntry } from './zipReader';
import { folderOf } from './zipNames';

export interface ZipDocument {
	entry: ZipEntry;
	/** The folder its references are relative to, with a trailing slash ("site/"), or "". */
	folder: string;
}

const EXTENSIONS_OF_KIND: Record<DocumentKind, string[]> = { html: ['html', 'htm', 'xhtml'], markdown: ['md', 'markdown', 'mdown', 'mkd', 'mkdn'] };
const LISTED_NAMES = 10;

export function pickZipDocument(entries: ZipEntry[], wanted: DocumentKind, zipName: string): ZipDocument {
	const extensions = EXTENSIONS_OF_KIND[wanted];
	const topFolder = singleTopFolder(entries);
	const indexNames = extensions.map((extension) => `index.${extension}`);
	const isIndexIn = (folder: string) => (entry: ZipEntry) =>
		folderOf(entry.name) === folder && indexNames.includes(entry.name.slice(folder.length).toLowerCase());
	const index = entries.find(isIndexIn('')) ?? (topFolder === undefined ? undefined : entries.find(isIndexIn(topFolder)));
	if (index) return { entry: index, folder: folderOf(index.name) };

	const documents = entries.filter((entry) => extensions.includes(extensionOf(entry.name)));
	if (documents.length === 1) return { entry: documents[0], folder: folderOf(documents[0].name) };

	const kindName = wanted === 'html' ? 'HTML' : 'Markdown';
	if (documents.length > 1) {
		throw new FileRefused(
			`${zipName} holds ${documents.length} ${kindName} files and no ${indexNames[0]}, so which one is the document is unclear (${listed(documents)}); name the document ${indexNames[0]}`,
		);
	}
	const found = entries.length === 0 ? 'no files' : `only ${listed(entries)}`;
	throw new FileRefused(`${zipName} holds no ${kindName} file (${indexNames[0]} or another .${extensions[0]}): it holds ${found}`);
}

/** "site/" when every entry is inside that one folder, else undefined. */
function singleTopFolder(entries: ZipEntry[]): string | undefined {
	const tops = new Set(entries.map((entry) => (entry.name.includes('/') ? entry.name.slice(0, entry.name.indexOf('/') + 1) : '')));
	const [only] = [...tops];
	return tops.size === 1 && only !== '' ? only : undefined;
}

function listed(entries: ZipEntry[]): string {
	const names = entries.slice(0, LISTED_NAMES).map((entry) => entry.name);
	const more = entries.length - names.length;
	return names.join(', ') + (more > 0 ? ` and ${more} more` : '');
}
