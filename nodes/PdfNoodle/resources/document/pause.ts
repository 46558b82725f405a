import type { IDataObject, IExecuteFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { RENDER_PATHS, type RenderSource } from '../../../shared/api/endpoints';
import { errorItemsOrThrow } from '../../../shared/errors/errors';
import type { ApiRequest } from '../../../shared/transport/transport';
import { withDataCheck } from '../../dataCheck/checkedData';
import { oneBatchLifetime } from '../../fields/renderOptions';
import { throwOnMissingTemplate } from '../../fields/templateLocator';
import { type AwaitedWork, isPauseMode, keepPlan, pauseForWork, pauseSettings } from '../../pause/pause';
import { type PausedPlan, pausedPlanOf } from '../../pause/pausedPlan';
import type { ItemContext } from '../../runner/itemContext';
import type { RunContext } from '../../runner/runContext';
import { inInputOrder, pairWithInputItem } from '../../runner/pairing';
import { type ItemOperation, runEachItem, type RunOperation } from '../../runner/runner';
import { sendWork } from '../../waiting/waiting';
import { completedRequest, finishedRenderItems, type RequestDraft } from './render';

/** How an item's render request is built and checked (the operation's own `request`). */
type RenderRequestOf = (context: ItemContext) => RequestDraft;

/** An item's request that is sent, and what its data check found. */
type SentRender = { itemIndex: number; request: ApiRequest; dataCheck?: IDataObject };

/** What an item asks for: the asynchronous request the operation builds, or why it cannot be sent. */
type PlannedRender = SentRender | { itemIndex: number; error: Error };

/** An item's request with every parameter checked, its data check still to come. */
type DraftRender = ({ itemIndex: number } & RequestDraft) | { itemIndex: number; error: Error };

/**
 * Builds every item's request as the operation builds it, every parameter checked, before
 * anything is asked of pdf noodle (`completeRenders` then checks the data). What was sent is
 * kept with the execution (pause/pausedPlan.ts); the resume does not plan again.
 */
function draftRenders(run: RunContext, requestOf: RenderRequestOf): DraftRender[] {
	const drafts: DraftRender[] = [];
	for (let itemIndex = 0; itemIndex < run.getInputData().length; itemIndex++) {
		try {
			drafts.push({ itemIndex, ...requestOf(run.item(itemIndex)) });
		} catch (error) {
			drafts.push({ itemIndex, error: error as Error });
		}
	}
	return drafts;
}

/**
 * The drafts with their data checked (Check Data Against Template); a refused one is an item's
 * error. The items' lookups go side by side, each in its item's "Requests at Once" slots.
 */
async function completeRenders(drafts: DraftRender[]): Promise<PlannedRender[]> {
	return await Promise.all(
		drafts.map(async (draft): Promise<PlannedRender> => {
			if ('error' in draft) return draft;
			try {
				return { itemIndex: draft.itemIndex, ...(await completedRequest(draft)) };
			} catch (error) {
				return { itemIndex: draft.itemIndex, error: error as Error };
			}
		}),
	);
}

function sentOf<Plan extends { itemIndex: number }>(plans: Array<Plan | { itemIndex: number; error: Error }>): Plan[] {
	return plans.filter((plan): plan is Plan => !('error' in plan));
}

/**
 * The request of a pause: one item's asynchronous render, or a batch of all the items, so
 * that one call back carries every result. A batch has one Signed URL Lifetime for all.
 */
function pauseRequest(run: RunContext, source: RenderSource, sent: Array<{ itemIndex: number; request: ApiRequest }>, resumeUrl: string): { url: string; body: IDataObject; kind: AwaitedWork['kind'] } {
	if (sent.length === 1) {
		const { request } = sent[0];
		return { url: String(request.url), body: { ...(request.body as IDataObject), webhook: resumeUrl }, kind: 'render' };
	}
	const entries = sent.map(({ request }) => {
		const { signedUrlExpiresIn: _lifetime, ...entry } = request.body as IDataObject;
		return entry;
	});
	const lifetimes = sent.map(({ request }) => (request.body as IDataObject).signedUrlExpiresIn as number | undefined);
	const lifetime = oneBatchLifetime(run.item(sent[0].itemIndex), lifetimes, 'when the items are paused together (they go as one batch)');
	const body: IDataObject = { items: entries, async: true, webhook: resumeUrl };
	if (lifetime !== undefined) body.signedUrlExpiresIn = lifetime;
	return { url: RENDER_PATHS[source].batch, body, kind: 'batch' };
}

/** Items that could not be sent: error items under "Continue On Fail", else the node's error. */
function refusedItems(run: RunContext, plans: Array<{ itemIndex: number } | { itemIndex: number; error: Error }>): INodeExecutionData[] {
	const items: INodeExecutionData[] = [];
	for (const plan of plans) {
		if (!('error' in plan)) continue;
		items.push(...errorItemsOrThrow(run.continueOnFail(), run.item(plan.itemIndex), plan.error, [{ item: plan.itemIndex }]));
	}
	return items;
}

async function pauseRenders(run: RunContext<IExecuteFunctions>, source: RenderSource, requestOf: RenderRequestOf): Promise<INodeExecutionData[][]> {
	const { resumeUrl, timeoutMs } = pauseSettings(run);
	const drafts = draftRenders(run, requestOf);
	// Bad input, of an item or of the items together, is refused before any template's
	// variables are looked up (the error items of "Continue On Fail" come with the plans).
	refusedItems(run, drafts);
	if (sentOf(drafts).length > 0) pauseRequest(run, source, sentOf(drafts), resumeUrl);
	const plans = await completeRenders(drafts);
	const refused = refusedItems(run, plans);
	const sent = sentOf(plans);
	if (sent.length === 0) return [refused];
	const context = run.item(sent[0].itemIndex);
	const { url, body, kind } = pauseRequest(run, source, sent, resumeUrl);
	keepPlan(run, pausedPlanOf(run, sent, refused));
	await run.nextTurn();
	// The send of the polling path (`sendWork`), its missing template worded the same; only
	// what follows differs: the execution waits.
	const readFirst = source === 'template' && kind === 'render' ? (response: IN8nHttpFullResponse) => throwOnMissingTemplate(context, response) : undefined;
	const { answer } = await sendWork(context, { method: 'POST', url, body }, readFirst);
	const id = String((kind === 'render' ? answer.requestId : answer.batchRequestId) ?? '');
	return await pauseForWork(run, { kind, id }, timeoutMs);
}

/** A render operation that can also pause: the pause mode here, the others for each item (`renderItem`). */
export function pausableRender(source: RenderSource, requestOf: RenderRequestOf, renderItem: ItemOperation): RunOperation {
	return async (run) => {
		if (!isPauseMode(run.item(0))) return await runEachItem(run, renderItem);
		return await pauseRenders(run, source, requestOf);
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
			output.push(...pairWithInputItem(withDataCheck(await finishedRenderItems(context, results[position]), dataCheck), itemIndex));
		} catch (error) {
			output.push(...errorItemsOrThrow(run.continueOnFail(), context, error, [{ item: itemIndex }]));
		}
	}
	return inInputOrder(output);
}
