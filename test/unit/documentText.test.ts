/**
 * A document file's bytes as text (nodes/shared/htmlFiles/textDecoding.ts, charsets.ts) and whether
 * the file is a document at all (documentKind.ts): BOMs, `<meta charset>`, `@charset`, the MIME
 * type's charset, the fallbacks, and the files refused before anything is sent.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { charsetOfLabel, decodeCharset, isValidUtf8 } from '../../dist/nodes/shared/htmlFiles/charsets.js';
import { judgeDocumentFile } from '../../dist/nodes/shared/htmlFiles/documentKind.js';
import { decodeDocumentText, metaCharsetLabel } from '../../dist/nodes/shared/htmlFiles/textDecoding.js';

const html = (bytes: Buffer, mimeType?: string) => decodeDocumentText(bytes, { kind: 'html', mimeType, fileName: 'index.html' });
const utf16le = (text: string) => Buffer.from(text, 'utf16le');
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('decodeDocumentText', () => {
	test('a byte-order mark decides, and is not part of the text: UTF-8, UTF-16LE, UTF-16BE', () => {
		const text = '<p>Grüße € 𝄞</p>';
		assert.deepEqual(html(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])), { text, charset: 'utf-8', decidedBy: 'byte-order mark' });
		assert.deepEqual(html(Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le(text)])), { text, charset: 'utf-16le', decidedBy: 'byte-order mark' });
		assert.deepEqual(html(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)])), { text, charset: 'utf-16be', decidedBy: 'byte-order mark' });
		// The mark wins over a <meta> and a MIME type that say otherwise.
		const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<meta charset="iso-8859-1">é')]);
		assert.equal(html(marked, 'text/html; charset=windows-1252').text, '<meta charset="iso-8859-1">é');
	});

	test('<meta charset> and <meta http-equiv="Content-Type"> in the first 1024 bytes', () => {
		const latin1 = Buffer.from('<html><head><meta charset="ISO-8859-1"><title>Café</title></head>', 'latin1');
		assert.deepEqual(html(latin1), { text: '<html><head><meta charset="ISO-8859-1"><title>Café</title></head>', charset: 'windows-1252', decidedBy: 'meta charset' });
		const equiv = Buffer.from('<head><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=windows-1252">\x80 \x93q\x94</head>', 'latin1');
		assert.equal(html(equiv).text, '<head><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=windows-1252">€ “q”</head>');
		// Past the first 1024 bytes a <meta> is not read; the file is valid UTF-8 then.
		const late = Buffer.from(`<!-- ${'x'.repeat(1100)} --><meta charset="iso-8859-1">é`, 'utf8');
		assert.equal(html(late).decidedBy, 'default');
		// A <meta> inside a comment does not count.
		assert.equal(metaCharsetLabel('<!-- <meta charset="latin1"> --><meta charset=utf-8>'), 'utf-8');
		assert.equal(metaCharsetLabel('<meta name="x" content="charset=latin1">'), undefined);
		assert.equal(metaCharsetLabel("<meta charset='windows-1252' />"), 'windows-1252');
	});

	test('a <meta> naming UTF-16 in bytes that could be read as ASCII means UTF-8, as in HTML', () => {
		assert.deepEqual(html(Buffer.from('<meta charset="utf-16">ü')), { text: '<meta charset="utf-16">ü', charset: 'utf-8', decidedBy: 'meta charset' });
	});

	test('the MIME type charset, when the file declares none; Markdown reads no <meta>', () => {
		const bytes = Buffer.from('# Café\n<meta charset="utf-8">', 'latin1');
		assert.deepEqual(decodeDocumentText(bytes, { kind: 'markdown', mimeType: 'text/markdown; charset="ISO-8859-1"', fileName: 'a.md' }), {
			text: '# Café\n<meta charset="utf-8">',
			charset: 'windows-1252',
			decidedBy: 'MIME type',
		});
	});

	test('a stylesheet: @charset at its start', () => {
		const css = Buffer.from('@charset "iso-8859-1";\n.a::before { content: "é"; }', 'latin1');
		assert.equal(decodeDocumentText(css, { kind: 'css', fileName: 'a.css' }).text, '@charset "iso-8859-1";\n.a::before { content: "é"; }');
		assert.equal(decodeDocumentText(Buffer.from('@charset "utf-16";'), { kind: 'css', fileName: 'a.css' }).charset, 'utf-8');
	});

	test('no declaration: UTF-8, or windows-1252 when the bytes are not UTF-8', () => {
		assert.deepEqual(html(Buffer.from('<p>Ünïcödé ✓</p>')), { text: '<p>Ünïcödé ✓</p>', charset: 'utf-8', decidedBy: 'default' });
		assert.deepEqual(html(Buffer.from('<p>Caf\xe9 \x80</p>', 'latin1')), { text: '<p>Café €</p>', charset: 'windows-1252', decidedBy: 'not UTF-8' });
	});

	test('an unknown charset is refused, naming it and where it was declared', () => {
		assert.throws(() => html(Buffer.from('<meta charset="shift_jis">')), {
			name: 'FileRefused',
			message: 'index.html (its <meta charset>) declares the character set "shift_jis", which is not supported (UTF-8, UTF-16, ISO-8859-1 and windows-1252 are); save the file as UTF-8',
		});
		assert.throws(() => html(Buffer.from('<p>'), 'text/html; charset=koi8-r'), { message: /^The MIME type of index.html declares the character set "koi8-r"/ });
	});
});

describe('charsets', () => {
	test('labels, quoted and in any case', () => {
		assert.equal(charsetOfLabel(' "UTF8" ', 'x'), 'utf-8');
		assert.equal(charsetOfLabel('Latin1', 'x'), 'windows-1252');
		assert.equal(charsetOfLabel('US-ASCII', 'x'), 'windows-1252');
		assert.equal(charsetOfLabel('utf-16', 'x'), 'utf-16le');
		assert.equal(charsetOfLabel('UTF-16BE', 'x'), 'utf-16be');
	});

	test('windows-1252: every byte, the five unused ones as their C1 controls', () => {
		const all = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte));
		const decoded = decodeCharset(all, 'windows-1252');
		assert.equal(decoded.length, 256);
		assert.equal(decoded.slice(0x80, 0x8a), '€\x81‚ƒ„…†‡ˆ‰');
		assert.equal(decoded.slice(0x9c, 0xa0), 'œ\x9džŸ');
		assert.equal(decoded.slice(0xa0), all.subarray(0xa0).toString('latin1'));
		assert.equal(decodeCharset(Buffer.alloc(20_000, 0xe9), 'windows-1252'), 'é'.repeat(20_000));
	});

	test('UTF-16 with surrogate pairs, long text, and an odd last byte', () => {
		const text = '𝄞 music '.repeat(3000);
		assert.equal(decodeCharset(utf16le(text), 'utf-16le'), text);
		assert.equal(decodeCharset(utf16be(text), 'utf-16be'), text);
		assert.equal(decodeCharset(Buffer.from([0x41, 0x00, 0x42]), 'utf-16le'), 'A\ufffd');
	});

	test('isValidUtf8 refuses overlong forms, surrogates, values past U+10FFFF and cut sequences', () => {
		assert.equal(isValidUtf8(Buffer.from('aé€𝄞')), true);
		for (const bad of [[0xc0, 0x80], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80], [0xe2, 0x82], [0x80], [0xc3, 0x41], [0xe2, 0x82, 0x41]]) {
			assert.equal(isValidUtf8(Buffer.from(bad)), false, JSON.stringify(bad));
		}
	});
});

describe('judgeDocumentFile', () => {
	const judge = (bytes: Buffer | string, fileName: string, mimeType?: string, wanted: 'html' | 'markdown' = 'html') =>
		judgeDocumentFile({ bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes, fileName, mimeType }, wanted);

	test('HTML, Markdown and ZIP are accepted, by content, MIME type and extension', () => {
		assert.deepEqual(judge('<html></html>', 'index.html', 'text/html'), { accepted: true, kind: 'html' });
		assert.deepEqual(judge('<p>x</p>', 'page', 'application/octet-stream'), { accepted: true, kind: 'html' });
		assert.deepEqual(judge('# Title', 'notes.txt', 'text/plain', 'markdown'), { accepted: true, kind: 'markdown' });
		assert.deepEqual(judge('# Title', 'README.md', 'text/markdown', 'markdown'), { accepted: true, kind: 'markdown' });
		assert.deepEqual(judge(Buffer.from('PK\x03\x04rest'), 'site.zip', 'application/zip'), { accepted: true, kind: 'zip' });
		assert.deepEqual(judge(Buffer.from('PK\x05\x06rest'), 'upload', undefined, 'markdown'), { accepted: true, kind: 'zip' });
		assert.deepEqual(judge(Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le('<p>x</p>')]), 'a.html'), { accepted: true, kind: 'html' });
	});

	test('a PNG, a PDF or a JPEG given as HTML is refused by its content, whatever its name', () => {
		assert.deepEqual(judge(Buffer.from('\x89PNG\r\n\x1a\n....', 'latin1'), 'index.html', 'text/html'), {
			accepted: false,
			reason: '"index.html" is a PNG image, not an HTML file (or a ZIP holding one)',
		});
		assert.deepEqual(judge('%PDF-1.7\n...', 'report.md', 'text/markdown', 'markdown'), {
			accepted: false,
			reason: '"report.md" is a PDF document, not a Markdown file (or a ZIP holding one)',
		});
		for (const [bytes, what] of [
			[Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'a JPEG image'],
			[Buffer.from('GIF89a...'), 'a GIF image'],
			[Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'a WebP image'],
			[Buffer.from([0x1f, 0x8b, 8, 0]), 'a gzip archive'],
			[Buffer.from('Rar!\x1a\x07\x00', 'latin1'), 'a RAR archive'],
			[Buffer.from('7z\xbc\xaf\x27\x1c', 'latin1'), 'a 7-Zip archive'],
			[Buffer.from('wOF2....'), 'a font file'],
			[Buffer.from('\0\0\0\x18ftypmp42', 'latin1'), 'a video or image (ISO media)'],
		] as const) {
			assert.equal((judge(bytes, 'x.html') as { reason: string }).reason, `"x.html" is ${what}, not an HTML file (or a ZIP holding one)`);
		}
	});

	test('a MIME type of an image, a font, audio, video or PDF; binary content; Office files', () => {
		assert.equal((judge('<p>', 'a.png', 'image/png') as { reason: string }).reason, '"a.png" is of the type image/png, not an HTML file (or a ZIP holding one)');
		assert.equal((judge('<p>', 'a', 'application/pdf') as { reason: string }).reason, '"a" is of the type application/pdf, not an HTML file (or a ZIP holding one)');
		assert.equal((judge(Buffer.from('<p>\0\0\0'), 'a.html') as { reason: string }).reason, '"a.html" is binary data (it holds NUL bytes), not an HTML file (or a ZIP holding one)');
		const docx = judge(Buffer.from('PK\x03\x04...'), 'letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
		assert.match((docx as { reason: string }).reason, /^"letter.docx" is an Office document or e-book \(application\/vnd.openxmlformats-officedocument.wordprocessingml.document\), a ZIP-based format of its own, not an HTML file/);
		assert.match((judge(Buffer.from('PK\x03\x04...'), 'book.epub') as { reason: string }).reason, /^"book.epub" is an Office document or e-book \(epub\)/);
		assert.equal((judge('<p>hi</p>', 'site.zip', 'application/zip') as { reason: string }).reason, '"site.zip" is called a ZIP archive but is not one (it does not start like a ZIP)');
	});

	test('Markdown given as HTML and HTML given as Markdown are pointed at the other operation', () => {
		assert.equal((judge('# Hi', 'notes.md') as { reason: string }).reason, '"notes.md" is a Markdown file (use Markdown to PDF for it), not an HTML file (or a ZIP holding one)');
		assert.equal((judge('<p>', 'page.html', 'text/html', 'markdown') as { reason: string }).reason, '"page.html" is an HTML file (use Render From HTML for it), not a Markdown file (or a ZIP holding one)');
	});

	test('an empty file, and one of only whitespace', () => {
		assert.deepEqual(judge('', 'index.html'), { accepted: false, reason: '"index.html" is empty (0 bytes)' });
		assert.deepEqual(judge(' \r\n\t ', 'index.html'), { accepted: false, reason: '"index.html" holds only whitespace' });
	});
});
