/** The credential's "Test" button, as n8n runs it, against the sandbox. */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from '@jest/globals';

import { testCredential } from '../harness/credentialTest';
import { apiRequests, clearRequestLog, type Sandbox, startTestSandbox } from '../support/sandbox';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox();
});

afterAll(async () => {
	await sandbox.close();
});

test('passes with the right key, by listing templates', async () => {
	clearRequestLog(sandbox);
	const result = await testCredential('pdfNoodleApi', { apiKey: sandbox.apiKey, baseUrl: sandbox.baseUrl });
	assert.deepEqual(result, { status: 'OK', message: 'Connection successful!' });
	const [request] = apiRequests(sandbox);
	assert.equal(request.method, 'GET');
	assert.equal(request.path, '/v1/integration/templates');
	assert.equal(request.headers.authorization, `Bearer ${sandbox.apiKey}`);
});

test('fails with a wrong key', async () => {
	const result = await testCredential('pdfNoodleApi', { apiKey: 'wrong', baseUrl: sandbox.baseUrl });
	assert.equal(result.status, 'Error');
	assert.match(result.message, /401|Unauthorized/);
});

test('passes when the base URL has a trailing slash', async () => {
	const result = await testCredential('pdfNoodleApi', { apiKey: sandbox.apiKey, baseUrl: `${sandbox.baseUrl}/` });
	assert.equal(result.status, 'OK');
});
