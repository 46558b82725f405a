/**
 * The trigger's memory of what it started (nodes/PdfNoodleTrigger/deliveries.ts): in the
 * workflow's static data, bounded to the newest IDs. The engine tests show a replay refused
 * over HTTP; here, the bound.
 */
import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import { firstDelivery, REMEMBERED_DELIVERIES } from '../../dist/nodes/PdfNoodleTrigger/deliveries.js';

/** A webhook context whose node static data is this object, as n8n hands it to the node. */
function webhookWith(staticData: Record<string, unknown>) {
	return { getWorkflowStaticData: (type: string) => (type === 'node' ? staticData : {}) } as never;
}

const render = (id: string) => ({ requestId: id, renderStatus: 'SUCCESS' });

test('a render and a batch are told apart, each remembered once', () => {
	const staticData: Record<string, unknown> = {};
	assert.equal(firstDelivery(webhookWith(staticData), 'render', render('same-id')), true);
	assert.equal(firstDelivery(webhookWith(staticData), 'render', render('same-id')), false);
	assert.equal(firstDelivery(webhookWith(staticData), 'batch', { batchRequestId: 'same-id', status: 'SUCCESS' }), true);
	assert.deepEqual(staticData.delivered, ['render:same-id', 'batch:same-id']);
});

test(`the newest ${REMEMBERED_DELIVERIES} are remembered: the oldest is forgotten to make room`, () => {
	const staticData: Record<string, unknown> = {};
	for (let index = 0; index <= REMEMBERED_DELIVERIES; index++) firstDelivery(webhookWith(staticData), 'render', render(`r${index}`));
	assert.equal((staticData.delivered as string[]).length, REMEMBERED_DELIVERIES);
	assert.equal(firstDelivery(webhookWith(staticData), 'render', render(`r${REMEMBERED_DELIVERIES}`)), false, 'the newest is still known');
	assert.equal(firstDelivery(webhookWith(staticData), 'render', render('r0')), true, 'the oldest was forgotten');
});

test('static data that holds something else under the name is started over, not trusted', () => {
	const staticData: Record<string, unknown> = { delivered: 'not a list' };
	assert.equal(firstDelivery(webhookWith(staticData), 'render', render('r1')), true);
	assert.deepEqual(staticData.delivered, ['render:r1']);
});
