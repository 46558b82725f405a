import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RenderSource } from '../../../shared/api/endpoints';
import { asNodeError } from '../../../shared/errors/errors';
import { type AwaitedWork, keepPlan, pauseForWork, pauseSettings } from '../../pause/pause';
import { type PausedPlan, pausedPlanOf } from '../../pause/pausedPlan';
import { inInputOrder } from '../../runner/pairing';
import type { RunContext } from '../../runner/runContext';
import { sendWork } from '../../waiting/waiting';
import { batchRequest, type BatchToSend } from './batch';
import { batchOutput, inputsOf, Outcome } from './batchOutput';
import { checkedBatches, draftBatches } from './draftBatches';
import { MAX_ENTRIES } from './plan';

/** The one batch a pause sends: a pause resumes on one call back, and a batch posts one. */
function pausedBatchOf(run: RunContext, batches: BatchToSend[]): BatchToSend | undefined {
	if (batches.length > 1) {
		throw new NodeOperationError(run.getNode(), `Mode "Pause Until Called Back" sends one batch at a time, and these items make ${batches.length}`, {
			description: `Give the node at most ${MAX_ENTRIES} documents (or one item with its list) per run, e.g. with a "Loop Over Items" node before it, or choose another Mode. Nothing was sent to pdf noodle.`,
		});
	}
	return batches[0];
}

/** Sends the items' batch with the execution's resume URL as its webhook, and pauses the execution. */
export async function pauseBatch(run: RunContext<IExecuteFunctions>, source: RenderSource): Promise<INodeExecutionData[][]> {
	const { resumeUrl, timeoutMs } = pauseSettings(run);
	const planning = new Outcome(run);
	const drafts = draftBatches(run, source, planning);
	// One batch at a time, refused before any template's variables are looked up.
	pausedBatchOf(run, drafts);
	const batches = await checkedBatches(run, source, drafts, planning);
	if (batches.length === 0) return [planning.items];
	const batch = batches[0];
	const context = run.item(batch.settingsIndex);
	const sent = batch.entries.map((entry) => ({ itemIndex: entry.inputIndex, dataCheck: entry.dataCheck }));
	keepPlan(run, pausedPlanOf(run, sent, planning.items, batch.settingsIndex));
	try {
		await run.nextTurn();
		// The send of the polling path (`sendWork`); only what follows differs: the execution waits.
		const { answer } = await sendWork(context, batchRequest(source, batch, { webhook: resumeUrl }));
		return await pauseForWork(run, { kind: 'batch', id: String(answer.batchRequestId ?? '') }, timeoutMs);
	} catch (error) {
		planning.fail(inputsOf(batch), asNodeError(context, error));
		return [inInputOrder(planning.items)];
	}
}

/**
 * The output of a paused batch once pdf noodle has posted it: what the polling path outputs,
 * from the batch the paused run kept (its entries' items, the items refused before it).
 */
export async function resumeBatch(run: RunContext, _awaited: AwaitedWork, record: IDataObject, plan: PausedPlan): Promise<INodeExecutionData[]> {
	const outcome = new Outcome(run);
	outcome.add(...(plan.refused ?? []));
	const entries = plan.sent.map((inputIndex, position) => ({ body: {}, inputIndex, dataCheck: plan.checks?.[position] ?? undefined }));
	await batchOutput(run, { entries, settingsIndex: plan.settings ?? plan.sent[0] ?? 0 }, record, outcome);
	return inInputOrder(outcome.items);
}

