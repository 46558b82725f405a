/** The errors room: a failure worded for a person or a model (here), a parameter refused before anything is sent (validation.ts); its arrows: test/unit/rooms.test.ts. */
import type { IPairedItemData, IDataObject, IN8nHttpFullResponse, INode, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** Whose error it is: the node, and the item when there is one (the editor's calls have none). */
export interface ErrorContext {
	getNode(): INode;
	getItemIndex?(): number;
}

/** What a person should read for the statuses the spec names; others use the service's text. */
const MESSAGE_BY_STATUS: Record<number, string> = {
	401: 'Authorization failed: check the API key of your PDF Noodle API credential',
	404: 'Not found',
	413: 'The request body is over the 3 MB limit of the pdf noodle API',
	429: 'Too many requests: the pdf noodle API is rate limiting this account',
};

/** The `message` text of a service error body, whatever shape the body arrived in. */
export function serviceMessageOf(body: unknown): string | undefined {
	let parsed = body;
	if (typeof body === 'string') {
		try {
			parsed = JSON.parse(body);
		} catch {
			return body.trim() === '' ? undefined : body.trim().slice(0, 500);
		}
	}
	if (parsed && typeof parsed === 'object' && 'message' in parsed) {
		const message = (parsed as IDataObject).message;
		if (typeof message === 'string' && message !== '') return message;
	}
	return undefined;
}

/** A `NodeApiError` with the HTTP status and the service's `message` as the description. */
export function apiErrorFor(
	context: ErrorContext,
	statusCode: number,
	body: unknown,
): NodeApiError {
	const serviceMessage = serviceMessageOf(body);
	const message =
		statusCode === 404 && serviceMessage
			? serviceMessage
			: (MESSAGE_BY_STATUS[statusCode] ??
				serviceMessage ??
				`The pdf noodle API answered with status ${statusCode}`);
	const errorBody: JsonObject =
		body && typeof body === 'object' ? (body as JsonObject) : { message: serviceMessage ?? null };
	return new NodeApiError(context.getNode(), errorBody, {
		httpCode: String(statusCode),
		message,
		description: serviceMessage ?? `HTTP status ${statusCode}`,
		itemIndex: context.getItemIndex?.(),
	});
}

/**
 * What every operation does first with an answer: requests are sent with
 * `ignoreHttpStatusErrors`, so that this one place turns an error status into an error a
 * person can act on. The answer's JSON object is returned.
 */
export function throwOnErrorStatus(context: ErrorContext, response: IN8nHttpFullResponse): IDataObject {
	if (response.statusCode >= 400) {
		throw apiErrorFor(context, response.statusCode, response.body);
	}
	assertJsonAnswer(context, response);
	return response.body as IDataObject;
}

/**
 * Every answer of the API is a JSON object; anything else (cut short, from a proxy) is an
 * error that says the work may have started, so that nobody re-sends it blindly.
 */
export function assertJsonAnswer(context: ErrorContext, response: IN8nHttpFullResponse): void {
	const body = response.body;
	if (body === null || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
		throw new NodeApiError(context.getNode(), { message: null }, {
			httpCode: String(response.statusCode),
			message: 'The pdf noodle API answered with something that is not JSON',
			description: `${String(body ?? '').slice(0, 200)}. The request may still have been carried out: look it up before sending it again.`,
			itemIndex: context.getItemIndex?.(),
		});
	}
}

/**
 * The item of a failure under "Continue On Fail": `error`, the message a person reads, and
 * `details`, what else is known (the description, e.g. a batch entry's result). These are the
 * only keys, because n8n's "Continue (using error output)" sends an item to the error output
 * by them (setting the error object on the item instead would make n8n reduce the JSON to the
 * message and lose the details).
 */
export function errorItem(
	error: NodeApiError | NodeOperationError,
	pairedItem: IPairedItemData | IPairedItemData[],
	known: IDataObject = {},
): INodeExecutionData {
	const details: IDataObject = { ...(error.description ? { description: error.description } : {}), ...known };
	return {
		json: { error: error.message, ...(Object.keys(details).length > 0 ? { details } : {}) },
		pairedItem,
	};
}

/**
 * What a failure becomes under the node's "On Error": with "Continue On Fail" (`continueOnFail`
 * true) an error item per entry of `pairings` (each paired with those input items), otherwise the
 * failure is thrown as the node's error.
 */
export function errorItemsOrThrow(
	continueOnFail: boolean,
	context: ErrorContext,
	error: unknown,
	pairings: Array<IPairedItemData | IPairedItemData[]>,
	known: IDataObject = {},
): INodeExecutionData[] {
	const nodeError = asNodeError(context, error);
	if (!continueOnFail) throw nodeError;
	return pairings.map((pairedItem) => errorItem(nodeError, pairedItem, known));
}

/** Any failure as an error of the node: n8n's own errors as they are, others wrapped. */
export function asNodeError(context: ErrorContext, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex: context.getItemIndex?.() });
}
