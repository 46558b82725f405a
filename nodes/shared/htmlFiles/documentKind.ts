/**
 * Whether a file given as the document is one: HTML, Markdown, or a ZIP holding the document and
 * its assets. Judged by its content first (a PNG or a PDF is refused whatever it is called), then
 * by its MIME type and its extension; an empty file is refused. A refusal is a reason that starts
 * with the file's name, for the caller to put after the parameter it names.
 */
import { extensionOf } from './mimeTypes';

export type DocumentKind = 'html' | 'markdown';

export interface DocumentFileFacts {
	bytes: Uint8Array;
	fileName: string;
	mimeType?: string;
}

export type DocumentKindVerdict = { accepted: true; kind: DocumentKind | 'zip' } | { accepted: false; reason: string };

/** Content that is not a text document, by its first bytes. */
const SIGNATURES: Array<{ what: string; matches: (bytes: Uint8Array, head: string) => boolean }> = [
	{ what: 'a PDF document', matches: (_bytes, head) => head.startsWith('%PDF-') },
	{ what: 'a PNG image', matches: (_bytes, head) => head.startsWith('\x89PNG\r\n\x1a\n') },
	{ what: 'a JPEG image', matches: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
	{ what: 'a GIF image', matches: (_bytes, head) => head.startsWith('GIF87a') || head.startsWith('GIF89a') },
	{ what: 'a WebP image', matches: (_bytes, head) => head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP' },
	{ what: 'a gzip archive', matches: (bytes) => bytes[0] === 0x1f && bytes[1] === 0x8b },
	{ what: 'a RAR archive', matches: (_bytes, head) => head.startsWith('Rar!\x1a\x07') },
	{ what: 'a 7-Zip archive', matches: (_bytes, head) => head.startsWith('7z\xbc\xaf\x27\x1c') },
	{ what: 'a font file', matches: (_bytes, head) => head.startsWith('wOFF') || head.startsWith('wOF2') },
	{ what: 'a video or image (ISO media)', matches: (_bytes, head) => head.slice(4, 8) === 'ftyp' },
];

const ZIP_MIME_TYPES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'multipart/x-zip']);
const HTML_MIME_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const MARKDOWN_MIME_TYPES = new Set(['text/markdown', 'text/x-markdown']);
const HTML_EXTENSIONS = new Set(['html', 'htm', 'xhtml']);
const MARKDOWN_EXTENSIONS = new Set(['md', 'markdown', 'mdown', 'mkd', 'mkdn']);
/** MIME types of ZIP-based formats that are documents of their own, not a folder zipped. */
const OFFICE_ZIP = /^application\/(vnd\.openxmlformats|vnd\.oasis\.opendocument|epub\+zip|vnd\.ms-)/;
const NAME_OF_KIND: Record<DocumentKind, string> = { html: 'an HTML file', markdown: 'a Markdown file' };

export function judgeDocumentFile(file: DocumentFileFacts, wanted: DocumentKind): DocumentKindVerdict {
	const named = `"${file.fileName}"`;
	const refuse = (what: string): DocumentKindVerdict => ({ accepted: false, reason: `${named} is ${what}, not ${NAME_OF_KIND[wanted]} (or a ZIP holding one)` });
	const { bytes } = file;
	if (bytes.length === 0) return { accepted: false, reason: `${named} is empty (0 bytes)` };
	const head = String.fromCharCode(...bytes.subarray(0, 64));
	const mimeType = (file.mimeType ?? '').split(';')[0].trim().toLowerCase();
	const extension = extensionOf(file.fileName);

	const signature = SIGNATURES.find(({ matches }) => matches(bytes, head));
	if (signature) return refuse(signature.what);
	if (head.startsWith('PK\x03\x04') || head.startsWith('PK\x05\x06')) {
		if (OFFICE_ZIP.test(mimeType) || ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'epub'].includes(extension)) {
			return refuse(`an Office document or e-book (${mimeType || extension}), a ZIP-based format of its own`);
		}
		return { accepted: true, kind: 'zip' };
	}
	if (ZIP_MIME_TYPES.has(mimeType) || extension === 'zip') return { accepted: false, reason: `${named} is called a ZIP archive but is not one (it does not start like a ZIP)` };
	if (/^(image|audio|video|font)\//.test(mimeType) || mimeType === 'application/pdf') return refuse(`of the type ${mimeType}`);

	const looksHtml = HTML_MIME_TYPES.has(mimeType) || HTML_EXTENSIONS.has(extension);
	const looksMarkdown = MARKDOWN_MIME_TYPES.has(mimeType) || MARKDOWN_EXTENSIONS.has(extension);
	if (wanted === 'html' && looksMarkdown && !looksHtml) return refuse('a Markdown file (use Markdown to PDF for it)');
	if (wanted === 'markdown' && looksHtml && !looksMarkdown) return refuse('an HTML file (use Render From HTML for it)');

	const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
	if (!utf16 && bytes.subarray(0, 1024).includes(0)) return refuse('binary data (it holds NUL bytes)');
	if (bytes.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d)) {
		return { accepted: false, reason: `${named} holds only whitespace` };
	}
	return { accepted: true, kind: wanted };
}
