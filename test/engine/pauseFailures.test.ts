/**
 * "Pause Until Called Back" whose one request pdf noodle refuses: the execution is not paused,
 * and the items it was for fail as any item of the node fails. Under Continue On Fail each is
 * an error item (beside the items refused before sending), without it the node fails with the
 * service's words. A paused render and a paused batch go the one way (pause/pauseWork.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';
import type { INodeExecutionData } from 'n8n-workflow';

import { apiRequests } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ textRender: true });

const template = { __rl: true, mode: 'id', value: 'certificate' };
const people = (...names: string[]) => names.map((name) => ({ json: { name } }));
/** Grace's data is a list, not an object: her item is refused before anything is sent. */
const dataRefusingGrace = '={{ $json.name === "Grace" ? "[1]" : JSON.stringify({ recipient_name: $json.name }) }}';
const CONTINUE = { onError: 'continueRegularOutput' } as const;

/** pdf noodle answers the next POST to `path` with a 500 and its message. */
function refuseNextSend(path: string): void {
	sandbox.context.faults.push({ method: 'POST', pathPrefix: path, kind: 'status', status: 500, body: { message: 'Internal failure' }, times: 1 });
}

/** Each output item as its input item and its error message (or "ok"), a refused Data (JSON) by the parameter alone. */
function outcomes(items: INodeExecutionData[]): Array<[unknown, string]> {
	return items.map((item) => [item.pairedItem, String(item.json.error ?? 'ok').replace(/^(Invalid "Data \(JSON\)").*$/, '$1')]);
}

/** Ada and Alan sent and refused by pdf noodle, Grace refused before sending, in input order. */
const GRACE_REFUSED_OTHERS_FAILED = [
	[{ item: 0 }, 'Internal failure'],
	[{ item: 1 }, 'Invalid "Data (JSON)"'],
	[{ item: 2 }, 'Internal failure'],
];

/** The paths of the requests that changed something at the service (lookups of variables left out). */
function sends(): string[] {
	return apiRequests(sandbox).filter((request) => request.method === 'POST').map((request) => request.path);
}

describe('a paused render whose send pdf noodle refuses', () => {
	test('one item, Continue On Fail: the item is an error item with the service\'s words; the execution is not paused', async () => {
		refuseNextSend('/v1/html-to-pdf/async');
		const { items, run, error } = await sandbox.run({ resource: 'document', operation: 'renderFromHtml', html: '=<p>{{ $json.name }}</p>', mode: 'pause' }, people('Ada'), CONTINUE);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(outcomes(items), [[{ item: 0 }, 'Internal failure']]);
		assert.equal(run.waitTill, undefined, 'nothing was sent that could resume the execution');
		assert.deepEqual(sends(), ['/v1/html-to-pdf/async']);
		const body = apiRequests(sandbox)[0].body as { html: string; webhook: string };
		assert.deepEqual([body.html, typeof body.webhook], ['<p>Ada</p>', 'string']);
	});

	test('three items, one refused before sending, Continue On Fail: the refused item\'s own error, the two sent as one batch each the service\'s', async () => {
		refuseNextSend('/v1/pdf/batch');
		const { items, run, error } = await sandbox.run({ resource: 'document', operation: 'renderFromTemplate', template, data: dataRefusingGrace, mode: 'pause' }, people('Ada', 'Grace', 'Alan'), CONTINUE);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(outcomes(items), GRACE_REFUSED_OTHERS_FAILED);
		assert.equal(run.waitTill, undefined);
		const [batch] = apiRequests(sandbox).filter((request) => request.path === '/v1/pdf/batch');
		const body = batch.body as { items: Array<{ data: { recipient_name: string } }>; async: boolean; webhook: string };
		assert.deepEqual([body.items.map((item) => item.data.recipient_name), body.async, typeof body.webhook], [['Ada', 'Alan'], true, 'string']);
	});

	test('without Continue On Fail: the node fails with the service\'s words, and the execution is not paused', async () => {
		refuseNextSend('/v1/html-to-pdf/batch');
		const { run, error } = await sandbox.run({ resource: 'document', operation: 'renderFromHtml', html: '=<p>{{ $json.name }}</p>', mode: 'pause' }, people('Ada', 'Grace'));
		assert.equal(error?.message, 'Internal failure');
		assert.equal(run.waitTill, undefined);
		assert.deepEqual(sends(), ['/v1/html-to-pdf/batch']);
	});
});

describe('a paused batch whose send pdf noodle refuses', () => {
	const batchOfTemplates = { resource: 'batch', operation: 'renderTemplates', template, documentData: dataRefusingGrace, mode: 'pause' };

	test('Continue On Fail: the refused item\'s own error, each item of the batch the service\'s; the execution is not paused', async () => {
		refuseNextSend('/v1/pdf/batch');
		const { items, run, error } = await sandbox.run(batchOfTemplates, people('Ada', 'Grace', 'Alan'), CONTINUE);
		assert.equal(error, undefined, error?.message);
		assert.deepEqual(outcomes(items), GRACE_REFUSED_OTHERS_FAILED);
		assert.equal(run.waitTill, undefined);
		assert.deepEqual(sends(), ['/v1/pdf/batch']);
		const body = apiRequests(sandbox).find((request) => request.path === '/v1/pdf/batch')?.body as { items: unknown[]; async: boolean; webhook: string };
		assert.deepEqual([body.items.length, body.async, typeof body.webhook], [2, true, 'string']);
	});

	test('without Continue On Fail: the node fails with the service\'s words', async () => {
		refuseNextSend('/v1/html-to-pdf/batch');
		const { run, error } = await sandbox.run({ resource: 'batch', operation: 'renderHtml', documentHtml: '=<p>{{ $json.name }}</p>', mode: 'pause' }, people('Ada', 'Grace'));
		assert.equal(error?.message, 'Internal failure');
		assert.equal(run.waitTill, undefined);
		assert.deepEqual(sends(), ['/v1/html-to-pdf/batch']);
	});
});
