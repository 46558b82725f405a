import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RenderSource } from '../../../shared/api/endpoints';
import type { AwaitedWork } from '../../pause/pause';
import type { PausedPlan } from '../../pause/plan';
import { keptOutputOf } from '../../pause/pausedPlan';
import { type PlannedPause, pauseWork } from '../../pause/pauseWork';
import { Outcome } from '../../runner/outcome';
import { inInputOrder } from '../../runner/pairing';
import type { RunContext } from '../../runner/runContext';
import { batchRequest } from './batch';
import { batchOutput } from './batchOutput';
import { checkedBatches, draftBatches } from './draftBatches';
import type { BatchOutputSettings } from './fields';
import { MAX_ENTRIES } from './plan';

/**
 * The paused batch's plan, made once and kept: the items' batches drafted, every parameter
 * checked; a pause resumes on one call back, and a batch posts one, so more than one batch is
 * refused before any template's variables are looked up; then its data checked.
 */
async function plannedBatch(run: RunContext, source: RenderSource): Promise<PlannedPause> {
	const planning = new Outcome(run);
	const drafts = draftBatches(run, source, planning);
	if (drafts.length > 1) {
		throw new NodeOperationError(run.getNode(), `Mode "Pause Until Called Back" sends one batch at a time, and these items make ${drafts.length}`, {
			description: `Give the node at most ${MAX_ENTRIES} documents (or one item with its list) per run, e.g. with a "Loop Over Items" node before it, or choose another Mode. Nothing was sent to pdf noodle.`,
		});
	}
	const [batch] = await checkedBatches(run, source, drafts, planning);
	if (!batch) return { refused: planning.items };
	const outputs = new Map<number, BatchOutputSettings>([[batch.settingsIndex, batch.output], ...batch.entries.map((entry): [number, BatchOutputSettings] => [entry.inputIndex, entry.output])]);
	return {
		refused: planning.items,
		toSend: {
			kind: 'batch',
			request: batchRequest(source, batch),
			sent: batch.entries.map((entry) => ({ itemIndex: entry.inputIndex, dataCheck: entry.dataCheck })),
			settingsIndex: batch.settingsIndex,
			outputs,
		},
	};
}

/** Sends the items' batch with the execution's resume URL as its webhook, and pauses the execution (pause/pauseWork.ts). */
export async function pauseBatch(run: RunContext<IExecuteFunctions>, source: RenderSource): Promise<INodeExecutionData[][]> {
	return await pauseWork(run, async () => await plannedBatch(run, source));
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
		body: {},
		inputIndex,
		dataCheck: plan.checks?.[position] ?? undefined,
		output: keptOutputOf<BatchOutputSettings>(plan, inputIndex),
	}));
	const settingsIndex = plan.settings ?? plan.sent[0] ?? 0;
	await batchOutput(run, { entries, settingsIndex, output: keptOutputOf<BatchOutputSettings>(plan, settingsIndex) }, record, outcome);
	return inInputOrder(outcome.items);
}
