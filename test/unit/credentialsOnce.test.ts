import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import { credentialsReadOnce } from '../../dist/nodes/shared/transport/credentialsOnce.js';
import type { TransportContext } from '../../dist/nodes/shared/transport/transport.js';

/** An n8n execution as far as the wrapper sees it: it counts credential reads and records what requests were given. */
function fakeExecution() {
	const reads: Array<[string, number | undefined]> = [];
	const sent: unknown[] = [];
	const execute = {
		getNode: () => ({ name: 'PDF Noodle', credentials: { pdfNoodleApi: { id: 'cred-1', name: 'PDF Noodle account' } } }),
		getCredentials: async (type: string, itemIndex?: number) => (reads.push([type, itemIndex]), { apiKey: 'key-1', baseUrl: 'https://api.pdfnoodle.com' }),
	};
	const itemContext = (itemIndex: number) =>
		({
			getItemIndex: () => itemIndex,
			getCredentials: async () => assert.fail('the item reads the credential through the wrapper'),
			helpers: { httpRequestWithAuthentication: async (_type: string, _options: unknown, extra: unknown) => (sent.push(extra), { statusCode: 200 }) },
		}) as unknown as TransportContext;
	return { execute: execute as never, itemContext, reads, sent };
}

test('the credential is read once per node run (with the first item, as n8n\'s own nodes do), however many items and requests', async () => {
	const { execute, itemContext, reads, sent } = fakeExecution();
	const withCredentials = credentialsReadOnce(execute);
	for (let itemIndex = 0; itemIndex < 3; itemIndex++) {
		const context = withCredentials(itemContext(itemIndex));
		assert.equal((await context.getCredentials('pdfNoodleApi')).apiKey, 'key-1');
		await context.helpers.httpRequestWithAuthentication.call(execute, 'pdfNoodleApi', { url: '/v1/pdf/sync' });
	}
	assert.deepEqual(reads, [['pdfNoodleApi', 0]]);
	// n8n's helper is handed the data, so it does not read the credential itself again.
	assert.deepEqual(sent[2], { credentialsDecrypted: { id: 'cred-1', name: 'PDF Noodle account', type: 'pdfNoodleApi', data: { apiKey: 'key-1', baseUrl: 'https://api.pdfnoodle.com' } } });
});

test('each caller gets its own copy of the data (n8n\'s authentication may add to it)', async () => {
	const { execute, itemContext } = fakeExecution();
	const context = credentialsReadOnce(execute)(itemContext(0));
	const first = await context.getCredentials('pdfNoodleApi');
	first.apiKey = 'changed';
	assert.equal((await context.getCredentials('pdfNoodleApi')).apiKey, 'key-1');
});
