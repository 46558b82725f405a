/**
 * The trigger's memory of what it started (nodes/PdfNoodleTrigger/deliveries.ts): in the
 * workflow's static data, bounded to the newest IDs. The engine tests show a replay refused
 * over HTTP; here, the bound.
 */
import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import { claimDelivery, firstDelivery, REMEMBERED_DELIVERIES } from '../../dist/nodes/PdfNoodleTrigger/deliveries.js';

let workflowsMade = 0;

/** A webhook context of one trigger whose node static data is this object, as n8n hands it to the node. */
function webhookWith(staticData: Record<string, unknown>, workflowId = `wf-${++workflowsMade}`, mode: 'webhook' | 'manual' = 'webhook') {
	return {
		getMode: () => mode,
		getWorkflowStaticData: (type: string) => (type === 'node' ? staticData : {}),
		getWorkflow: () => ({ id: workflowId, active: true }),
		getNode: () => ({ id: 'trigger-node', name: 'PDF Noodle Trigger' }),
	} as never;
}

const render = (id: string) => ({ requestId: id, renderStatus: 'SUCCESS' });

test('a render and a batch are told apart, each remembered once', () => {
	const staticData: Record<string, unknown> = {};
	const webhook = webhookWith(staticData);
	assert.equal(firstDelivery(webhook, 'render', render('same-id')), true);
	assert.equal(firstDelivery(webhook, 'render', render('same-id')), false);
	assert.equal(firstDelivery(webhook, 'batch', { batchRequestId: 'same-id', status: 'SUCCESS' }), true);
	assert.deepEqual(staticData.delivered, ['render:same-id', 'batch:same-id']);
});

test(`the newest ${REMEMBERED_DELIVERIES} are remembered: the oldest is forgotten to make room`, () => {
	const staticData: Record<string, unknown> = {};
	const webhook = webhookWith(staticData);
	for (let index = 0; index <= REMEMBERED_DELIVERIES; index++) firstDelivery(webhook, 'render', render(`r${index}`));
	assert.equal((staticData.delivered as string[]).length, REMEMBERED_DELIVERIES);
	assert.equal(firstDelivery(webhook, 'render', render(`r${REMEMBERED_DELIVERIES}`)), false, 'the newest is still known');
	assert.equal(firstDelivery(webhook, 'render', render('r0')), true, 'the oldest was forgotten');
});

test('static data that holds something else under the name is started over, not trusted', () => {
	const staticData: Record<string, unknown> = { delivered: 'not a list' };
	assert.equal(firstDelivery(webhookWith(staticData), 'render', render('r1')), true);
	assert.deepEqual(staticData.delivered, ['render:r1']);
});

test('a copy arriving while n8n has not yet saved the memory (its static data read without the ID) is refused by the same process; another workflow is not', () => {
	assert.equal(firstDelivery(webhookWith({}, 'wf-copies'), 'render', render('r-copy')), true);
	// n8n read the static data of the second call before the first call's was saved.
	const copy: Record<string, unknown> = {};
	assert.equal(firstDelivery(webhookWith(copy, 'wf-copies'), 'render', render('r-copy')), false);
	assert.deepEqual(copy, {}, 'nothing written for a copy');
	assert.equal(firstDelivery(webhookWith({}, 'wf-other'), 'render', render('r-copy')), true);
});

test('what this n8n knows is kept per mode: an ID claimed on the Test URL (manual) is not refused on the Production URL (webhook)', () => {
	const workflowId = `wf-${++workflowsMade}`;
	assert.equal(firstDelivery(webhookWith({}, workflowId, 'manual'), 'render', render('tried-in-the-editor')), true);
	assert.equal(firstDelivery(webhookWith({}, workflowId, 'manual'), 'render', render('tried-in-the-editor')), false, 'known to the Test URL');
	const production: Record<string, unknown> = {};
	assert.equal(firstDelivery(webhookWith(production, workflowId, 'webhook'), 'render', render('tried-in-the-editor')), true);
	assert.deepEqual(production.delivered, ['render:tried-in-the-editor']);
});

test('entries over the ID bound, saved before the trigger refused such IDs, are dropped when the next delivery is remembered', () => {
	const flooded = `render:${'r'.repeat(900 * 1024)}`;
	const staticData: Record<string, unknown> = { delivered: ['render:kept', flooded, 42] };
	assert.equal(firstDelivery(webhookWith(staticData), 'render', render('r-next')), true);
	assert.deepEqual(staticData.delivered, ['render:kept', 'render:r-next']);
});

test('a claim whose run n8n could not start is let go of: a copy sent again starts, and later saves do not hold it', () => {
	const workflowId = `wf-${++workflowsMade}`;
	const first: Record<string, unknown> = {};
	const claim = claimDelivery(webhookWith(first, workflowId), 'render', render('not-queued'));
	assert.ok(claim);
	const overlapping: Record<string, unknown> = {};
	assert.equal(firstDelivery(webhookWith(overlapping, workflowId), 'render', render('other')), true);
	assert.equal(firstDelivery(webhookWith({}, workflowId), 'render', render('not-queued')), false, 'refused while its run is being queued');
	claim.release();
	assert.deepEqual(overlapping.delivered, ['render:other'], 'the overlapping call saves without it');
	assert.equal(firstDelivery(webhookWith({}, workflowId), 'render', render('not-queued')), true, 'sent again, it starts');
});
