/**
 * The batch family, in the shape of every family of work (document/render.ts, pdfTool/tool.ts,
 * template/creation.ts): its request (`BatchToSend`, planned by draftBatches.ts; `batchRequest`),
 * its work kind (`BATCH_WORK`; its waiting defaults are with the fields that show them) and its
 * output (`runBatch`), sent by `sendBatch`; the items of a finished batch are batchOutput.ts.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { RENDER_PATHS, type RenderSource } from '../../../shared/api/endpoints';
import type { ApiRequest } from '../../../shared/transport/transport';
import type { ItemContext } from '../../runner/itemContext';
import { Outcome } from '../../runner/outcome';
import type { RunContext } from '../../runner/runContext';
import type { WaitSettings } from '../../waiting/settings';
import { outcomeOfWork, sendWork } from '../../waiting/waiting';
import { workKindOf } from '../../waiting/workKind';
import { batchOutput, inputsOf, pairedWith } from './batchOutput';
import { BATCH_WAIT_DEFAULTS } from './fields';
import type { OutputBatch } from './plan';

/** A batch going on in the background, as the waits and Get Status look it up. */
export const BATCH_WORK = workKindOf('batch', BATCH_WAIT_DEFAULTS);

/** A batch checked and ready: its entries, its top-level fields, how the node waits for it and what its output is made with. */
export type BatchToSend = OutputBatch & { fields: IDataObject; wait: WaitSettings };

/**
 * The request of a batch: its entries and top-level fields. The one builder of a batch body,
 * whether the node waits for the batch or pauses (the pause adds the resume URL as its webhook),
 * and for a pause of several single renders, which go as one batch (document/renderDocuments.ts).
 */
export function batchRequest(source: RenderSource, batch: { entries: Array<{ body: IDataObject }>; fields: IDataObject }): ApiRequest {
	return { method: 'POST', url: RENDER_PATHS[source].batch, body: { items: batch.entries.map((entry) => entry.body), ...batch.fields } };
}

/** Sends one batch and, unless told not to, waits until it is finished: its record, and whether it is. */
export async function sendBatch(context: ItemContext, source: RenderSource, batch: BatchToSend): Promise<{ record: IDataObject; finished: boolean }> {
	const sent = await sendWork(context, batchRequest(source, batch));
	const outcome = await outcomeOfWork(context, BATCH_WORK, batch.wait, sent, (answer, statusCode) =>
		statusCode === 202 || batch.fields.async === true ? String(answer.batchRequestId ?? '') : undefined,
	);
	if (outcome.done === 'notWaited') return { record: outcome.answer, finished: false };
	return { record: outcome.done === 'waited' ? outcome.record : outcome.answer, finished: true };
}

/** Sends one batch in its turn and waits for it: the items it gives, each failure an error item or the node's error. */
export async function runBatch(run: RunContext, source: RenderSource, batch: BatchToSend): Promise<INodeExecutionData[]> {
	const outcome = new Outcome(run);
	try {
		await run.nextTurn();
		const { record, finished } = await sendBatch(run.item(batch.settingsIndex), source, batch);
		if (!finished) outcome.add({ json: record, pairedItem: pairedWith(batch) });
		else await batchOutput(run, batch, record, outcome);
	} catch (error) {
		outcome.fail(inputsOf(batch), error);
	}
	return outcome.items;
}
