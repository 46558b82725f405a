import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import { announcedBytes, fileNameFromContentDisposition, fileNameFromUrl, WHOLE_FILE_MAX_BYTES } from '../../dist/nodes/shared/files/download.js';

test('Content-Disposition: filename, quoted or not, with escapes', () => {
	assert.equal(fileNameFromContentDisposition('attachment; filename="book.zip"'), 'book.zip');
	assert.equal(fileNameFromContentDisposition('inline;filename=report_1.pdf'), 'report_1.pdf');
	assert.equal(fileNameFromContentDisposition('attachment; filename="say \\"hi\\".pdf"; size=10'), 'say "hi".pdf');
	assert.equal(fileNameFromContentDisposition(['attachment; filename="first.pdf"']), 'first.pdf');
});

test('Content-Disposition: filename* wins, in UTF-8 or ISO-8859-1', () => {
	assert.equal(fileNameFromContentDisposition('attachment; filename="M_rz.pdf"; filename*=UTF-8\'\'M%C3%A4rz%20%E2%82%AC.pdf'), 'März €.pdf');
	assert.equal(fileNameFromContentDisposition("attachment; filename*=utf-8'de'Pr%C3%BCfung.pdf; filename=\"P_fung.pdf\""), 'Prüfung.pdf');
	assert.equal(fileNameFromContentDisposition("attachment; filename*=ISO-8859-1''M%E4rz.pdf"), 'März.pdf');
});

test('Content-Disposition: no folders, and nothing when there is no name', () => {
	assert.equal(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"'), 'passwd');
	assert.equal(fileNameFromContentDisposition('attachment; filename="C:\\\\temp\\\\x.pdf"'), 'x.pdf');
	assert.equal(fileNameFromContentDisposition('attachment; filename=".."'), undefined);
	assert.equal(fileNameFromContentDisposition('attachment'), undefined);
	assert.equal(fileNameFromContentDisposition(undefined), undefined);
});

test('a URL names a file only when its last segment looks like one', () => {
	assert.equal(fileNameFromUrl('https://files.example.com/a/b/Report%201.pdf?sig=x'), 'Report 1.pdf');
	assert.equal(fileNameFromUrl('https://files.example.com/files/3f2c9d'), undefined);
	assert.equal(fileNameFromUrl('https://files.example.com/x/..%2F..%2Fsecret.pdf'), 'secret.pdf');
});

test('the size the API announces, read from its text; nothing assumed from anything else', () => {
	assert.equal(announcedBytes('12.3 kB'), 12_300);
	assert.equal(announcedBytes('256 kB'), WHOLE_FILE_MAX_BYTES);
	assert.equal(announcedBytes('1.5 MB'), 1_500_000);
	assert.equal(announcedBytes('900 bytes'), 900);
	assert.equal(announcedBytes(' 7 KB '), 7_000);
	for (const unreadable of [undefined, '', 'small', '12', '12 parsecs', '-3 kB', 12_300, { size: 1 }]) assert.equal(announcedBytes(unreadable), undefined, String(unreadable));
});
