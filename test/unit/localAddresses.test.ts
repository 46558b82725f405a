/** Which URLs of an unconfirmed trigger payload may be fetched: the rule against fetching n8n's own network. */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { isLocalHost, unconfirmedUrlRefusal } from '../../dist/nodes/PdfNoodleTrigger/localAddresses.js';

/** The host as n8n's HTTP client would reach it: `URL` writes every IPv4 spelling in dotted form. */
const hostOf = (url: string) => new URL(url).hostname;

describe('isLocalHost', () => {
	const local = [
		'http://127.0.0.1/',
		'http://127.1.2.3:8080/',
		'http://2130706433/', // 127.0.0.1 as one number
		'http://0x7f.1/', // 127.0.0.1 in hex
		'http://0.0.0.0/',
		'http://10.1.2.3/',
		'http://172.16.0.1/',
		'http://172.31.255.255/',
		'http://192.168.1.20/',
		'http://169.254.169.254/latest/meta-data/', // the clouds' metadata service
		'http://100.64.0.1/',
		'http://198.18.0.1/',
		'http://[::1]/',
		'http://[::]/',
		'http://[::ffff:127.0.0.1]/',
		'http://[::ffff:a9fe:a9fe]/', // 169.254.169.254 inside IPv6
		'http://[fd00::1]/',
		'http://[fe80::1]/',
		'http://localhost:5678/',
		'http://LOCALHOST./',
		'http://api.localhost/',
		'http://metadata.google.internal/',
		'http://printer.local/',
		'http://router.home.arpa/',
		'http://metadata/',
	];
	for (const url of local) {
		test(`${url} is n8n's own network`, () => assert.equal(isLocalHost(hostOf(url)), true));
	}

	const publicHosts = [
		'https://storage.googleapis.com/file.pdf',
		'https://api.pdfnoodle.com/v1/pdf/status/x',
		'http://8.8.8.8/',
		'http://172.32.0.1/',
		'http://172.15.255.255/',
		'http://192.169.0.1/',
		'http://100.128.0.1/',
		'http://169.255.0.1/',
		'http://[2001:db8::1]/',
		'http://[::ffff:808:808]/', // 8.8.8.8 inside IPv6
		'http://localhost.example.com/',
	];
	for (const url of publicHosts) {
		test(`${url} is not`, () => assert.equal(isLocalHost(hostOf(url)), false));
	}
});

describe('unconfirmedUrlRefusal', () => {
	test('a public https URL may be fetched', () => {
		assert.equal(unconfirmedUrlRefusal('https://files.example.com/a.pdf', undefined), undefined);
	});

	test('an internal address is refused, naming the rule', () => {
		assert.equal(
			unconfirmedUrlRefusal('http://169.254.169.254/latest/meta-data/iam/security-credentials/admin', 'https://api.pdfnoodle.com'),
			"http://169.254.169.254 is an address of n8n's own network (loopback, link-local or private), and only pdf noodle's confirmed answers may name one",
		);
	});

	test('an internal address on the origin of the credential\'s Base URL may be fetched; another port of that host may not', () => {
		assert.equal(unconfirmedUrlRefusal('http://127.0.0.1:3000/files/a.pdf', 'http://127.0.0.1:3000'), undefined);
		assert.match(String(unconfirmedUrlRefusal('http://127.0.0.1:3001/files/a.pdf', 'http://127.0.0.1:3000')), /^http:\/\/127\.0\.0\.1:3001 is an address/);
	});

	test('only http and https, and only URLs', () => {
		assert.equal(unconfirmedUrlRefusal('file:///etc/passwd', undefined), 'file: URLs are not downloaded, only http and https');
		assert.equal(unconfirmedUrlRefusal('ftp://files.example.com/a.pdf', undefined), 'ftp: URLs are not downloaded, only http and https');
		assert.equal(unconfirmedUrlRefusal('/files/a.pdf', undefined), '"/files/a.pdf" is not a URL');
	});
});
