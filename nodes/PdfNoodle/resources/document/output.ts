import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PostReceiveAction,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { attachRenderedFile } from '../../shared/download';
import { throwOnErrorStatus } from '../../shared/errors';
import { awaitBackgroundWork } from '../../shared/polling';
import type { WaitDefaults } from '../../shared/waiting';
import type { ItemContext } from '../../shared/itemContext';
import { pairWithInputItem } from '../../shared/pairing';

/** Renders usually take seconds; the API moves anything over 30 s to the background. */
export const RENDER_WAIT_DEFAULTS: WaitDefaults = { pollIntervalSeconds: 3, timeoutSeconds: 300 };

export function renderStatusPath(requestId: string): string {
	return `/v1/pdf/status/${encodeURIComponent(requestId)}`;
}

/** A render that ended FAILED: an error of its item, with the id to look it up by. */
export function renderFailedError(context: IExecuteSingleFunctions, result: IDataObject): NodeApiError {
	return new NodeApiError(context.getNode(), result as never, {
		message: `The render failed (requestId ${String(result.requestId)})`,
		description:
			'pdf noodle could not render this document. Check the template and the data (or the HTML), and see the request in the logs of your pdf noodle dashboard.',
		itemIndex: context.getItemIndex(),
	});
}

/**
 * A synchronous answer (only `signedUrl` and `metadata`) in the shape of the render result
 * that a render finished in the background has, so that a workflow reads one shape whatever
 * the timing: `requestId` (none given: null), `renderStatus`, `signedUrl`, `metadata`.
 */
function asRenderResult(answer: IDataObject): IDataObject {
	return { requestId: null, renderStatus: 'SUCCESS', ...answer };
}

/**
 * Waits for a render that is not finished yet: a sync call answered 202 (it took over
 * 30 s) or an asynchronous call. The item's JSON becomes the final render result; a
 * FAILED render is an error of the item. With "Wait for Completion" off the answer is
 * passed on as it is.
 */
async function awaitRenderResult(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const answer = items[0]?.json ?? {};
	const isAsync = this.getNodeParameter('mode', 'sync') === 'async';
	if (response.statusCode !== 202 && !isAsync) {
		items[0].json = asRenderResult(answer);
		return items;
	}

	const requestId = String(answer.requestId ?? '');
	const result = await awaitBackgroundWork(this, RENDER_WAIT_DEFAULTS, {
		requestId,
		statusPath: renderStatusPath(requestId),
		statusUrl: answer.statusUrl,
		subject: 'render',
		isFinished: (body) => body.renderStatus === 'SUCCESS' || body.renderStatus === 'FAILED',
	});
	if (!result) return items;
	if (result.renderStatus === 'FAILED') throw renderFailedError(this, result);
	items[0].json = result;
	return items;
}

/**
 * The items of a render that has finished (its status record): what the polling path
 * outputs once the wait is over. A paused execution resumed by pdf noodle's call ends here.
 */
export async function finishedRenderItems(context: ItemContext, result: IDataObject): Promise<INodeExecutionData[]> {
	const step = context as unknown as IExecuteSingleFunctions;
	if (result.renderStatus === 'FAILED') throw renderFailedError(step, result);
	const items = await attachRenderedFile.call(step, [{ json: result }]);
	return await pairWithInputItem.call(step, items);
}

/** What every render operation does with the answer: errors first, then waiting, then the file. */
export const renderOutput: PostReceiveAction[] = [throwOnErrorStatus, awaitRenderResult, attachRenderedFile, pairWithInputItem];
