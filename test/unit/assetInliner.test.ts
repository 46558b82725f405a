/**
 * A document's local files inlined (nodes/shared/htmlFiles/assetInliner.ts and its htmlAssets,
 * cssAssets, markdownAssets, srcset, references, assetSources): the exact HTML and Markdown that
 * come out, what is left alone, and the files not found, in document order.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { inlineAssets, missingAssetsHint } from '../../dist/nodes/shared/htmlFiles/assetInliner.js';
import { binaryAssetResolver, zipAssetResolver, type AssetResolver, type NamedBinary } from '../../dist/nodes/shared/htmlFiles/assetSources.js';
import { FIRST_HTML_GROUP, MARKDOWN_GROUP_COUNT, MARKDOWN_PATTERN_SOURCE } from '../../dist/nodes/shared/htmlFiles/markdownAssets.js';
import { assetMimeType } from '../../dist/nodes/shared/htmlFiles/mimeTypes.js';
import { attributeText, joinedPath, localPathOf, percentDecoded } from '../../dist/nodes/shared/htmlFiles/references.js';

const PNG = Buffer.from('89504e470d0a1a0a0000', 'hex');
const PNG_URI = `data:image/png;base64,${PNG.toString('base64')}`;
const uri = (mimeType: string, content: string | Buffer) => `data:${mimeType};base64,${Buffer.from(content).toString('base64')}`;

/** A ZIP's entries, by path, as the resolver sees them. */
function files(entries: Record<string, string | Buffer>): AssetResolver {
	return zipAssetResolver(Object.entries(entries).map(([name, content]) => ({ name, bytes: Buffer.from(content) })));
}

const inlineHtml = async (text: string, resolver: AssetResolver, folder = '') => await inlineAssets({ text, kind: 'html', folder, name: 'index.html' }, resolver);
const inlineMarkdown = async (text: string, resolver: AssetResolver, folder = '') => await inlineAssets({ text, kind: 'markdown', folder, name: 'README.md' }, resolver);

describe('HTML', () => {
	test('the done-when page: <link> to style.css and <img> of logo.png, from three binary properties', async () => {
		const css = 'h1 { color: rgb(200, 0, 0); }';
		const binaries: NamedBinary[] = [
			{ fileName: 'style.css', mimeType: 'text/css', read: () => Buffer.from(css) },
			{ fileName: 'logo.png', mimeType: 'image/png', read: async () => await Promise.resolve(PNG) },
		];
		const page = '<html><head><link rel="stylesheet" href="style.css"></head><body><h1>Hi</h1><img src="logo.png" alt="Logo"></body></html>';
		const result = await inlineHtml(page, binaryAssetResolver(binaries));
		assert.equal(result.text, `<html><head><style>\n${css}\n</style></head><body><h1>Hi</h1><img src="${PNG_URI}" alt="Logo"></body></html>`);
		assert.deepEqual(result.missing, []);
		assert.deepEqual(result.inlined, ['style.css', 'logo.png']);
	});

	test('the stylesheet’s own url(), @import and @font-face, from its own folder', async () => {
		const resolver = files({
			'site/css/main.css': '@import "parts/type.css";\n@import url(\'print.css\') print;\nbody { background: url("../img/bg.png") no-repeat; }',
			'site/css/parts/type.css': '@font-face { font-family: Brand; src: url(../../fonts/brand.woff2) format("woff2"), local(Arial); }',
			'site/css/print.css': 'h1 { color: black; }',
			'site/img/bg.png': PNG,
			'site/fonts/brand.woff2': 'wOF2font',
		});
		const result = await inlineHtml('<link rel=stylesheet href="css/main.css" media="screen and (min-width: 10px)">', resolver, 'site/');
		const woff2 = uri('font/woff2', 'wOF2font');
		const type = uri('text/css', `@font-face { font-family: Brand; src: url(${woff2}) format("woff2"), local(Arial); }`);
		assert.equal(
			result.text,
			'<style media="screen and (min-width: 10px)">\n' +
				`@import url(${type});\n` +
				`@import url(${uri('text/css', 'h1 { color: black; }')}) print;\n` +
				`body { background: url(${PNG_URI}) no-repeat; }\n</style>`,
		);
		assert.deepEqual(result.inlined, ['site/css/main.css', 'site/css/parts/type.css', 'site/fonts/brand.woff2', 'site/css/print.css', 'site/img/bg.png']);
	});

	test('<style> blocks and style attributes; srcset candidates; <source>, <input type=image>, poster, SVG <image>, background', async () => {
		const resolver = files({ 'a.png': PNG, 'b@2x.png': PNG, 'd.jpg': 'jpeg' });
		const jpeg = uri('image/jpeg', 'jpeg');
		const page = [
			'<style>.x { background-image: url( \'a.png\' ); } /* url(gone.png) in a comment */</style>',
			'<div style="background: url(&quot;a.png&quot;) , url(\'d.jpg\')">',
			'<img srcset="a.png 1x, b@2x.png 2x,d.jpg" src=a.png>',
			'<picture><source srcset="https://cdn.example.com/x.webp 1x, a.png  2x" type="image/webp"></picture>',
			"<input type=image src='d.jpg'><video poster=\"d.jpg\"></video>",
			'<svg><image href="a.png"/><image xlink:href="d.jpg"></image></svg>',
			'<table background="a.png"><td background="https://example.com/t.png"></table>',
		].join('\n');
		const result = await inlineHtml(page, resolver);
		assert.equal(
			result.text,
			[
				`<style>.x { background-image: url(${PNG_URI}); } /* url(gone.png) in a comment */</style>`,
				`<div style="background: url(${PNG_URI}) , url(${jpeg})">`,
				`<img srcset="${PNG_URI} 1x, ${PNG_URI} 2x,${jpeg}" src="${PNG_URI}">`,
				`<picture><source srcset="https://cdn.example.com/x.webp 1x, ${PNG_URI}  2x" type="image/webp"></picture>`,
				`<input type=image src='${jpeg}'><video poster="${jpeg}"></video>`,
				`<svg><image href="${PNG_URI}"/><image xlink:href="${jpeg}"></image></svg>`,
				`<table background="${PNG_URI}"><td background="https://example.com/t.png"></table>`,
			].join('\n'),
		);
		assert.deepEqual(result.missing, []);
	});

	test('<script src> becomes a data: URI; a script’s own text, comments, <textarea> and <title> are not read', async () => {
		const resolver = files({ 'chart.js': 'window.drawn = "</script>";', 'a.png': PNG });
		const page = '<title><img src="a.png"></title><!-- <img src="a.png"> --><script src="chart.js" defer></script><script>const s = \'<img src="a.png">\';</script><textarea><img src=a.png></textarea>';
		const result = await inlineHtml(page, resolver);
		assert.equal(
			result.text,
			`<title><img src="a.png"></title><!-- <img src="a.png"> --><script src="${uri('text/javascript', 'window.drawn = "</script>";')}" defer></script><script>const s = '<img src="a.png">';</script><textarea><img src=a.png></textarea>`,
		);
		assert.deepEqual(result.inlined, ['chart.js']);
	});

	test('web addresses, data: URIs, //host, #fragments, mailto: and other links are left as written', async () => {
		const page =
			'<img src="https://example.com/a.png"><img src="HTTP://EXAMPLE.COM/b.png"><img src="//cdn.example.com/c.png"><img src="data:image/gif;base64,R0lG">' +
			'<a href="page2.html">next</a><a href="#top">top</a><img src="#x"><img src="mailto:a@b.c"><img src="">' +
			'<link rel="stylesheet" href="https://fonts.example.com/css"><link rel="icon" href="favicon.ico"><link rel="alternate stylesheet" href="alt.css">' +
			'<style>@import url(https://example.com/x.css); .a { background: url(data:image/png;base64,AAAA) } .b { background: url(#svg) }</style>';
		const result = await inlineHtml(page, files({}));
		assert.equal(result.text, page);
		assert.deepEqual(result.missing, []);
	});

	test('%-escaped names, entities, ?query and #fragment suffixes, ./ and ../ and /', async () => {
		const resolver = files({ 'img/my logo.png': PNG, 'img/a&b.png': PNG, 'img/ü.png': PNG, 'top.png': PNG });
		const page = '<img src="my%20logo.png?v=3"><img src="./a&amp;b.png#frag"><img src="%C3%BC.png"><img src="../top.png"><img src="/img/my logo.png"><img src="../../../top.png">';
		const result = await inlineHtml(page, resolver, 'img/');
		assert.equal(result.text, Array.from({ length: 6 }, () => `<img src="${PNG_URI}">`).join(''));
		assert.deepEqual(result.missing, []);
	});

	test('a file on the author’s disk: found among the binaries by its name, else named as missing', async () => {
		const page = '<img src="file:///C:/Users/me/site/logo.png"><img src="D:\\pics\\photo.jpg">';
		const result = await inlineHtml(page, binaryAssetResolver([{ fileName: 'logo.png', read: () => PNG }]));
		assert.equal(result.text, `<img src="${PNG_URI}"><img src="D:\\pics\\photo.jpg">`);
		assert.deepEqual(result.missing, ['D:/pics/photo.jpg']);
	});

	test('SVG <use> of another file: the file put into the page once, after <body>, the reference made #id', async () => {
		const sprite = '<?xml version="1.0"?>\n<!DOCTYPE svg>\n<!-- icons -->\n<svg xmlns="http://www.w3.org/2000/svg">\n\n<symbol id="star"><path d="M0 0"/></symbol>\n<symbol id="dot"/></svg>\n';
		const resolver = files({ 'icons/set.svg': sprite });
		const page =
			'<html><body class="x"><svg><use href="icons/set.svg#star"/></svg><svg><use xlink:href="icons/set.svg#dot"></use></svg>' +
			'<svg><use href="#local"/><use href="icons/set.svg"/><use href="gone.svg#x"/></svg></body></html>';
		const result = await inlineHtml(page, resolver);
		const hidden = '<svg aria-hidden="true" style="position:absolute;width:0;height:0;overflow:hidden">\n<svg xmlns="http://www.w3.org/2000/svg">\n<symbol id="star"><path d="M0 0"/></symbol>\n<symbol id="dot"/></svg>\n</svg>';
		assert.equal(
			result.text,
			`<html><body class="x">\n${hidden}<svg><use href="#star"/></svg><svg><use xlink:href="#dot"></use></svg>` +
				'<svg><use href="#local"/><use href="icons/set.svg"/><use href="gone.svg#x"/></svg></body></html>',
		);
		assert.deepEqual([result.inlined, result.missing], [['icons/set.svg'], ['gone.svg']]);
		// Without a <body>, at the end; in Markdown, after a blank line at the end.
		assert.equal((await inlineHtml('<svg><use href="icons/set.svg#star"/></svg>', resolver)).text, `<svg><use href="#star"/></svg>\n${hidden}`);
		assert.equal((await inlineMarkdown('Star: <svg><use href="icons/set.svg#star"/></svg>', resolver)).text, `Star: <svg><use href="#star"/></svg>\n\n${hidden}\n`);
	});

	test('files not found: left as written, named once each in document order, stylesheets’ references too', async () => {
		const resolver = files({ 'style.css': '.a { background: url(img/gone.png) } .b { background: url(img/bg.png) }', 'img/bg.png': PNG });
		const page = '<img src="missing.png"><link rel="stylesheet" href="style.css"><img src="missing.png"><link rel="stylesheet" href="other.css"><img srcset="x.png 2x">';
		const result = await inlineHtml(page, resolver);
		assert.equal(
			result.text,
			`<img src="missing.png"><style>\n.a { background: url(img/gone.png) } .b { background: url(${PNG_URI}) }\n</style><img src="missing.png"><link rel="stylesheet" href="other.css"><img srcset="x.png 2x">`,
		);
		assert.deepEqual(result.missing, ['missing.png', 'img/gone.png', 'other.css', 'x.png']);
		assert.equal(
			missingAssetsHint('index.html', result.missing, 'binaries'),
			'index.html refers to 4 files that were not found: missing.png, img/gone.png, other.css, x.png. The PDF shows them missing (a broken image, an unstyled page). Add them to the item as binary properties whose file names match.',
		);
		assert.equal(missingAssetsHint('site.zip › index.html', ['a.png'], 'zip'), 'site.zip › index.html refers to a file that was not found: a.png. The PDF shows them missing (a broken image, an unstyled page). Add them to the ZIP, at these paths from the document’s folder.');
		assert.equal(missingAssetsHint('index.html', [], 'zip'), undefined);
	});

	test('srcset: trailing commas end a candidate, a comma inside parentheses does not, empty candidates stay', async () => {
		const resolver = files({ 'a.png': PNG, 'b.png': PNG });
		const result = await inlineHtml('<img srcset=" ,a.png,, b.png 100w (x, y), c.png 2x, ">', resolver);
		assert.equal(result.text, `<img srcset=" ,${PNG_URI},, ${PNG_URI} 100w (x, y), c.png 2x, ">`);
		assert.deepEqual(result.missing, ['c.png']);
	});

	test('an unclosed <style> runs to the end; an end tag is kept as written; a tag with "<" in a quoted value is left alone', async () => {
		const resolver = files({ 'a.png': PNG });
		assert.equal((await inlineHtml('<p><style>.a{background:url(a.png)}', resolver)).text, `<p><style>.a{background:url(${PNG_URI})}`);
		assert.equal((await inlineHtml('<STYLE>.a{background:url(a.png)}</STYLE >x', resolver)).text, `<STYLE>.a{background:url(${PNG_URI})}</STYLE >x`);
		assert.equal((await inlineHtml('<script>x()</script', resolver)).text, '<script>x()</script');
		assert.equal((await inlineHtml('<img alt="a<b" src="a.png"><img src="a.png"><!-- open', resolver)).text, `<img alt="a<b" src="a.png"><img src="${PNG_URI}"><!-- open`);
		assert.equal((await inlineHtml('<a "<a "<img src=a.png>', resolver)).text, `<a "<a "<img src="${PNG_URI}">`);
	});

	test('image-set(): its strings and url()s inlined, type() and web addresses left, a missing one named', async () => {
		const resolver = files({ 'a.png': PNG, 'b.png': PNG });
		const css = '.x { background-image: -webkit-image-set("a.png" 1x, url(\'b.png\') 2x); background-image: image-set("a.webp" type("image/webp"), \'b.png\' 2x, "https://example.com/c.png" 3x); }';
		const result = await inlineHtml(`<style>${css}</style>`, resolver);
		assert.equal(
			result.text,
			`<style>.x { background-image: -webkit-image-set(url(${PNG_URI}) 1x, url(${PNG_URI}) 2x); background-image: image-set("a.webp" type("image/webp"), url(${PNG_URI}) 2x, "https://example.com/c.png" 3x); }</style>`,
		);
		assert.deepEqual(result.missing, ['a.webp']);
	});

	test('an @import cycle is cut with a comment; a chain over 8 deep is cut too', async () => {
		const cycle = files({ 'a.css': '@import "b.css";\n.a{}', 'b.css': '@import "a.css";\n.b{}' });
		const result = await inlineHtml('<link rel="stylesheet" href="a.css">', cycle);
		assert.equal(result.text, `<style>\n@import url(${uri('text/css', '/* a.css not imported again: it imports itself */\n.b{}')});\n.a{}\n</style>`);
		const deep: Record<string, string> = {};
		for (let level = 0; level < 12; level++) deep[`s${level}.css`] = `@import "s${level + 1}.css";\n.l${level}{}`;
		const chain = await inlineHtml('<link rel="stylesheet" href="s0.css">', files(deep));
		// Each sheet is an @import of a data: URI inside the one that imports it: read them inward.
		let sheet = chain.text;
		const sheets: string[] = [];
		for (let match = /data:text\/css;base64,([A-Za-z0-9+/=]+)/.exec(sheet); match; match = /data:text\/css;base64,([A-Za-z0-9+/=]+)/.exec(sheet)) {
			sheet = Buffer.from(match[1], 'base64').toString('utf8');
			sheets.push(sheet.slice(sheet.lastIndexOf('\n') + 1));
		}
		assert.deepEqual(sheets, ['.l1{}', '.l2{}', '.l3{}', '.l4{}', '.l5{}', '.l6{}', '.l7{}']);
		assert.equal(sheet, '/* s8.css not imported: imports nested over 8 deep */\n.l7{}');
		assert.deepEqual(chain.inlined, ['s0.css', 's1.css', 's2.css', 's3.css', 's4.css', 's5.css', 's6.css', 's7.css']);
	});

	test('@import keeps its place, its media query, layer() and supports(); a web font’s @import after it stays valid', async () => {
		const resolver = files({ 'base.css': '.a{}' });
		const css = '@import "base.css" layer(base) supports(display: grid);\n@import url(https://fonts.example.com/css?family=Inter);\n@import "gone.css" print;\n.b{}';
		const result = await inlineHtml(`<style>${css}</style>`, resolver);
		assert.equal(
			result.text,
			`<style>@import url(${uri('text/css', '.a{}')}) layer(base) supports(display: grid);\n@import url(https://fonts.example.com/css?family=Inter);\n@import "gone.css" print;\n.b{}</style>`,
		);
		assert.deepEqual(result.missing, ['gone.css']);
	});

	test('a stylesheet with "</style" in it cannot end the <style> early; its @charset is dropped', async () => {
		const resolver = files({ 'a.css': '@charset "utf-8";\n.a::after { content: "</style><script>x()</script>"; }' });
		const result = await inlineHtml('<link href="a.css" rel="Stylesheet">', resolver);
		assert.equal(result.text, '<style>\n.a::after { content: "<\\/style><script>x()</script>"; }\n</style>');
	});

	test('a stylesheet in windows-1252 (by its @charset) is decoded before it is inlined', async () => {
		const resolver = files({ 'a.css': Buffer.from('@charset "windows-1252";\n.a::after { content: "\x80"; }', 'latin1') });
		assert.equal((await inlineHtml('<link rel="stylesheet" href="a.css">', resolver)).text, '<style>\n.a::after { content: "€"; }\n</style>');
	});

	test('one data: URI per file however often it is named; the bound on what inlining adds', async () => {
		let reads = 0;
		const big = Buffer.alloc(600_000, 1);
		const resolver = binaryAssetResolver([{ fileName: 'big.png', mimeType: 'image/png', read: () => (reads++, big) }]);
		const twice = await inlineHtml('<img src="big.png"><img src="./big.png"><img src="images/big.png">', resolver);
		assert.equal(reads, 1);
		assert.equal(twice.text.split('data:image/png;base64,').length, 4);
		await assert.rejects(
			inlineAssets({ text: '<img src="big.png">'.repeat(10), kind: 'html', folder: '', name: 'index.html' }, resolver, { maxInlinedBytes: 3 * 1024 * 1024 }),
			{ name: 'FileRefused', message: 'index.html comes to more than 3.0 MB once its images and styles are inlined (stopped at big.png), more than pdf noodle takes in one request' },
		);
	});
});

describe('Markdown', () => {
	test('the done-when document: ![](…) with a title, <path with spaces>, from a ZIP folder', async () => {
		const resolver = files({ 'docs/img/logo.png': PNG, 'docs/my chart.png': PNG });
		const markdown = '# Report\n\n![The logo](img/logo.png "Our logo")\n\n![chart](<my chart.png>)\n\nSee ![x](https://example.com/x.png).\n';
		const result = await inlineMarkdown(markdown, resolver, 'docs/');
		assert.equal(result.text, `# Report\n\n![The logo](${PNG_URI} "Our logo")\n\n![chart](${PNG_URI})\n\nSee ![x](https://example.com/x.png).\n`);
		assert.deepEqual(result.inlined, ['docs/img/logo.png', 'docs/my chart.png']);
	});

	test('image references use their definitions; a link’s definition is left alone', async () => {
		const resolver = files({ 'logo.png': PNG, 'doc.pdf': '%PDF' });
		const markdown = 'An image ![Logo][logo], a link [the doc][doc] and ![Chart].\n\n[logo]: ./logo.png "Logo"\n[doc]: doc.pdf\n[chart]: missing.png\n';
		const result = await inlineMarkdown(markdown, resolver);
		assert.equal(result.text, `An image ![Logo][logo], a link [the doc][doc] and ![Chart].\n\n[logo]: ${PNG_URI} "Logo"\n[doc]: doc.pdf\n[chart]: missing.png\n`);
		assert.deepEqual(result.missing, ['missing.png']);
	});

	test('HTML inside Markdown (<img>, <style>, <link>) is inlined; code blocks and code spans are not', async () => {
		const resolver = files({ 'a.png': PNG, 'a.css': '.a { color: red }' });
		const markdown = [
			'<img src="a.png" width="100">',
			'',
			'```html',
			'<img src="a.png"> ![x](a.png)',
			'```',
			'',
			'Inline `![x](a.png)` and ``<img src="a.png">`` stay; ![y](a.png) does not.',
			'',
			'~~~',
			'![z](a.png)',
			'~~~',
			'<link rel="stylesheet" href="a.css">',
			'<style>.b { background: url(a.png) }</style>',
			'![escaped](a\\.png)',
		].join('\n');
		const result = await inlineMarkdown(markdown, resolver);
		assert.equal(
			result.text,
			[
				`<img src="${PNG_URI}" width="100">`,
				'',
				'```html',
				'<img src="a.png"> ![x](a.png)',
				'```',
				'',
				`Inline \`![x](a.png)\` and \`\`<img src="a.png">\`\` stay; ![y](${PNG_URI}) does not.`,
				'',
				'~~~',
				'![z](a.png)',
				'~~~',
				'<style>\n.a { color: red }\n</style>',
				`<style>.b { background: url(${PNG_URI}) }</style>`,
				`![escaped](${PNG_URI})`,
			].join('\n'),
		);
	});

	test('an unclosed fence runs to the end; a stray backtick does not hide the images after a blank line', async () => {
		const resolver = files({ 'a.png': PNG });
		assert.equal((await inlineMarkdown('```\n![x](a.png)\n', resolver)).text, '```\n![x](a.png)\n');
		assert.equal((await inlineMarkdown('a ` b\n\n![x](a.png) `', resolver)).text, `a \` b\n\n![x](${PNG_URI}) \``);
	});

	test('the pattern’s groups are where the code reads them', () => {
		const groups = new RegExp(`${MARKDOWN_PATTERN_SOURCE}|`).exec('')!.length - 1;
		assert.equal(groups, MARKDOWN_GROUP_COUNT);
		assert.equal(FIRST_HTML_GROUP, 10);
	});
});

describe('resolvers', () => {
	test('binary properties: the whole path, then its last segment, case-sensitive first, then in any case if only one matches', async () => {
		const binary = (fileName: string, mimeType?: string): NamedBinary => ({ fileName, mimeType, read: () => Buffer.from(fileName) });
		const resolve = binaryAssetResolver([binary('Logo.PNG'), binary('logo.png', 'image/png'), binary('Chart.svg'), binary('a.css'), binary('A.CSS')]);
		assert.equal((await resolve('img/logo.png'))?.name, 'logo.png');
		assert.equal((await resolve('LOGO.PNG'))?.name, undefined, 'two files match in another case: neither');
		assert.equal((await resolve('img/chart.SVG'))?.name, 'Chart.svg');
		assert.equal((await resolve('A.CSS'))?.name, 'A.CSS');
		assert.equal(await resolve('none.png'), undefined);
	});

	test('a ZIP: the exact path, else the one path that differs only in case', () => {
		const resolve = zipAssetResolver([
			{ name: 'img/Logo.png', bytes: PNG },
			{ name: 'img/a.png', bytes: PNG },
			{ name: 'img/A.png', bytes: PNG },
		]);
		assert.equal((resolve('img/logo.PNG') as { name: string }).name, 'img/Logo.png');
		assert.equal((resolve('img/A.png') as { name: string }).name, 'img/A.png');
		assert.equal(resolve('IMG/a.PNG'), undefined);
		assert.equal(resolve('logo.png'), undefined, 'no lookup by file name alone inside a ZIP');
	});

	test('references: paths, escapes, entities, MIME types', () => {
		assert.equal(localPathOf(' ./a/../b.png?x#y ', 'site/'), 'site/b.png');
		assert.equal(localPathOf('ftp://x/a.png', ''), undefined);
		assert.equal(localPathOf('file:///C:/My%20Site/logo.png?x', 'site/'), 'C:/My Site/logo.png');
		assert.equal(localPathOf('FILE://host/home/me/logo.png', ''), 'home/me/logo.png');
		assert.equal(localPathOf('C:\\site\\logo.png', 'docs/'), 'C:/site/logo.png');
		assert.equal(localPathOf('?only-query', ''), undefined);
		assert.equal(joinedPath('a/b/', '..\\c.png'), 'a/c.png');
		assert.equal(percentDecoded('a%20b%ZZ%ff.png'), 'a b%ZZ%ff.png');
		assert.equal(attributeText('a&amp;b&#233;&#xE9;&nbsp;&bogus;&#0;'), 'a&béé\u00a0&bogus;&#0;');
		assert.equal(assetMimeType('x.PNG'), 'image/png');
		assert.equal(assetMimeType('x.png', 'application/octet-stream'), 'image/png');
		assert.equal(assetMimeType('x', 'image/svg+xml; charset=utf-8'), 'image/svg+xml');
		assert.equal(assetMimeType('Makefile'), 'application/octet-stream');
		assert.equal(assetMimeType('.hidden'), 'application/octet-stream');
	});
});
