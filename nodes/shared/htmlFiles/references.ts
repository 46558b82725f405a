/**
 * What a reference in a document points at: something the node leaves alone (a web address, a
 * data: URI, `//host`, a `#fragment`, any other scheme), or a file next to the document (or on
 * the author's disk), as a path from the document's root with its `?query` and `#fragment` cut
 * off and its %-escapes decoded.
 */
import { decodeUtf8, isValidUtf8 } from './charsets';

/** A local file's path from the root ("img/logo.png"), or undefined for what is left alone. */
export function localPathOf(reference: string, fromFolder: string): string | undefined {
	const trimmed = reference.trim();
	if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('//')) return undefined;
	// A file on the author's own disk ("file:///C:/site/logo.png", "C:\\site\\logo.png") is not
	// on the service's: it is looked up like a path from the root (an item's binary by its file
	// name), and named in the hint when not found, rather than left to print as a broken image.
	const onDisk = /^file:\/\/[^/]*(\/.*)$/is.exec(trimmed)?.[1] ?? (/^[a-zA-Z]:[\\/]/.test(trimmed) ? `/${trimmed}` : undefined);
	if (onDisk !== undefined) return joinedPath('', percentDecoded(onDisk.replace(/[?#].*$/s, '')));
	// Any other scheme (http:, https:, data:, mailto:, cid:): the node fetches nothing and leaves it as written.
	if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(trimmed)) return undefined;
	const withoutSuffix = trimmed.replace(/[?#].*$/s, '');
	if (withoutSuffix === '') return undefined;
	return joinedPath(fromFolder, percentDecoded(withoutSuffix));
}

/**
 * A relative path joined to a folder ("css/" + "../img/a.png" = "img/a.png"); a path starting with
 * "/" starts at the root. Climbing above the root stays at the root, as a browser's URL does.
 */
export function joinedPath(folder: string, relative: string): string {
	const segments = relative.startsWith('/') ? [] : folder.split('/').filter((segment) => segment !== '');
	for (const segment of relative.replace(/\\/g, '/').split('/')) {
		if (segment === '' || segment === '.') continue;
		if (segment === '..') segments.pop();
		else segments.push(segment);
	}
	return segments.join('/');
}

/** %-escapes decoded as UTF-8 ("my%20logo.png" = "my logo.png"); escapes that are not UTF-8 stay as written. */
export function percentDecoded(path: string): string {
	if (!path.includes('%')) return path;
	return path.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
		const bytes = new Uint8Array(run.length / 3);
		for (let index = 0; index < bytes.length; index++) bytes[index] = parseInt(run.slice(index * 3 + 1, index * 3 + 3), 16);
		return isValidUtf8(bytes) ? decodeUtf8(bytes) : run;
	});
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An HTML attribute's value as the browser reads it: `&amp;`, `&#38;` and `&#x26;` decoded. */
export function attributeText(value: string): string {
	return value.replace(/&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|([a-zA-Z]+));/g, (entity, decimal?: string, hex?: string, name?: string) => {
		if (decimal !== undefined || hex !== undefined) {
			const codePoint = decimal !== undefined ? parseInt(decimal, 10) : parseInt(hex!, 16);
			return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
		}
		return NAMED_ENTITIES[name!.toLowerCase()] ?? entity;
	});
}
