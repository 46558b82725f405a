/**
 * The former address (pdforge): it answers 301 to the new address, which a client that
 * follows it would turn into a body-less GET. A credential still set to it must render
 * all the same, with its body intact, and the key must go only to the new address.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from '@jest/globals';
import axios from 'axios';

import { testCredential } from '../harness/credentialTest';
import { binaryBytes, runPdfNoodle } from '../harness/engine';
import { startSandbox } from '../sandbox/server';
import { pdfText } from '../support/pdf';
import { CURRENT_HOST, FORMER_HOST, type RealHosts, serveRealHosts } from '../support/realHosts';
import { apiRequests, clearRequestLog, type Sandbox } from '../support/sandbox';

let sandbox: Sandbox;
let hosts: RealHosts;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, formerPort: 0, testControls: true, apiKey: 'former-test-key-81c2' });
	hosts = await serveRealHosts({ current: sandbox.baseUrl, former: sandbox.formerBaseUrl! });
	// pdf noodle's signed file URLs name a public host; the sandbox's name the service's own, as
	// the front serves it: an address of n8n's network (127.0.0.1) would be refused to the
	// package's downloads, whatever an admin allowed, unless on the Base URL's origin.
	sandbox.context.settings.fileOrigin = `https://${CURRENT_HOST}`;
});

afterAll(async () => {
	await hosts.close();
	await sandbox.close();
});

describe('the sandbox as the former address', () => {
	test('answers 301 to the same path on the new address', async () => {
		const response = await axios.post(`${sandbox.formerBaseUrl}/v1/pdf/sync?x=1`, {}, { maxRedirects: 0, validateStatus: () => true });
		assert.equal(response.status, 301);
		assert.equal(response.headers.location, `${sandbox.baseUrl}/v1/pdf/sync?x=1`);
	});

	test('a client that follows the 301 loses the POST body (why the node does not rely on it)', async () => {
		clearRequestLog(sandbox);
		// axios follows the 301, as fetch and browsers do; whatever the GET is answered does not matter.
		await axios
			.post(`https://${FORMER_HOST}/v1/html-to-pdf/sync`, { html: '<p>lost</p>' }, { headers: { Authorization: `Bearer ${sandbox.apiKey}` } })
			.catch(() => undefined);
		const followed = apiRequests(sandbox).find((request) => request.path === '/v1/html-to-pdf/sync');
		assert.equal(followed?.method, 'GET', 'the POST arrived as a GET');
		assert.equal(followed?.body, undefined, 'without its body');
	});
});

describe('a credential on the former address', () => {
	const credentials = () => ({ pdfNoodleApi: { apiKey: sandbox.apiKey, baseUrl: `https://${FORMER_HOST}` } });

	test('renders with the POST body intact, and the key goes only to the new address', async () => {
		clearRequestLog(sandbox);
		hosts.log.length = 0;
		const data = { recipient: { name: 'Former Address' }, closing: 'Body intact' };
		const { items, error } = await runPdfNoodle(
			{ resource: 'document', operation: 'renderFromTemplate', template: { __rl: true, mode: 'id', value: 'letter' }, data: JSON.stringify(data) },
			{ credentials: credentials() },
		);
		assert.equal(error, undefined, error?.message);
		// The template's variables are looked up first (Check Data Against Template), at the new address too.
		const [lookup, render] = apiRequests(sandbox);
		assert.equal(lookup.path, '/v1/integration/templates/letter/variables');
		assert.equal(render.method, 'POST');
		assert.deepEqual(render.body, { templateId: 'letter', data });
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data))).includes('Body intact'));

		assert.deepEqual(hosts.log.filter((entry) => entry.host === FORMER_HOST), [], 'nothing was sent to the former address');
		const withKey = hosts.log.filter((entry) => entry.authorization);
		assert.ok(withKey.length >= 1);
		assert.ok(withKey.every((entry) => entry.host === CURRENT_HOST));
		const keyElsewhere = sandbox.context.requestLog.filter((request) => request.headers.authorization && !request.path.startsWith('/v1/'));
		assert.deepEqual(keyElsewhere, [], 'file downloads carry no key');
	});

	test.each([
		'https://api.pdforge.com/',
		'https://api.pdforge.com/v1',
		'http://api.pdforge.com',
		'HTTPS://API.PDFORGE.COM',
		' api.pdforge.com/v1/ ',
	])('in the spelling %j the POST body arrives intact at the new address', async (baseUrl) => {
		clearRequestLog(sandbox);
		hosts.log.length = 0;
		const { items, error } = await runPdfNoodle(
			{ resource: 'document', operation: 'renderFromHtml', html: '<p>Spelled any way</p>' },
			{ credentials: { pdfNoodleApi: { apiKey: sandbox.apiKey, baseUrl } } },
		);
		assert.equal(error, undefined, error?.message);
		const [render] = apiRequests(sandbox);
		assert.deepEqual([render.method, render.path, render.body], ['POST', '/v1/html-to-pdf/sync', { html: '<p>Spelled any way</p>' }]);
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data))).includes('Spelled any way'));
		assert.deepEqual(hosts.log.filter((entry) => entry.host === FORMER_HOST), [], 'nothing was sent to the former address');
	});

	test('waits through a 202 on the new address', async () => {
		Object.assign(sandbox.context.settings, { syncWaitMs: 100, renderDelayMs: 1200 });
		try {
			hosts.log.length = 0;
			const { items, error } = await runPdfNoodle(
				{ resource: 'document', operation: 'renderFromHtml', html: '<p>Polled</p>', pollInterval: 1 },
				{ credentials: credentials() },
			);
			assert.equal(error, undefined, error?.message);
			assert.equal(items[0].json.renderStatus, 'SUCCESS');
			assert.ok(hosts.log.some((entry) => entry.path.startsWith('/v1/pdf/status/') && entry.host === CURRENT_HOST));
			assert.ok(hosts.log.every((entry) => entry.host === CURRENT_HOST));
		} finally {
			Object.assign(sandbox.context.settings, { syncWaitMs: 30_000, renderDelayMs: 0 });
		}
	});

	test('the credential test passes on the former address', async () => {
		hosts.log.length = 0;
		const result = await testCredential('pdfNoodleApi', { apiKey: sandbox.apiKey, baseUrl: `https://${FORMER_HOST}` });
		assert.deepEqual(result, { status: 'OK', message: 'Connection successful!' });
		assert.deepEqual(hosts.log.map((entry) => `${entry.host} ${entry.path}`), [`${CURRENT_HOST} /v1/integration/templates`]);
	});
});
