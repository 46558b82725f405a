/**
 * The sandbox's contract-violation log: every request's body checked against the endpoint's
 * fields (shared/api-spec.md, api-notes.md). The engine, e2e and queue harnesses assert it
 * empty after each test, so a misspelled or misplaced field from the node fails a test
 * instead of passing silently. What the spec does not forbid, the sandbox does not refuse.
 */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from '@jest/globals';
import axios from 'axios';

import { pdfPageSizes } from '../support/pdf';
import { callApi, download, finishedCall } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox();

const CERTIFICATE = { templateId: 'certificate', data: { recipient_name: 'Katherine Johnson', course: { title: 'Orbital mechanics', hours: 12 } } };

/** The log as field → problem, for the request given. */
function findings(request: string): Record<string, string> {
	return Object.fromEntries(sandbox.context.violations.filter((entry) => entry.request === request).map((entry) => [entry.field, entry.problem]));
}

describe('findings are logged, and the request is still answered as the service would', () => {
	// The findings and the answer are the subject, not the document: the sandbox's prepared PDF, well within the sync wait.
	beforeEach(() => {
		sandbox.context.settings.fixedRender = true;
	});

	test('a field the endpoint does not have (html: false on /v1/pdf/sync) and options sent as false', async () => {
		const answer = await callApi(sandbox, 'POST', '/v1/pdf/sync', { ...CERTIFICATE, html: false, convertToImage: false, hasCover: false, debug: false });
		assert.equal(answer.status, 200, answer.text);
		assert.deepEqual(findings('POST /v1/pdf/sync'), {
			html: 'is not a field of this endpoint (its fields: templateId, data, convertToImage, metadata, s3_bucket, s3_key, signedUrlExpiresIn, hasCover, externalId, debug)',
			convertToImage: 'is sent as false: an option that is off is left out of the body (its default is false)',
			hasCover: 'is sent as false: an option that is off is left out of the body (its default is false)',
			debug: 'is sent as false: an option that is off is left out of the body (its default is false)',
		});
	});

	test('values of the wrong type and empty strings, logged and refused 400 with a message naming the field', async () => {
		const answer = await callApi(sandbox, 'POST', '/v1/pdf/sync', { ...CERTIFICATE, signedUrlExpiresIn: '600' });
		assert.deepEqual([answer.status, answer.json], [400, { message: 'signedUrlExpiresIn must be a positive whole number of seconds' }]);
		const empty = await callApi(sandbox, 'POST', '/v1/tools/merge-pdfs', { urls: ['https://example.com/a.pdf', 'https://example.com/b.pdf'], finalFilename: '', async: false });
		assert.deepEqual([empty.status, empty.json], [400, { message: 'finalFilename must be a non-empty string' }]);
		assert.deepEqual(findings('POST /v1/pdf/sync'), { signedUrlExpiresIn: 'must be a number, not string "600"' });
		assert.deepEqual(findings('POST /v1/tools/merge-pdfs'), {
			finalFilename: 'is sent as "": a field that does not apply is left out of the body',
			async: 'is sent as false: an option that is off is left out of the body (its default is false)',
		});
	});

	test('batch entries are checked one by one, with their place in the list', async () => {
		const answer = await callApi(sandbox, 'POST', '/v1/html-to-pdf/batch', {
			items: [{ html: '<p>one</p>' }, { html: '<p>two</p>', hasCover: false, templateId: 'invoice', pdfParams: { landscape: false } }],
			merge: false,
		});
		assert.equal(answer.status, 200, answer.text);
		assert.deepEqual(findings('POST /v1/html-to-pdf/batch'), {
			'items[1].hasCover': 'is sent as false: an option that is off is left out of the body (its default is false)',
			'items[1].templateId': 'is not a field of this endpoint (its fields: html, pdfParams, convertToImage, metadata, s3_bucket, s3_key, signedUrlExpiresIn, hasCover, debug)',
			'items[1].pdfParams.landscape': 'is sent as false: an option that is off is left out of the body (its default is false)',
			merge: 'is sent as false: an option that is off is left out of the body (its default is false)',
		});
	});

	test('a body on a GET, a query parameter an endpoint does not take, a required field missing', async () => {
		await axios.request({
			method: 'GET',
			url: `${sandbox.baseUrl}/v1/integration/templates`,
			params: { limit: 5 },
			data: { page: 1 },
			headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json' },
		});
		assert.deepEqual(findings('GET /v1/integration/templates'), {
			'(body)': 'GET /v1/integration/templates takes no body',
			'?limit': 'is not a query parameter of this endpoint',
		});
		const missing = await callApi(sandbox, 'POST', '/v1/html-to-pdf/async', { html: '<p>x</p>' });
		assert.deepEqual([missing.status, missing.json], [400, { message: 'webhook is required and must be a non-empty string' }]);
		assert.deepEqual(findings('POST /v1/html-to-pdf/async'), { webhook: 'is required and missing' });
	});

	test('the log is read and emptied through the test controls', async () => {
		await callApi(sandbox, 'POST', '/v1/pdf/sync', { ...CERTIFICATE, hasCover: false });
		const read = await axios.get(`${sandbox.baseUrl}/__sandbox/violations`);
		assert.deepEqual(read.data, {
			violations: [{ request: 'POST /v1/pdf/sync', field: 'hasCover', problem: 'is sent as false: an option that is off is left out of the body (its default is false)' }],
		});
		await axios.delete(`${sandbox.baseUrl}/__sandbox/violations`);
		assert.deepEqual(sandbox.context.violations, []);
	});
});

describe('what the spec does not forbid is accepted', () => {
	test('pdfParams as JSON text (as pdf noodle\'s own n8n node sends it) is used, and logged', async () => {
		// A real render (its page size is read), waited for past a 202 as a user would.
		const answer = await finishedCall(sandbox, '/v1/html-to-pdf/sync', { html: '<p>Landscape</p>', pdfParams: '{"format": "A5", "landscape": true}' });
		assert.equal(answer.status, 200, answer.text);
		const [size] = await pdfPageSizes((await download(answer.json.signedUrl)).bytes);
		assert.ok(size.width > size.height, `an A5 landscape page, not ${JSON.stringify(size)}`);
		assert.deepEqual(findings('POST /v1/html-to-pdf/sync'), {
			pdfParams: 'is JSON text: the spec says an object (accepted, as pdf noodle takes it from its own n8n node)',
		});
		const notJson = await callApi(sandbox, 'POST', '/v1/html-to-pdf/sync', { html: '<p>x</p>', pdfParams: '{format: A5' });
		assert.deepEqual([notJson.status, notJson.json], [400, { message: 'pdfParams must be an object of print options (or JSON text of one); the text given is not JSON' }]);
	});

	test('a body as the contract has it leaves the log empty', async () => {
		sandbox.context.settings.fixedRender = true; // the log is the subject, not the image
		const answer = await callApi(sandbox, 'POST', '/v1/pdf/sync', { ...CERTIFICATE, convertToImage: true, hasCover: true, signedUrlExpiresIn: 120, metadata: { title: 'T' } });
		assert.equal(answer.status, 200, answer.text);
		const tool = await callApi(sandbox, 'POST', '/v1/tools/convert-markdown-to-pdf', { markdown: '# Hi', pdfOptions: { format: 'A4', landscape: true }, async: true, expiration: 60 });
		assert.equal(tool.status, 200, tool.text);
		assert.deepEqual(sandbox.context.violations, []);
	});
});
