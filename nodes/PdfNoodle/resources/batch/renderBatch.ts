import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { isPauseMode } from '../../pause/pause';
import { settleInOrder } from '../../runner/concurrency';
import type { ItemContext } from '../../runner/itemContext';
import { inInputOrder } from '../../runner/pairing';
import type { RunContext } from '../../runner/runContext';
import type { RunOperation } from '../../runner/runner';
import { outcomeOfWork, sendWork } from '../../waiting/waiting';
import { batchOutput, inputsOf, Outcome, pairedWith } from './batchOutput';
import { batchRequest, type BatchToSend, checkedBatches, draftBatches } from './draftBatches';
import { BATCH_WORK } from './fields';
import { type JoinPlan, joinPlanOf, renderJoined } from './joinBatches';
import { pauseBatch } from './pauseBatch';
import type { BatchKind } from './plan';

/** Sends one batch and, unless told not to, waits until it is no longer ONGOING. */
async function sendBatch(
	context: ItemContext,
	kind: BatchKind,
	batch: BatchToSend,
): Promise<{ record: IDataObject; finished: boolean }> {
	const sent = await sendWork(context, batchRequest(kind, batch));
	const outcome = await outcomeOfWork(context, BATCH_WORK, batch.wait, sent, (answer, statusCode) =>
		statusCode === 202 || batch.fields.async === true ? String(answer.batchRequestId ?? '') : undefined,
	);
	if (outcome.done === 'notWaited') return { record: outcome.answer, finished: false };
	return { record: outcome.done === 'waited' ? outcome.record : outcome.answer, finished: true };
}

/**
 * Batches sent at once. Five carry 100 documents; more would only queue at the service,
 * whose rate limits are not published.
 */
const BATCHES_IN_FLIGHT = 5;

/** Sends one batch and waits for it: the items it gives, or the error that stops the node. */
async function runBatch(run: RunContext, kind: BatchKind, batch: BatchToSend): Promise<INodeExecutionData[]> {
	const outcome = new Outcome(run);
	try {
		await run.nextTurn();
		const { record, finished } = await sendBatch(run.item(batch.settingsIndex), kind, batch);
		if (!finished) outcome.add({ json: record, pairedItem: pairedWith(batch) });
		else await batchOutput(run, batch, record, outcome);
	} catch (error) {
		outcome.fail(inputsOf(batch), error);
	}
	return outcome.items;
}

/** Sends one batch in its turn and gives its finished record: a join waits for every batch (`joinPlanOf` asks for it). */
async function finishedRecord(run: RunContext, kind: BatchKind, batch: BatchToSend): Promise<IDataObject> {
	await run.nextTurn();
	return (await sendBatch(run.item(batch.settingsIndex), kind, batch)).record;
}

/**
 * Renders documents in batches: from the input items (each item one document, up to 20
 * per batch and under 3 MB) or from a list on each item (each item one batch). A batch
 * answers for several input items, so this runs for the whole node run, not per item.
 * Batches run side by side; their items come out in input order. With Merge Into One PDF
 * and several batches, their merged files are joined into one (joinBatches.ts).
 */
async function renderBatches(run: RunContext<IExecuteFunctions>, kind: BatchKind): Promise<INodeExecutionData[][]> {
	if (isPauseMode(run.item(0))) return await pauseBatch(run, kind);
	const planning = new Outcome(run);
	const drafts = draftBatches(run, kind, planning);
	let join: JoinPlan | undefined;
	try {
		join = joinPlanOf(run, drafts);
	} catch (error) {
		// Refused before anything is sent: every item the batches were for fails with it.
		planning.fail(drafts.flatMap(inputsOf), error);
		return [inInputOrder(planning.items)];
	}
	const batches = await checkedBatches(run, kind, drafts, planning);
	if (join) {
		const joined = await renderJoined(run, join, batches, BATCHES_IN_FLIGHT, async (batch) => await finishedRecord(run, kind, batch));
		return [inInputOrder([...planning.items, ...joined])];
	}
	const runs = await settleInOrder(batches, BATCHES_IN_FLIGHT, async (batch) => await runBatch(run, kind, batch), !run.continueOnFail());
	const output = [...planning.items];
	for (const run of runs) {
		// Without "Continue On Fail" the first failed batch, in input order, is the node's error.
		if (run?.status === 'rejected') throw run.reason;
		if (run?.status === 'fulfilled') output.push(...run.value);
	}
	return [inInputOrder(output)];
}

/** Batch → Render Templates and Batch → Render HTML, as operations of the whole node run. */
export function batchRender(kind: BatchKind): RunOperation {
	return async (run) => await renderBatches(run, kind);
}
