/**
 * The MIME type of an asset for its data: URI when its binary has none (or a generic one): by the
 * extension of its name, for the types a page loads (images, stylesheets, fonts, scripts).
 */
const MIME_TYPE_OF_EXTENSION: Record<string, string> = {
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	gif: 'image/gif',
	webp: 'image/webp',
	avif: 'image/avif',
	svg: 'image/svg+xml',
	bmp: 'image/bmp',
	ico: 'image/x-icon',
	css: 'text/css',
	js: 'text/javascript',
	mjs: 'text/javascript',
	woff: 'font/woff',
	woff2: 'font/woff2',
	ttf: 'font/ttf',
	otf: 'font/otf',
	eot: 'application/vnd.ms-fontobject',
	html: 'text/html',
	htm: 'text/html',
	md: 'text/markdown',
	txt: 'text/plain',
};

const GENERIC_MIME_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

/** The extension of a name or path, lower-cased, without its dot ("png" for "img/Logo.PNG"). */
export function extensionOf(name: string): string {
	const base = name.slice(name.lastIndexOf('/') + 1);
	const dot = base.lastIndexOf('.');
	return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/**
 * The MIME type for an asset's data: URI: its binary's own (without parameters) unless that is
 * missing or generic, else the one its extension names, else application/octet-stream.
 */
export function assetMimeType(name: string, binaryMimeType?: string): string {
	const own = (binaryMimeType ?? '').split(';')[0].trim().toLowerCase();
	if (!GENERIC_MIME_TYPES.has(own)) return own;
	return MIME_TYPE_OF_EXTENSION[extensionOf(name)] ?? 'application/octet-stream';
}
