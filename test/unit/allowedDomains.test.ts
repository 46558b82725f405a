/**
 * The list the node hands n8n for its requests with the key, from the credential's "Allowed
 * HTTP Request Domains" (nodes/shared/transport/allowedDomains.ts). What n8n then does with it
 * (refusing a host outside it, on every hop) is tested in the engine: test/engine/transport.test.ts
 * and allowedDomains.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import { credentialAllowedDomains } from '../../dist/nodes/shared/transport/allowedDomains.js';

const BASE_URL = 'https://pdf.example.com';

test('"All", "None" and no setting allow every domain: this node is the credential\'s own surface', () => {
	for (const mode of ['all', 'none', undefined, 'something else']) {
		assert.equal(credentialAllowedDomains({ allowedHttpRequestDomains: mode, allowedDomains: 'files.example.org' }, BASE_URL), undefined, String(mode));
	}
});

test('"Specific Domains" gets the Base URL\'s host beside the list, once', () => {
	assert.equal(credentialAllowedDomains({ allowedHttpRequestDomains: 'domains', allowedDomains: ' files.example.org ' }, BASE_URL), 'pdf.example.com, files.example.org');
	assert.equal(credentialAllowedDomains({ allowedHttpRequestDomains: 'domains', allowedDomains: 'files.example.org, PDF.Example.com.' }, BASE_URL), 'files.example.org, PDF.Example.com.');
	assert.equal(credentialAllowedDomains({ allowedHttpRequestDomains: 'domains', allowedDomains: 'x.org, *.example.com' }, BASE_URL), 'x.org, *.example.com');
});

test('a wildcard covers subdomains only, as n8n matches it: *.pdf.example.com does not cover pdf.example.com', () => {
	assert.equal(credentialAllowedDomains({ allowedHttpRequestDomains: 'domains', allowedDomains: '*.pdf.example.com' }, BASE_URL), 'pdf.example.com, *.pdf.example.com');
	assert.equal(credentialAllowedDomains({ allowedHttpRequestDomains: 'domains', allowedDomains: '*.' }, BASE_URL), 'pdf.example.com, *.');
	assert.equal(credentialAllowedDomains({ allowedHttpRequestDomains: 'domains', allowedDomains: '*.example.com' }, 'https://badexample.com'), 'badexample.com, *.example.com');
});

test('"Specific Domains" with an empty list allows the Base URL\'s host alone', () => {
	assert.equal(credentialAllowedDomains({ allowedHttpRequestDomains: 'domains', allowedDomains: '  ' }, 'http://127.0.0.1:4010'), '127.0.0.1');
	assert.equal(credentialAllowedDomains({ allowedHttpRequestDomains: 'domains' }, 'http://127.0.0.1:4010'), '127.0.0.1');
});

test('a Base URL without a usable host adds nothing', () => {
	assert.equal(credentialAllowedDomains({ allowedHttpRequestDomains: 'domains', allowedDomains: 'files.example.org' }, 'not a url'), 'files.example.org');
	assert.equal(credentialAllowedDomains({ allowedHttpRequestDomains: 'domains', allowedDomains: 'files.example.org' }, 'https://a,b.example.com'), 'files.example.org');
});
