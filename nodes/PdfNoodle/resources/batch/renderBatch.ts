import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { RenderSource } from '../../../shared/api/endpoints';
import { isPauseMode } from '../../pause/mode';
import { Outcome } from '../../runner/outcome';
import { inInputOrder } from '../../runner/pairing';
import type { RunContext } from '../../runner/runContext';
import type { RunOperation } from '../../runner/runner';
import { type BatchToSend, runBatch, sendBatch } from './batch';
import { inputsOf } from './batchOutput';
import { checkedBatches, draftBatches } from './draftBatches';
import { type JoinPlan, joinPlanOf, renderJoined } from './joinBatches';
import { pauseBatch } from './pauseBatch';

/**
 * Batches sent at once. Five carry 100 documents; more would only queue at the service,
 * whose rate limits are not published.
 */
const BATCHES_IN_FLIGHT = 5;

/** Sends one batch in its turn and gives its finished record: a join waits for every batch (`joinPlanOf` asks for it). */
async function finishedRecord(run: RunContext, source: RenderSource, batch: BatchToSend): Promise<IDataObject> {
	await run.nextTurn();
	return (await sendBatch(run.item(batch.settingsIndex), source, batch)).record;
}

/**
 * Renders documents in batches: from the input items (each item one document, up to 20
 * per batch and under 3 MB) or from a list on each item (each item one batch). A batch
 * answers for several input items, so this runs for the whole node run, not per item.
 * Batches run side by side; their items come out in input order. With Merge Into One PDF
 * and several batches, their merged files are joined into one (joinBatches.ts).
 */
async function renderBatches(run: RunContext<IExecuteFunctions>, source: RenderSource): Promise<INodeExecutionData[][]> {
	if (isPauseMode(run.item(0))) return await pauseBatch(run, source);
	const planning = new Outcome(run);
	const drafts = draftBatches(run, source, planning);
	let join: JoinPlan | undefined;
	try {
		join = joinPlanOf(run, drafts);
	} catch (error) {
		// Refused before anything is sent: every item the batches were for fails with it.
		planning.fail(drafts.flatMap(inputsOf), error);
		return [inInputOrder(planning.items)];
	}
	const batches = await checkedBatches(run, source, drafts, planning);
	if (join) {
		const joined = await renderJoined(run, join, batches, BATCHES_IN_FLIGHT, async (batch) => await finishedRecord(run, source, batch));
		return [inInputOrder([...planning.items, ...joined])];
	}
	const sent = await planning.settled(batches, BATCHES_IN_FLIGHT, async (batch) => await runBatch(run, source, batch), inputsOf);
	for (const { result } of sent) planning.add(...result);
	return [inInputOrder(planning.items)];
}

/** Batch → Render Templates and Batch → Render HTML, as operations of the whole node run. */
export function batchRender(source: RenderSource): RunOperation {
	return async (run) => await renderBatches(run, source);
}
