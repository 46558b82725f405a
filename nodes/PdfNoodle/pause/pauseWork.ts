import type { IDataObject, IExecuteFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';

import { namedIdOf, type RecordKind } from '../../shared/api/records';
import { errorItemsOrThrow } from '../../shared/errors/errors';
import type { ApiRequest } from '../../shared/transport/transport';
import { inInputOrder } from '../runner/pairing';
import type { RunContext } from '../runner/runContext';
import { sendWork } from '../waiting/waiting';
import { keepPlan, pauseForWork, pauseSettings } from './pause';
import { pausedPlanOf, type SentDocuments } from './pausedPlan';

/**
 * The one request of a pause, as the operation's family planned it (every item's parameters
 * checked, the templates' data looked up): a single render, or one batch (several single
 * renders paused together go as one).
 */
export interface PauseToSend {
	kind: RecordKind;
	/** The request as the family builds it, without a webhook: the pause gives the resume URL. */
	request: ApiRequest;
	sent: SentDocuments;
	/** The item whose context sends the request, and whose settings a batch took. */
	settingsIndex: number;
	/** Each sent item's output settings as the family read them (by input item): kept for the resume. */
	outputs: Map<number, object>;
	/** What the send reads of the raw answer first (Render From Template's missing template). */
	readFirst?: (response: IN8nHttpFullResponse) => void;
}

/** A family's plan of a pause: the items it refused (their error items), and its request if any item is left to send. */
export interface PlannedPause {
	refused: INodeExecutionData[];
	toSend?: PauseToSend;
}

/**
 * "Pause Until Called Back", one sequence for renders and batches: the pause's own settings
 * checked, then the family's plan (`plan`: every item checked, nothing sent), which is kept
 * with the execution (pausedPlan.ts) before its one request goes out by the send of the
 * polling path (`sendWork`) with the resume URL as its webhook; then the execution waits
 * (`pauseForWork`). A request that fails fails the items it was for as the node fails items
 * anywhere: error items under "Continue On Fail", beside those refused before; else the node's
 * error. The execution is then not paused: nothing would call it back.
 */
export async function pauseWork(run: RunContext<IExecuteFunctions>, plan: () => Promise<PlannedPause>): Promise<INodeExecutionData[][]> {
	const { resumeUrl, timeoutMs } = pauseSettings(run);
	const { refused, toSend } = await plan();
	if (!toSend) return [inInputOrder(refused)];
	const { kind, request, sent, settingsIndex, outputs, readFirst } = toSend;
	keepPlan(run, pausedPlanOf(run, sent, refused, outputs, settingsIndex));
	const context = run.item(settingsIndex);
	try {
		await run.nextTurn();
		const { answer } = await sendWork(context, { ...request, body: { ...(request.body as IDataObject), webhook: resumeUrl } }, readFirst);
		// '' where the answer names no ID: there is nothing to wait for.
		return await pauseForWork(run, { kind, id: namedIdOf(kind, answer) ?? '' }, timeoutMs);
	} catch (error) {
		const items = [...new Set(sent.map(({ itemIndex }) => itemIndex))];
		return [inInputOrder([...refused, ...errorItemsOrThrow(run.continueOnFail(), context, error, items.map((item) => ({ item })))])];
	}
}
