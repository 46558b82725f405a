/** The credential's "Test" button, as n8n runs it, against the sandbox. */
import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import { testCredential } from '../harness/credentialTest';
import { apiRequests, clearRequestLog } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox();

test('passes with the right key, by listing templates', async () => {
	clearRequestLog(sandbox);
	const result = await testCredential('pdfNoodleApi', { apiKey: sandbox.apiKey, baseUrl: sandbox.baseUrl });
	assert.deepEqual(result, { status: 'OK', message: 'Connection successful!' });
	const [request] = apiRequests(sandbox);
	assert.equal(request.method, 'GET');
	assert.equal(request.path, '/v1/integration/templates');
	assert.equal(request.headers.authorization, `Bearer ${sandbox.apiKey}`);
});

test('fails with a wrong key, and says that the key is wrong', async () => {
	const result = await testCredential('pdfNoodleApi', { apiKey: 'wrong', baseUrl: sandbox.baseUrl });
	assert.deepEqual(result, {
		status: 'Error',
		message: 'The API key is wrong: pdf noodle refused it (401). Copy it again from the API Keys page of your pdf noodle dashboard.',
	});
});

test('fails on a Base URL where the API is not, and says so', async () => {
	const result = await testCredential('pdfNoodleApi', { apiKey: sandbox.apiKey, baseUrl: `${sandbox.baseUrl}/not-the-api` });
	assert.equal(result.status, 'Error');
	assert.match(result.message, /^The Base URL does not lead to the pdf noodle API \(404\)/);
});

test('passes when the base URL has a trailing slash', async () => {
	const result = await testCredential('pdfNoodleApi', { apiKey: sandbox.apiKey, baseUrl: `${sandbox.baseUrl}/` });
	assert.equal(result.status, 'OK');
});
