/**
 * The names of a ZIP's entries as paths the documents refer to: backslashes made slashes, a
 * leading "./" or "/" dropped, and a name that climbs out of the archive ("..") refused, so that
 * no entry can stand for a file outside the folder the document was zipped from.
 */
import { FileRefused } from './refusal';

/** An entry's path: "css/site.css" for "./css\\site.css"; a traversal name is refused. */
export function normalisedEntryName(rawName: string): string {
	const slashed = rawName.replace(/\\/g, '/');
	const segments = slashed.split('/').filter((segment) => segment !== '' && segment !== '.');
	if (segments.includes('..')) throw new FileRefused(`The ZIP entry "${rawName}" points outside the archive (".."), which is not allowed`);
	if (/^[a-zA-Z]:$/.test(segments[0] ?? '')) throw new FileRefused(`The ZIP entry "${rawName}" names a drive, which is not allowed`);
	return segments.join('/');
}

/**
 * Entries a person did not put in the document's folder: macOS's resource forks (`__MACOSX/`)
 * and dot-files or dot-folders (`.DS_Store`, `.git/`), skipped as if absent.
 */
export function isIgnoredEntry(path: string): boolean {
	return path.split('/').some((segment) => segment === '__MACOSX' || segment.startsWith('.'));
}

/** The folder of a path, with its trailing slash ("css/" for "css/site.css", "" at the root). */
export function folderOf(path: string): string {
	const lastSlash = path.lastIndexOf('/');
	return lastSlash === -1 ? '' : path.slice(0, lastSlash + 1);
}
