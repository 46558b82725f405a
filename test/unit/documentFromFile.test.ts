/**
 * The whole way from a file to the text sent (nodes/shared/htmlFiles/documentFromFile.ts), on the
 * issue's done-when cases: index.html, style.css and logo.png as three binary properties and in a
 * ZIP, Markdown with a local image; a missing file named in a hint; a non-HTML file, a file over
 * the limit and an empty file refused before any request. And the body-size check (bodySize.ts).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from '@jest/globals';

import { bodyTooLarge, SERVICE_BODY_LIMIT_BYTES, utf8ByteLength } from '../../dist/nodes/shared/htmlFiles/bodySize.js';
import { documentFromFile } from '../../dist/nodes/shared/htmlFiles/documentFromFile.js';
import { humanSize } from '../../dist/nodes/shared/htmlFiles/refusal.js';
import type { NamedBinary } from '../../dist/nodes/shared/htmlFiles/assetSources.js';
import { buildZip } from '../support/zipBuilder';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(64)]);
const PNG_URI = `data:image/png;base64,${PNG.toString('base64')}`;
const CSS = 'h1 { color: #d03030; }';
const INDEX = '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="style.css"></head><body><h1>Grüße</h1><img src="logo.png"></body></html>';
const INLINED = `<!doctype html><html><head><meta charset="utf-8"><style>\n${CSS}\n</style></head><body><h1>Grüße</h1><img src="${PNG_URI}"></body></html>`;

const binary = (fileName: string, bytes: Buffer, mimeType?: string): NamedBinary => ({ fileName, mimeType, read: () => bytes });

describe('documentFromFile: done when', () => {
	test('index.html + style.css + logo.png as three binary properties', async () => {
		const result = await documentFromFile(
			{ fileName: 'index.html', mimeType: 'text/html', bytes: Buffer.from(INDEX) },
			{ wanted: 'html', otherBinaries: [binary('style.css', Buffer.from(CSS), 'text/css'), binary('logo.png', PNG, 'image/png')] },
		);
		assert.equal(result.text, INLINED);
		assert.deepEqual(
			{ name: result.name, charset: result.charset, bytes: result.bytes, missing: result.missing, inlined: result.inlined, hint: result.hint },
			{ name: 'index.html', charset: 'utf-8', bytes: Buffer.byteLength(INLINED), missing: [], inlined: ['style.css', 'logo.png'], hint: undefined },
		);
	});

	test('the same three in a ZIP (in a top folder, with the junk macOS adds)', async () => {
		const zip = buildZip([
			{ name: 'site/index.html', data: INDEX, compression: 'deflate' },
			{ name: 'site/style.css', data: CSS, compression: 'fixed' },
			{ name: 'site/logo.png', data: PNG, compression: 'stored' },
			{ name: '__MACOSX/site/._logo.png', data: 'x' },
		]);
		const result = await documentFromFile({ fileName: 'site.zip', mimeType: 'application/zip', bytes: zip }, { wanted: 'html' });
		assert.equal(result.text, INLINED);
		assert.equal(result.name, 'site.zip › site/index.html');
		assert.deepEqual(result.inlined, ['site/style.css', 'site/logo.png']);
	});

	test('a Markdown file with a local image, and one in a ZIP', async () => {
		const markdown = '# Report\n\n![Logo](logo.png)\n';
		const single = await documentFromFile({ fileName: 'report.md', bytes: Buffer.from(markdown) }, { wanted: 'markdown', otherBinaries: [binary('logo.png', PNG)] });
		assert.equal(single.text, `# Report\n\n![Logo](${PNG_URI})\n`);
		const zip = buildZip([{ name: 'report.md', data: markdown }, { name: 'logo.png', data: PNG, compression: 'stored' }]);
		const zipped = await documentFromFile({ fileName: 'report.zip', bytes: zip }, { wanted: 'markdown' });
		assert.equal(zipped.text, single.text);
	});

	test('a missing file gives a hint naming it', async () => {
		const result = await documentFromFile({ fileName: 'index.html', bytes: Buffer.from(INDEX) }, { wanted: 'html', otherBinaries: [binary('style.css', Buffer.from(CSS))] });
		assert.deepEqual(result.missing, ['logo.png']);
		assert.equal(
			result.hint,
			'index.html refers to a file that was not found: logo.png. The PDF shows them missing (a broken image, an unstyled page). Add them to the item as binary properties whose file names match.',
		);
		const zip = buildZip([{ name: 'index.html', data: INDEX }]);
		assert.match((await documentFromFile({ fileName: 'site.zip', bytes: zip }, { wanted: 'html' })).hint!, /^site.zip › index.html refers to 2 files that were not found: style.css, logo.png\. .* Add them to the ZIP/);
	});

	test('a Latin-1 file with its <meta charset> is sent as the text it is', async () => {
		const latin1 = Buffer.from('<meta charset="iso-8859-1"><p>Café</p>', 'latin1');
		const result = await documentFromFile({ fileName: 'a.html', bytes: latin1 }, { wanted: 'html' });
		assert.deepEqual([result.text, result.charset], ['<meta charset="iso-8859-1"><p>Café</p>', 'windows-1252']);
	});
});

describe('documentFromFile refuses before any request', () => {
	const refuses = async (promise: Promise<unknown>, message: string | RegExp) => await assert.rejects(promise, { name: 'FileRefused', message });

	test('a file that is not HTML, an empty file, one with no text', async () => {
		await refuses(documentFromFile({ fileName: 'logo.png', mimeType: 'image/png', bytes: PNG }, { wanted: 'html' }), '"logo.png" is a PNG image, not an HTML file (or a ZIP holding one)');
		await refuses(documentFromFile({ fileName: 'index.html', bytes: Buffer.alloc(0) }, { wanted: 'html' }), '"index.html" is empty (0 bytes)');
		await refuses(documentFromFile({ fileName: 'a.html', bytes: Buffer.from([0xef, 0xbb, 0xbf, 0x20]) }, { wanted: 'html' }), 'a.html holds no text');
	});

	test('a file over the limit, once inlined, naming it and its size; a runaway stopped at four times the limit', async () => {
		const image = randomBytes(2_500_000);
		await refuses(
			documentFromFile({ fileName: 'index.html', bytes: Buffer.from('<img src="photo.jpg"><p>' + 'x'.repeat(100_000)) }, { wanted: 'html', otherBinaries: [binary('photo.jpg', image)] }),
			/^index.html is 3\.3 MB after its images and styles were inlined; pdf noodle takes at most 3 MB per request$/,
		);
		await refuses(
			documentFromFile({ fileName: 'huge.html', bytes: Buffer.alloc(SERVICE_BODY_LIMIT_BYTES + 100, 'a') }, { wanted: 'html' }),
			`huge.html is 3.0 MB (3,145,828 bytes); pdf noodle takes at most 3 MB per request`,
		);
		await refuses(
			documentFromFile({ fileName: 'index.html', bytes: Buffer.from('<img src="a.png">'.repeat(10)) }, { wanted: 'html', otherBinaries: [binary('a.png', randomBytes(1_000_000))], maxDocumentBytes: 2 * 1024 * 1024 }),
			/^index.html comes to more than 8\.0 MB once its images and styles are inlined \(stopped at a\.png\)/,
		);
	});

	test('a ZIP with no HTML in it, a bad ZIP, a ZIP whose index.html is an image', async () => {
		await refuses(documentFromFile({ fileName: 'site.zip', bytes: buildZip([{ name: 'a.png', data: PNG }]) }, { wanted: 'html' }), '"site.zip" holds no HTML file (index.html or another .html): it holds only a.png');
		await refuses(documentFromFile({ fileName: 'site.zip', bytes: buildZip([{ name: 'index.html', data: INDEX, crc: 1 }]) }, { wanted: 'html' }), /"index.html" is damaged: its CRC-32 check fails/);
		await refuses(documentFromFile({ fileName: 'site.zip', bytes: buildZip([{ name: 'index.html', data: PNG }]) }, { wanted: 'html' }), 'In site.zip, "index.html" is a PNG image, not an HTML file (or a ZIP holding one)');
		await refuses(
			documentFromFile({ fileName: 'site.zip', bytes: buildZip([{ name: 'index.html', data: 'x' }, { name: 'b.css', data: Buffer.alloc(2000) }]) }, { wanted: 'html', zipLimits: { maxEntries: 5, maxEntryBytes: 1000, maxTotalBytes: 5000 } }),
			/"b.css" is 2\.0 KB uncompressed; an entry may be at most 1000 bytes/,
		);
	});
});

describe('bodySize', () => {
	test('utf8ByteLength agrees with Buffer.byteLength, lone surrogates counted as U+FFFD', () => {
		for (const text of ['', 'abc', 'Grüße', '€ 𝄞 漢字', '\ud800x', 'x\udc00', '\ud83d']) assert.equal(utf8ByteLength(text), Buffer.byteLength(text, 'utf8'), JSON.stringify(text));
	});

	test('bodyTooLarge: undefined when it fits; else the file, its size and the limit', () => {
		assert.equal(bodyTooLarge({ fileName: 'a.html', bodyBytes: SERVICE_BODY_LIMIT_BYTES, inlined: true }), undefined);
		assert.equal(
			bodyTooLarge({ fileName: 'index.html', bodyBytes: 3.4 * 1024 * 1024, inlined: true }),
			'index.html is 3.4 MB after its images and styles were inlined; pdf noodle takes at most 3 MB per request',
		);
		assert.equal(bodyTooLarge({ fileName: 'a.md', bodyBytes: 2048, limitBytes: 1024, inlined: false }), 'a.md is 2.0 KB; pdf noodle takes at most 1 KB per request');
	});

	test('humanSize', () => {
		assert.deepEqual([0, 1, 1023, 1024, 1536, 1024 * 1024, 3.45 * 1024 * 1024].map(humanSize), ['0 bytes', '1 byte', '1023 bytes', '1.0 KB', '1.5 KB', '1.0 MB', '3.5 MB']);
	});
});
