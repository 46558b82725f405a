/**
 * The batch family, on top of its plan (plan.ts: an entry, a batch, the join) and its output
 * (output.ts), in the one shape of every family of work (waiting/family.ts): its plan (`Batch`,
 * with the waiting, `BATCH_WAIT_DEFAULTS`, and the output settings), its work kind
 * (`BATCH_WORK`), its send (`sendBatch`) and its output (`batchItems`): `BATCHES`; and the two
 * batch renders as they run for the whole node run, waited for, joined or paused
 * (`batchRender`, `resumeBatch`). A batch answers for several items: the family's context is the run.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { RenderSource } from '../../../shared/api/endpoints';
import type { BatchOutputSettings } from '../../fields/batchSettings';
import { isPauseMode } from '../../pause/mode';
import type { AwaitedWork } from '../../pause/pause';
import type { PausedPlan } from '../../pause/plan';
import { keptOutputOf } from '../../pause/pausedPlan';
import { type PlannedPause, pauseWork } from '../../pause/pauseWork';
import { Outcome } from '../../runner/outcome';
import { inInputOrder, inputsOf, pairedWith } from '../../runner/pairing';
import type { RunContext } from '../../runner/runContext';
import type { RunOperation } from '../../runner/runner';
import { runWork, type WorkFamily } from '../../waiting/family';
import { outcomeOfWork, sendWork, type SentWork } from '../../waiting/waiting';
import { workKindOf } from '../../waiting/workKind';
import { batchOutput, joinedOutput } from './output';
import { type Batch, BATCH_WAIT_DEFAULTS, batchRequest, plannedBatches } from './plan';

/** A batch going on in the background, as the waits and Get Status look it up. */
export const BATCH_WORK = workKindOf('batch', BATCH_WAIT_DEFAULTS);

/**
 * Batches sent at once. Five carry 100 documents; more would only queue at the service,
 * whose rate limits are not published.
 */
const BATCHES_IN_FLIGHT = 5;

/** Sends one batch in its turn, in the context of the item whose settings it took. */
async function sendBatch(run: RunContext, batch: Batch): Promise<SentWork> {
	await run.nextTurn();
	return await sendWork(run.item(batch.settingsIndex), batchRequest(batch.source, batch));
}

/** The batch's record once the send and, unless told not to, the wait are over, and whether it is finished. */
async function recordOf(run: RunContext, sent: SentWork, batch: Batch): Promise<{ record: IDataObject; finished: boolean }> {
	const outcome = await outcomeOfWork(run.item(batch.settingsIndex), BATCH_WORK, batch.wait, sent, (answer, statusCode) =>
		statusCode === 202 || batch.fields.async === true ? String(answer.batchRequestId ?? '') : undefined,
	);
	if (outcome.done === 'notWaited') return { record: outcome.answer, finished: false };
	return { record: outcome.done === 'waited' ? outcome.record : outcome.answer, finished: true };
}

/** The items a sent batch gives: its record as it is while it goes on, else its documents, each failure an error item or the node's error. */
async function batchItems(run: RunContext, sent: SentWork, batch: Batch): Promise<INodeExecutionData[]> {
	const { record, finished } = await recordOf(run, sent, batch);
	if (!finished) return [{ json: record, pairedItem: pairedWith(batch) }];
	const outcome = new Outcome(run);
	await batchOutput(run, batch, record, outcome);
	return outcome.items;
}

/** The batch family: plan (plan.ts, `plannedBatches`) → send → output. */
const BATCHES: WorkFamily<Batch, RunContext> = { kind: BATCH_WORK, send: sendBatch, output: batchItems };

/** Sends one batch and waits for it: the items it gives, a failure the error items of its input items (or the node's error). */
async function runBatch(run: RunContext, batch: Batch): Promise<INodeExecutionData[]> {
	try {
		return await runWork(BATCHES, run, batch);
	} catch (error) {
		const outcome = new Outcome(run);
		outcome.fail(inputsOf(batch), error);
		return outcome.items;
	}
}

/**
 * Renders documents in batches: from the input items (each item one document, up to 20
 * per batch and under 3 MB) or from a list on each item (each item one batch). A batch
 * answers for several input items, so this runs for the whole node run, not per item.
 * Batches run side by side; their items come out in input order. With Merge Into One PDF
 * and several batches, the node waits for every batch, then joins their merged files.
 */
async function renderBatches(run: RunContext, source: RenderSource): Promise<INodeExecutionData[][]> {
	const outcome = new Outcome(run);
	const { batches, join } = await plannedBatches(run, source, outcome);
	if (join) {
		const offsets = batches.map((_, index) => batches.slice(0, index).reduce((count, before) => count + before.entries.length, 0));
		const finished = async (index: number) => (await recordOf(run, await BATCHES.send(run, batches[index]), batches[index])).record;
		const sent = await outcome.settled([...batches.keys()], BATCHES_IN_FLIGHT, finished, (index) => inputsOf(batches[index]));
		await joinedOutput(run, join, sent.map(({ value: index, result: record }) => ({ batch: batches[index], record, offset: offsets[index] })), outcome);
	} else {
		const sent = await outcome.settled(batches, BATCHES_IN_FLIGHT, async (batch) => await runBatch(run, batch), inputsOf);
		for (const { result } of sent) outcome.add(...result);
	}
	return [inInputOrder(outcome.items)];
}

/** Batch → Render Templates and Batch → Render HTML, as operations of the whole node run: paused (Mode "Pause Until Called Back"), or sent and waited for. */
export function batchRender(source: RenderSource): RunOperation {
	return async (run) => (isPauseMode(run.item(0)) ? await pauseWork(run, async () => await plannedPause(run, source)) : await renderBatches(run, source));
}

/**
 * The paused batch's plan, made once and kept (pause/pauseWork.ts sends it with the resume
 * URL as its webhook): one batch, its entries' items and their output settings.
 */
async function plannedPause(run: RunContext, source: RenderSource): Promise<PlannedPause> {
	const planning = new Outcome(run);
	const [batch] = (await plannedBatches(run, source, planning, true)).batches;
	if (!batch) return { refused: planning.items };
	const outputs = new Map<number, BatchOutputSettings>([[batch.settingsIndex, batch.output], ...batch.entries.map((entry): [number, BatchOutputSettings] => [entry.inputIndex, entry.output])]);
	const sent = batch.entries.map((entry) => ({ itemIndex: entry.inputIndex, dataCheck: entry.dataCheck }));
	return { refused: planning.items, toSend: { kind: 'batch', request: batchRequest(source, batch), sent, settingsIndex: batch.settingsIndex, outputs } };
}

/**
 * The output of a paused batch once pdf noodle has posted it: what the polling path outputs,
 * from the batch the paused run kept (its entries' items and output settings, the items
 * refused before it).
 */
export async function resumeBatch(run: RunContext, _awaited: AwaitedWork, record: IDataObject, plan: PausedPlan): Promise<INodeExecutionData[]> {
	const outcome = new Outcome(run);
	outcome.add(...(plan.refused ?? []));
	const entries = plan.sent.map((inputIndex, position) => ({
		inputIndex,
		dataCheck: plan.checks?.[position] ?? undefined,
		output: keptOutputOf<BatchOutputSettings>(plan, inputIndex),
	}));
	const settingsIndex = plan.settings ?? plan.sent[0] ?? 0;
	await batchOutput(run, { entries, settingsIndex, output: keptOutputOf<BatchOutputSettings>(plan, settingsIndex) }, record, outcome);
	return inInputOrder(outcome.items);
}
