import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { PdfNoodleApi } from '../../dist/credentials/PdfNoodleApi.credentials.js';
import {
	assertKeyStaysWithService,
	keyMayGoTo,
	normalizeBaseUrl,
	rewriteFormerAddress,
} from '../../dist/nodes/shared/transport/baseUrl.js';

describe('normalizeBaseUrl', () => {
	test('keeps the current address and a local one, without trailing slashes', () => {
		assert.equal(normalizeBaseUrl('https://api.pdfnoodle.com'), 'https://api.pdfnoodle.com');
		assert.equal(normalizeBaseUrl(' http://127.0.0.1:4010// '), 'http://127.0.0.1:4010');
	});

	test('replaces the former pdforge address, in any letter case', () => {
		assert.equal(normalizeBaseUrl('https://api.pdforge.com'), 'https://api.pdfnoodle.com');
		assert.equal(normalizeBaseUrl('https://API.pdforge.com/'), 'https://api.pdfnoodle.com');
	});

	test('the service\'s addresses in any spelling a person types become the current address', () => {
		for (const typed of ['https://api.pdforge.com/v1', 'http://api.pdforge.com', 'api.pdforge.com', 'HTTPS://API.PDFORGE.COM/V1/', 'http://api.pdfnoodle.com/v1', 'api.pdfnoodle.com']) {
			assert.equal(normalizeBaseUrl(typed), 'https://api.pdfnoodle.com', typed);
		}
	});

	test('another address keeps its scheme, host, port and path, without a trailing /v1', () => {
		assert.equal(normalizeBaseUrl('http://127.0.0.1:4010/v1/'), 'http://127.0.0.1:4010');
		assert.equal(normalizeBaseUrl('https://gateway.example.com/pdf-noodle/'), 'https://gateway.example.com/pdf-noodle');
	});

	test('falls back to the current address when empty', () => {
		assert.equal(normalizeBaseUrl(''), 'https://api.pdfnoodle.com');
		assert.equal(normalizeBaseUrl(undefined), 'https://api.pdfnoodle.com');
	});

	test('does not mistake a look-alike host for the former address', () => {
		assert.equal(normalizeBaseUrl('https://api.pdforge.com.evil.test'), 'https://api.pdforge.com.evil.test');
		assert.equal(rewriteFormerAddress('https://api.pdforge.com.evil.test/v1/pdf/sync'), 'https://api.pdforge.com.evil.test/v1/pdf/sync');
	});
});

describe('keyMayGoTo', () => {
	test('https to the service on its own port, or exactly the Base URL\'s scheme, host and port; nothing else', () => {
		assert.equal(keyMayGoTo('https://api.pdfnoodle.com/v1/pdf/sync', 'http://127.0.0.1:4010'), true);
		assert.equal(keyMayGoTo('https://api.pdfnoodle.com:443/v1/pdf/sync', 'https://api.pdfnoodle.com'), true);
		assert.equal(keyMayGoTo('http://127.0.0.1:4010/v1/pdf/status/x', 'http://127.0.0.1:4010'), true);
		assert.equal(keyMayGoTo('/v1/pdf/sync', 'http://127.0.0.1:4010'), true);
		// Another port or scheme of the same host is another origin.
		assert.equal(keyMayGoTo('http://127.0.0.1:4011/v1/pdf/sync', 'http://127.0.0.1:4010'), false);
		assert.equal(keyMayGoTo('https://127.0.0.1/v1/pdf/sync', 'http://127.0.0.1:4010'), false);
		// The service itself only over https on 443: no downgrade, no other port.
		assert.equal(keyMayGoTo('http://api.pdfnoodle.com/v1/pdf/sync', 'https://api.pdfnoodle.com'), false);
		assert.equal(keyMayGoTo('http://api.pdfnoodle.com:8080/v1/pdf/sync', 'https://api.pdfnoodle.com'), false);
		assert.equal(keyMayGoTo('https://api.pdfnoodle.com:8443/v1/pdf/sync', 'https://api.pdfnoodle.com'), false);
		assert.equal(keyMayGoTo('http://localhost:4010/v1/pdf/sync', 'http://127.0.0.1:4010'), false);
		assert.equal(keyMayGoTo('https://api.pdfnoodle.com.evil.test/v1', 'https://api.pdfnoodle.com'), false);
		assert.equal(keyMayGoTo('ftp://127.0.0.1/x', 'http://127.0.0.1:4010'), false);
	});
});

describe('the credential', () => {
	const credential = new PdfNoodleApi();

	test('sends the key as a bearer header', async () => {
		const request = await credential.authenticate(
			{ apiKey: 'k-123', baseUrl: 'https://api.pdfnoodle.com' },
			{ baseURL: 'https://api.pdfnoodle.com', url: '/v1/pdf/sync', method: 'POST', headers: { Accept: 'application/json' } },
		);
		assert.deepEqual(request.headers, { Accept: 'application/json', Authorization: 'Bearer k-123' });
	});

	test('moves requests on the former address to the new one, path and body intact', async () => {
		const body = { templateId: 'invoice', data: { a: 1 } };
		const request = await credential.authenticate(
			{ apiKey: 'k', baseUrl: 'https://api.pdforge.com' },
			{ baseURL: 'https://api.pdforge.com', url: '/v1/pdf/sync', method: 'POST', body },
		);
		assert.equal(request.baseURL, 'https://api.pdfnoodle.com');
		assert.equal(request.url, '/v1/pdf/sync');
		assert.deepEqual(request.body, body);

		const absolute = await credential.authenticate(
			{ apiKey: 'k', baseUrl: 'https://api.pdforge.com' },
			{ url: 'https://api.pdforge.com/v1/pdf/status/abc' },
		);
		assert.equal(absolute.url, 'https://api.pdfnoodle.com/v1/pdf/status/abc');
	});

	test('puts the node\'s requests on the credential\'s Base URL, e.g. a sandbox', async () => {
		const request = await credential.authenticate(
			{ apiKey: 'k', baseUrl: 'http://127.0.0.1:4010/' },
			{ baseURL: 'https://api.pdfnoodle.com', url: '/v1/pdf/sync', method: 'POST' },
		);
		assert.equal(request.baseURL, 'http://127.0.0.1:4010');
		assert.equal(request.url, '/v1/pdf/sync');
	});

	test('never sends the key to another host', async () => {
		await assert.rejects(
			credential.authenticate({ apiKey: 'k', baseUrl: 'http://127.0.0.1:4010' }, { url: 'https://files.example.com/a.pdf' }),
			/Refusing to send the pdf noodle API key to https:\/\/files\.example\.com/,
		);
		// n8n's HTTP Request node names its address in `uri` (its older request options).
		await assert.rejects(
			credential.authenticate({ apiKey: 'k', baseUrl: 'https://api.pdfnoodle.com' }, { uri: 'https://collector.example.com/steal', method: 'GET' } as never),
			/^Error: Refusing to send the pdf noodle API key to https:\/\/collector\.example\.com: it goes only to the credential's Base URL$/,
		);
		const legacy = await credential.authenticate({ apiKey: 'k', baseUrl: 'https://api.pdfnoodle.com' }, { uri: 'https://api.pdforge.com/v1/integration/templates' } as never);
		assert.equal((legacy as { uri?: string }).uri, 'https://api.pdfnoodle.com/v1/integration/templates', 'the former address in uri is moved too');
		assert.doesNotThrow(() => assertKeyStaysWithService({ url: 'http://127.0.0.1:4010/v1/pdf/status/x' }, 'http://127.0.0.1:4010'));
		assert.doesNotThrow(() => assertKeyStaysWithService({ url: 'https://api.pdfnoodle.com/v1/x' }, 'http://127.0.0.1:4010'));
	});

	test('a URL is judged as the parser (and axios) reads it: leading spaces, tabs and newlines do not make it relative', async () => {
		const key = { apiKey: 'k', baseUrl: 'https://api.pdfnoodle.com' };
		for (const url of [' https://evil.example/x', '\thttps://evil.example/x', '\nhttps://evil.example/x', 'ht\ttps://evil.example/x', '\u0000 https://evil.example/x ']) {
			assert.equal(new URL(url).origin, 'https://evil.example', 'what the parser makes of it');
			await assert.rejects(credential.authenticate(key, { url }), {
				message: "Refusing to send the pdf noodle API key to https://evil.example: it goes only to the credential's Base URL",
			});
			assert.equal(keyMayGoTo(url, 'https://api.pdfnoodle.com'), false);
		}
		const former = await credential.authenticate(key, { url: ' https://api.pdforge.com/v1/integration/templates' });
		assert.equal(former.url, 'https://api.pdfnoodle.com/v1/integration/templates');
	});

	test('never through a proxy that could read the key: to a plain-http address, or with the certificate check off, in n8n\'s httpRequest and its older request', async () => {
		const sandbox = { apiKey: 'k', baseUrl: 'http://127.0.0.1:4010' };
		const service = { apiKey: 'k', baseUrl: 'https://api.pdfnoodle.com' };
		const plainHttp = /^Error: Refusing to send the pdf noodle API key through the proxy proxy\.example:3128: the request goes to http:\/\/127\.0\.0\.1:4010 over plain http, so the proxy could read the key\. Use an https Base URL, or no proxy$/;
		await assert.rejects(credential.authenticate(sandbox, { baseURL: 'http://127.0.0.1:4010', url: '/v1/pdf/sync', proxy: { host: 'proxy.example', port: 3128 } }), (error: Error) => plainHttp.test(String(error)));
		await assert.rejects(credential.authenticate(sandbox, { uri: 'http://127.0.0.1:4010/v1/x', proxy: 'http://proxy.example:3128' } as never), (error: Error) => plainHttp.test(String(error)));
		const unchecked = "Refusing to send the pdf noodle API key through the proxy proxy.example:3128 with the certificate check off: the proxy could answer as https://api.pdfnoodle.com and read the key. Turn the certificate check back on (Ignore SSL Issues off), or use no proxy";
		for (const insecure of [{ skipSslCertificateValidation: true }, { rejectUnauthorized: false }, { strictSSL: false }, { agentOptions: { rejectUnauthorized: false } }]) {
			await assert.rejects(credential.authenticate(service, { url: 'https://api.pdfnoodle.com/v1/x', proxy: 'http://user:pw@proxy.example:3128', ...insecure } as never), { message: unchecked });
		}
		// Over https with the certificate checked, a proxy passes on bytes it cannot read; without a proxy nothing is in between.
		const tunneled = await credential.authenticate(service, { url: 'https://api.pdfnoodle.com/v1/x', proxy: { host: 'proxy.example', port: 3128 } });
		assert.equal(tunneled.headers?.Authorization, 'Bearer k');
		const direct = await credential.authenticate(sandbox, { url: 'http://127.0.0.1:4010/v1/x', skipSslCertificateValidation: true, proxy: '' } as never);
		assert.equal(direct.headers?.Authorization, 'Bearer k');
	});

	test('an address given as a URL object is judged as its text, and anything else that is no text is refused', async () => {
		const key = { apiKey: 'k', baseUrl: 'https://api.pdfnoodle.com' };
		await assert.rejects(credential.authenticate(key, { url: new URL('https://collector.example.com/steal') } as never), {
			message: "Refusing to send the pdf noodle API key to https://collector.example.com: it goes only to the credential's Base URL",
		});
		await assert.rejects(credential.authenticate(key, { uri: new URL('http://127.0.0.1:9/steal'), method: 'GET' } as never), {
			message: "Refusing to send the pdf noodle API key to http://127.0.0.1:9: it goes only to the credential's Base URL",
		});
		await assert.rejects(credential.authenticate(key, { uri: { href: 'https://collector.example.com/' } } as never), {
			message: "Refusing to send the pdf noodle API key: the request's uri is not a URL",
		});
		const allowed = await credential.authenticate(key, { url: new URL('https://api.pdforge.com/v1/integration/templates') } as never);
		assert.equal(allowed.url, 'https://api.pdfnoodle.com/v1/integration/templates');
	});

	test('a request with the key follows no redirect, in n8n\'s httpRequest and in its older request (the HTTP Request node\'s)', async () => {
		const request = await credential.authenticate(
			{ apiKey: 'k', baseUrl: 'https://api.pdfnoodle.com' },
			{ uri: 'https://api.pdfnoodle.com/v1/integration/templates', followRedirect: true, followAllRedirects: true, maxRedirects: 21 } as never,
		);
		assert.deepEqual(
			Object.fromEntries(['disableFollowRedirect', 'followRedirect', 'followAllRedirects', 'maxRedirects', 'sendCredentialsOnCrossOriginRedirect'].map((name) => [name, (request as never)[name]])),
			{ disableFollowRedirect: true, followRedirect: false, followAllRedirects: false, maxRedirects: 0, sendCredentialsOnCrossOriginRedirect: false },
		);
	});

	test('tests itself by listing templates on the base URL', () => {
		assert.deepEqual(credential.test.request, {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/v1/integration/templates',
			method: 'GET',
		});
		const apiKey = credential.properties.find((property) => property.name === 'apiKey');
		assert.equal(apiKey?.typeOptions?.password, true);
	});
});
