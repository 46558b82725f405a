import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RenderSource } from '../../../shared/api/endpoints';
import { errorItemsOrThrow } from '../../../shared/errors/errors';
import { withDataCheck } from '../../dataCheck/checkedData';
import { batchFields } from '../../fields/batchSettings';
import type { DownloadSettings } from '../../fields/fields';
import { isPauseMode } from '../../pause/mode';
import type { AwaitedWork } from '../../pause/pause';
import type { PausedPlan } from '../../pause/plan';
import { keptOutputOf } from '../../pause/pausedPlan';
import { type PlannedPause, pauseWork } from '../../pause/pauseWork';
import { Outcome } from '../../runner/outcome';
import type { RunContext } from '../../runner/runContext';
import { inInputOrder, pairWithInputItem } from '../../runner/pairing';
import { runEachItem, type RunOperation } from '../../runner/runner';
import { runWork } from '../../waiting/family';
import { batchRequest } from '../batch/plan';
import { completedSideBySide } from './document';
import { completedRequest, finishedRenderItems, RENDERS, renderDraft } from './render';

/**
 * The paused renders' plan, made once and kept: every item's request built and checked as the
 * single render builds it (`renderDraft`); the items that go together checked to agree on one
 * Signed URL Lifetime, before any template's variables are looked up; then each item's data
 * checked. A refused item is an error item (or the node's error). One item left goes as its
 * own asynchronous render, several as one batch, whose body the batch family builds.
 */
async function plannedRenders(run: RunContext, source: RenderSource): Promise<PlannedPause> {
	const refused = new Outcome(run);
	const drafts = refused.eachItem((context, inputIndex) => ({ inputIndex, ...renderDraft(context, source) }));
	let fields: IDataObject = {};
	try {
		if (drafts.length > 1) {
			const lifetimes = () => drafts.map(({ request }) => (request.body as IDataObject).signedUrlExpiresIn as number | undefined);
			fields = batchFields(run.item(drafts[0].inputIndex), { lifetimes, together: 'when the items are paused together (they go as one batch)', async: true });
		}
	} catch (error) {
		refused.fail(drafts.map(({ inputIndex }) => inputIndex), error);
		return { refused: refused.items };
	}
	const sent = await completedSideBySide(drafts, refused);
	if (sent.length === 0) return { refused: refused.items };
	const settingsIndex = sent[0].inputIndex;
	const planned = {
		sent: sent.map(({ inputIndex, dataCheck }) => ({ itemIndex: inputIndex, dataCheck })),
		settingsIndex,
		outputs: new Map<number, DownloadSettings>(sent.map(({ inputIndex, output }) => [inputIndex, output])),
	};
	if (sent.length === 1) {
		return { refused: refused.items, toSend: { kind: 'render', request: sent[0].request, readFirst: sent[0].readFirst, ...planned } };
	}
	// A batch has one lifetime for all its entries (`fields`): an entry carries none of its own.
	const entries = sent.map(({ request }) => {
		const { signedUrlExpiresIn: _lifetime, ...body } = request.body as IDataObject;
		return { body };
	});
	return { refused: refused.items, toSend: { kind: 'batch', request: batchRequest(source, { entries, fields }), ...planned } };
}

/**
 * A single render as an operation of the whole run: with Mode "Pause Until Called Back" its
 * items paused together, else each item planned, sent and output by the render family.
 */
export function pausableRender(source: RenderSource): RunOperation {
	return async (run) => {
		if (!isPauseMode(run.item(0))) return await runEachItem(run, async (context) => await runWork(RENDERS, context, await completedRequest(renderDraft(context, source))));
		return await pauseWork(run, async () => await plannedRenders(run, source));
	};
}

/**
 * The output of paused renders, once pdf noodle has posted the finished work (`record`, as
 * the status endpoint gives it): what the polling path outputs for the same items.
 */
export async function resumeRenders(run: RunContext, awaited: AwaitedWork, record: IDataObject, plan: PausedPlan): Promise<INodeExecutionData[]> {
	const sent = plan.sent.map((itemIndex, position) => ({ itemIndex, dataCheck: plan.checks?.[position] ?? undefined }));
	const results = awaited.kind === 'render' ? [record] : ((record.results ?? []) as IDataObject[]);
	if (results.length !== sent.length) {
		throw new NodeOperationError(run.getNode(), `pdf noodle answered ${results.length} results for the ${sent.length} documents this execution sent`, {
			description: `Request ${awaited.id}: the execution kept the ${sent.length} input items it sent, and pdf noodle's record lists another number of results.`,
		});
	}
	const output: INodeExecutionData[] = [...(plan.refused ?? [])];
	for (const [position, { itemIndex, dataCheck }] of sent.entries()) {
		const context = run.item(itemIndex);
		try {
			const download = keptOutputOf<DownloadSettings>(plan, itemIndex);
			output.push(...pairWithInputItem(withDataCheck(await finishedRenderItems(context, results[position], download), dataCheck), itemIndex));
		} catch (error) {
			output.push(...errorItemsOrThrow(run.continueOnFail(), context, error, [{ item: itemIndex }]));
		}
	}
	return inInputOrder(output);
}
