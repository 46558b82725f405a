/**
 * A ZIP's files (nodes/shared/htmlFiles/zipReader.ts, zipNames.ts, zipDocument.ts): archives
 * built here byte by byte, read back whole, and every hostile or damaged one refused by a message
 * that names the entry.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from '@jest/globals';

import { pickZipDocument } from '../../dist/nodes/shared/htmlFiles/zipDocument.js';
import { isIgnoredEntry, normalisedEntryName } from '../../dist/nodes/shared/htmlFiles/zipNames.js';
import { DEFAULT_ZIP_LIMITS, readZip, type ZipEntry } from '../../dist/nodes/shared/htmlFiles/zipReader.js';
import { buildZip } from '../support/zipBuilder';

const CSS = 'body { color: #c0ffee; }\n'.repeat(50);
const PNG = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), randomBytes(3000)]);

const text = (entry: ZipEntry) => Buffer.from(entry.bytes).toString('utf8');

describe('readZip reads', () => {
	test('stored, dynamic-Huffman, fixed-Huffman and level-0 entries, in the archive order', () => {
		const zip = buildZip([
			{ name: 'index.html', data: '<html><body><img src="logo.png"></body></html>', compression: 'fixed' },
			{ name: 'style.css', data: CSS, compression: 'deflate' },
			{ name: 'logo.png', data: PNG, compression: 'stored' },
			{ name: 'notes.txt', data: 'plain', compression: 'level0' },
		]);
		const entries = readZip(zip);
		assert.deepEqual(
			entries.map((entry) => entry.name),
			['index.html', 'style.css', 'logo.png', 'notes.txt'],
		);
		assert.equal(text(entries[0]), '<html><body><img src="logo.png"></body></html>');
		assert.equal(text(entries[1]), CSS);
		assert.deepEqual(Buffer.from(entries[2].bytes), PNG);
		assert.equal(text(entries[3]), 'plain');
	});

	test('a Buffer that is a slice of a larger one, and an archive with a comment', () => {
		const zip = buildZip([{ name: 'a.md', data: '# A' }], { comment: 'made by a test' });
		const inLarger = Buffer.concat([Buffer.from('junk before'), zip]).subarray(11);
		assert.equal(text(readZip(inLarger)[0]), '# A');
	});

	test('directories skipped; __MACOSX and dot-files ignored; names normalised', () => {
		const zip = buildZip([
			{ name: 'site/', data: '', compression: 'stored' },
			{ name: '.\\site\\index.html', data: '<p>hi</p>' },
			{ name: '__MACOSX/site/._index.html', data: 'fork' },
			{ name: 'site/.DS_Store', data: 'x' },
			{ name: 'site/.git/config', data: 'x' },
			{ name: '/site/img/a.png', data: PNG, compression: 'stored' },
		]);
		assert.deepEqual(
			readZip(zip).map((entry) => entry.name),
			['site/index.html', 'site/img/a.png'],
		);
	});

	test('a name without the UTF-8 flag: UTF-8 when it is valid UTF-8, else read byte for byte', () => {
		const zip = buildZip([
			{ name: 'bild-ä.png', rawName: Buffer.from('bild-ä.png', 'utf8'), data: PNG, compression: 'stored' },
			{ name: 'café.css', rawName: Buffer.from('caf\xe9.css', 'latin1'), data: CSS },
		]);
		assert.deepEqual(
			readZip(zip).map((entry) => entry.name),
			['bild-ä.png', 'café.css'],
		);
	});

	test('entries with a data descriptor (sizes after the data, as macOS writes them)', () => {
		const zip = buildZip([
			{ name: 'index.html', data: '<p>hi</p>', dataDescriptor: true },
			{ name: 'logo.png', data: PNG, compression: 'stored', dataDescriptor: true },
		]);
		const entries = readZip(zip);
		assert.equal(text(entries[0]), '<p>hi</p>');
		assert.deepEqual(Buffer.from(entries[1].bytes), PNG);
	});

	test('an empty archive has no entries', () => {
		assert.deepEqual(readZip(buildZip([])), []);
	});
});

describe('readZip refuses', () => {
	const refuses = (zip: Buffer, message: RegExp, limits = DEFAULT_ZIP_LIMITS) => assert.throws(() => readZip(zip, limits, 'site.zip'), { name: 'FileRefused', message });

	test('an entry whose CRC-32 fails, naming it', () => {
		refuses(buildZip([{ name: 'style.css', data: CSS, crc: 12345 }]), /^The ZIP entry "style.css" is damaged: its CRC-32 check fails$/);
		refuses(buildZip([{ name: 'logo.png', data: PNG, compression: 'stored', crc: 1 }]), /"logo.png" is damaged: its CRC-32/);
	});

	test('a truncated archive: cut in its data, or with no end record', () => {
		const zip = buildZip([{ name: 'index.html', data: randomBytes(5000), compression: 'stored' }]);
		refuses(zip.subarray(0, 2000), /^site.zip is not a readable ZIP archive \(no end of its central directory was found; is it truncated\?\)$/);
		refuses(Buffer.from('PK\x03\x04 not much else'), /not a readable ZIP archive/);
		refuses(Buffer.alloc(0), /not a readable ZIP archive/);
		const deflated = buildZip([{ name: 'index.html', data: CSS }]);
		// The directory and end record kept, the compressed data cut: the directory now lies outside.
		const cut = Buffer.concat([deflated.subarray(0, 40), deflated.subarray(deflated.length - 22 - 56)]);
		assert.throws(() => readZip(cut), { name: 'FileRefused' });
	});

	test('an entry whose data runs past the end of the file, or whose local header is elsewhere', () => {
		const zip = buildZip([{ name: 'a.css', data: CSS, compression: 'stored' }]);
		const directoryAt = zip.readUInt32LE(zip.length - 22 + 16);
		const badOffset = Buffer.from(zip);
		badOffset.writeUInt32LE(7, directoryAt + 42);
		refuses(badOffset, /^The ZIP entry "a.css" is damaged: its local header is not where the directory says$/);
		const longer = Buffer.from(zip);
		longer.writeUInt32LE(CSS.length + 10_000, directoryAt + 20);
		longer.writeUInt32LE(CSS.length + 10_000, directoryAt + 24);
		refuses(longer, /"a.css" is truncated: its data runs past the end of the file/);
	});

	test('a deflated entry that inflates to another size than declared', () => {
		refuses(buildZip([{ name: 'a.css', data: CSS, uncompressedSize: CSS.length + 5 }]), /"a.css" is damaged: it inflates to 1250 bytes, not the 1255/);
		refuses(buildZip([{ name: 'a.css', data: CSS, uncompressedSize: 100 }]), /"a.css" inflates to more than 100 bytes/);
		refuses(buildZip([{ name: 'a.css', data: CSS, compression: 'stored', uncompressedSize: 10 }]), /"a.css" is damaged: a stored entry with two different sizes/);
	});

	test('a path that climbs out ("..") or names a drive', () => {
		refuses(buildZip([{ name: '../../etc/passwd', data: 'x' }]), /^The ZIP entry "..\/..\/etc\/passwd" points outside the archive/);
		refuses(buildZip([{ name: 'site\\..\\..\\x.html', data: 'x' }]), /points outside the archive/);
		refuses(buildZip([{ name: 'C:/x.html', data: 'x' }]), /names a drive/);
	});

	test('a bomb: one entry over its bound, all entries over theirs, too many entries', () => {
		const zeros = Buffer.alloc(40 * 1024 * 1024);
		const bomb = buildZip([{ name: 'bomb.html', data: zeros }]);
		assert.ok(bomb.length < 100_000, `${bomb.length}`);
		refuses(bomb, /^The ZIP entry "bomb.html" is 40.0 MB uncompressed; an entry may be at most 32.0 MB$/);
		const limits = { maxEntries: 10, maxEntryBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024 };
		const three = buildZip(['a', 'b', 'c'].map((name) => ({ name: `${name}.html`, data: Buffer.alloc(900 * 1024) })));
		refuses(three, /^site.zip holds more than 2.0 MB uncompressed/, limits);
		const many = buildZip(Array.from({ length: 11 }, (_, index) => ({ name: `${index}.css`, data: 'x' })));
		refuses(many, /^site.zip has 11 entries; at most 10 are read$/, limits);
	});

	test('a size that lies: declared small, inflating to far more, is stopped at the declared size', () => {
		refuses(buildZip([{ name: 'liar.html', data: Buffer.alloc(5_000_000), uncompressedSize: 1000 }]), /"liar.html" inflates to more than 1000 bytes/);
	});

	test('encrypted entries, ZIP64, other methods, split archives, duplicates', () => {
		refuses(buildZip([{ name: 'secret.html', data: 'x', flags: 0x0801 }]), /^The ZIP entry "secret.html" is encrypted; zip the files without a password$/);
		refuses(buildZip([{ name: 'big.html', data: 'x', uncompressedSize: 0xffffffff }]), /"big.html" is stored as ZIP64/);
		refuses(buildZip([{ name: 'a.html', data: 'x', method: 12 }]), /^The ZIP entry "a.html" is compressed with method 12; only stored and deflate/);
		const zip = buildZip([{ name: 'a.html', data: 'x' }]);
		const split = Buffer.from(zip);
		split.writeUInt16LE(1, split.length - 22 + 4);
		refuses(split, /one part of a split archive/);
		const zip64 = Buffer.from(zip);
		zip64.writeUInt16LE(0xffff, zip64.length - 22 + 10);
		refuses(zip64, /^site.zip is a ZIP64 archive/);
		const locator = Buffer.alloc(20);
		locator.writeUInt32LE(0x07064b50, 0);
		refuses(Buffer.concat([zip.subarray(0, zip.length - 22), locator, zip.subarray(zip.length - 22)]), /ZIP64 archive/);
		refuses(buildZip([{ name: 'a.html', data: 'x' }, { name: './a.html', data: 'y' }]), /^site.zip has two entries named "a.html"$/);
		const misplaced = Buffer.from(zip);
		misplaced.writeUInt32LE(3, misplaced.length - 22 + 16);
		refuses(misplaced, /central directory is not where its end record says/);
	});
});

test('names: normalised, ignored, refused', () => {
	assert.equal(normalisedEntryName('./a//b\\c.png'), 'a/b/c.png');
	assert.equal(normalisedEntryName('/x.html'), 'x.html');
	assert.throws(() => normalisedEntryName('a/../../b'), /points outside/);
	assert.equal(isIgnoredEntry('__MACOSX/a'), true);
	assert.equal(isIgnoredEntry('a/.hidden/b.png'), true);
	assert.equal(isIgnoredEntry('a/b.png'), false);
});

describe('pickZipDocument', () => {
	const entry = (name: string): ZipEntry => ({ name, bytes: new Uint8Array([0x3c]) });

	test('index.html at the root, or in the one top folder (its folder then the base)', () => {
		assert.deepEqual(pickZipDocument([entry('a.html'), entry('index.html'), entry('img/x.png')], 'html', 'site.zip').entry.name, 'index.html');
		const nested = pickZipDocument([entry('site/img/x.png'), entry('site/Index.HTML'), entry('site/about.html')], 'html', 'site.zip');
		assert.deepEqual([nested.entry.name, nested.folder], ['site/Index.HTML', 'site/']);
		assert.equal(pickZipDocument([entry('index.htm')], 'html', 'z').entry.name, 'index.htm');
		assert.equal(pickZipDocument([entry('docs/index.md'), entry('docs/a.png')], 'markdown', 'z').entry.name, 'docs/index.md');
	});

	test('else the one HTML or Markdown file, wherever it is', () => {
		const only = pickZipDocument([entry('x/y/report.html'), entry('x/style.css')], 'html', 'site.zip');
		assert.deepEqual([only.entry.name, only.folder], ['x/y/report.html', 'x/y/']);
		assert.equal(pickZipDocument([entry('README.md'), entry('index.html')], 'markdown', 'z').entry.name, 'README.md');
	});

	test('else a refusal listing what was found', () => {
		assert.throws(() => pickZipDocument([entry('a.html'), entry('b.html')], 'html', '"site.zip"'), {
			message: '"site.zip" holds 2 HTML files and no index.html, so which one is the document is unclear (a.html, b.html); name the document index.html',
		});
		assert.throws(() => pickZipDocument([entry('logo.png'), entry('style.css')], 'html', '"site.zip"'), {
			message: '"site.zip" holds no HTML file (index.html or another .html): it holds only logo.png, style.css',
		});
		assert.throws(() => pickZipDocument([], 'markdown', 'z'), { message: 'z holds no Markdown file (index.md or another .md): it holds no files' });
		const many = Array.from({ length: 12 }, (_, index) => entry(`${index}.png`));
		assert.throws(() => pickZipDocument(many, 'html', 'z'), { message: /9.png and 2 more$/ });
		// index.html nested two levels in two folders is not "the" index: the two HTML files are listed.
		assert.throws(() => pickZipDocument([entry('a/index.html'), entry('b/index.html')], 'html', 'z'), { message: /holds 2 HTML files/ });
	});
});
