/**
 * One output shape per operation whatever the timing: a render, a PDF tool job and a batch that
 * finish within the synchronous call give the same fields as ones answered 202 and polled
 * (and, for renders, as Get Status), so that a workflow can rely on `$json.renderStatus`. Each
 * family's fast run is asserted unpolled and its slow run polled, so neither can pass as the other.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import type { INodeExecutionData } from 'n8n-workflow';

import { apiRequests } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ textRender: true });

const FAST = { syncWaitMs: 30_000, renderDelayMs: 0, toolDelayMs: 0 };
/** Longer than the synchronous wait: answered 202 and polled. */
const SLOW = { syncWaitMs: 100, renderDelayMs: 1500, toolDelayMs: 1500 };

async function run(parameters: Record<string, unknown>, timing: typeof FAST, input: INodeExecutionData[] = [{ json: {} }]) {
	Object.assign(sandbox.context.settings, timing);
	try {
		const { items, error } = await sandbox.run({ pollInterval: 1, ...parameters }, input);
		assert.equal(error, undefined, error?.message);
		assert.ok(items.length > 0, 'the node gave items');
		return items;
	} finally {
		Object.assign(sandbox.context.settings, FAST);
	}
}

const fieldsOf = (items: INodeExecutionData[]) => items.map((item) => Object.keys(item.json).sort());
const answered202 = (path: string) => apiRequests(sandbox).some((request) => request.path.startsWith(path));

describe('one shape whatever the timing', () => {
	test('Render From HTML: the sync answer, a 202 polled, and Get Status give requestId, renderStatus, signedUrl and metadata', async () => {
		const render = { resource: 'document', operation: 'renderFromHtml', html: '<p>Shape</p>' };
		const fast = await run(render, FAST);
		assert.equal(answered202('/v1/pdf/status/'), false, 'the fast render was not polled');
		const slow = await run(render, SLOW);
		assert.equal(answered202('/v1/pdf/status/'), true, 'the slow render was polled');
		const expected = [['metadata', 'renderStatus', 'requestId', 'signedUrl']];
		assert.deepEqual(fieldsOf(fast), expected);
		assert.deepEqual(fieldsOf(slow), expected);
		assert.deepEqual([fast[0].json.requestId, fast[0].json.renderStatus], [null, 'SUCCESS'], 'the service gave no requestId');
		assert.equal(typeof slow[0].json.requestId, 'string');

		const status = await run({ resource: 'document', operation: 'getStatus', requestId: slow[0].json.requestId }, FAST);
		assert.deepEqual(fieldsOf(status), expected);
	});

	test('a PDF tool (Markdown to PDF): the sync answer and a 202 polled give the same fields', async () => {
		const tool = { resource: 'pdfTool', operation: 'markdownToPdf', markdown: '# Shape' };
		const fast = await run(tool, FAST);
		assert.equal(answered202('/v1/tools/status/'), false, 'the fast job was not polled');
		const slow = await run(tool, SLOW);
		assert.equal(answered202('/v1/tools/status/'), true, 'the slow job was polled');
		assert.deepEqual(fieldsOf(fast), fieldsOf(slow));
		assert.ok(fieldsOf(fast)[0].includes('requestId'));
		assert.equal(fast[0].json.requestId, null);
		assert.equal(typeof slow[0].json.requestId, 'string');
	});

	test('Batch → Render Templates: a batch finished in the call and one answered 202 give the same fields on every item', async () => {
		const batch = {
			resource: 'batch',
			operation: 'renderTemplates',
			batchSource: 'inputItems',
			template: { __rl: true, mode: 'id', value: 'letter' },
			documentData: '{"closing": "Regards"}',
		};
		const input = [{ json: {} }, { json: {} }];
		const fast = await run(batch, FAST, input);
		assert.equal(answered202('/v1/pdf/batch/status/'), false, 'the fast batch was not polled');
		const slow = await run(batch, SLOW, input);
		assert.equal(answered202('/v1/pdf/batch/status/'), true, 'the slow batch was polled');
		assert.equal(fast.length, 2);
		assert.deepEqual(fieldsOf(fast), fieldsOf(slow));
	});
});
