/**
 * Where an inlined asset comes from: the entries of the ZIP the document came in, or the other
 * binary properties of the document's item. Both take a path from the document's root
 * ("img/logo.png") and answer the asset or undefined.
 *
 * - ZIP: the entry of that path, else the one entry of that path in another case (archives made
 *   on Windows and macOS often differ in case from the HTML that worked there).
 * - Binary properties: they have file names, not folders, so the file named like the whole path,
 *   else like its last segment ("logo.png" for "images/logo.png"), each compared case-sensitively
 *   first, then case-insensitively; a name that two files share in another case matches neither.
 */
import type { ZipEntry } from './zipReader';

export interface Asset {
	/** Its name or path, for the data: URI's MIME type by extension. */
	name: string;
	bytes: Uint8Array;
	/** Its binary's MIME type, if it has one. */
	mimeType?: string;
}

/** Looks an asset up by its path from the document's root; may read it asynchronously. */
export type AssetResolver = (path: string) => Asset | undefined | Promise<Asset | undefined>;

export function zipAssetResolver(entries: ZipEntry[]): AssetResolver {
	return (path) => {
		const entry = entries.find((candidate) => candidate.name === path) ?? onlyOne(entries.filter((candidate) => sameIgnoringCase(candidate.name, path)));
		return entry === undefined ? undefined : { name: entry.name, bytes: entry.bytes };
	};
}

/** A binary property of the item, read only when a reference names it (reading may cost a disk read). */
export interface NamedBinary {
	fileName: string;
	mimeType?: string;
	read: () => Uint8Array | Promise<Uint8Array>;
}

export function binaryAssetResolver(binaries: NamedBinary[]): AssetResolver {
	// Each binary read at most once however many references name it (per resolver: one document).
	const reads = new Map<NamedBinary, Promise<Uint8Array>>();
	const readOnce = (binary: NamedBinary) => {
		if (!reads.has(binary)) reads.set(binary, Promise.resolve(binary.read()));
		return reads.get(binary)!;
	};
	return async (path) => {
		const lastSegment = path.slice(path.lastIndexOf('/') + 1);
		const binary =
			binaries.find((candidate) => candidate.fileName === path) ??
			binaries.find((candidate) => candidate.fileName === lastSegment) ??
			onlyOne(binaries.filter((candidate) => sameIgnoringCase(candidate.fileName, path))) ??
			onlyOne(binaries.filter((candidate) => sameIgnoringCase(candidate.fileName, lastSegment)));
		if (binary === undefined) return undefined;
		return { name: binary.fileName, bytes: await readOnce(binary), mimeType: binary.mimeType };
	};
}

function sameIgnoringCase(one: string, other: string): boolean {
	return one.toLowerCase() === other.toLowerCase();
}

function onlyOne<T>(matches: T[]): T | undefined {
	return matches.length === 1 ? matches[0] : undefined;
}
