import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PostReceiveAction,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { downloadToBinary } from '../../shared/download';
import { downloadAnswerFiles, everyFile, type FileOutput, FILE_OUTPUT, type FilesAnswer, filesAsItems } from '../../shared/fileOutput';
import { throwOnErrorStatus } from '../../shared/errors';
import { awaitBackgroundWork } from '../../shared/polling';
import { TOOL_WAIT_DEFAULTS } from './common';
import { pairWithInputItem } from '../../shared/pairing';

export function toolStatusPath(requestId: string): string {
	return `/v1/tools/status/${encodeURIComponent(requestId)}`;
}

/** A tool job that ended FAILED: an error of its item with the service's reason. */
export function toolFailedError(context: IExecuteSingleFunctions, record: IDataObject): NodeApiError {
	const reason = (record.metadata as IDataObject | undefined)?.errorMessage;
	return new NodeApiError(context.getNode(), record as never, {
		message: `The PDF tool failed: ${typeof reason === 'string' && reason ? reason : 'no reason given'}`,
		description: `requestId ${String(record.requestId)}`,
		itemIndex: context.getItemIndex(),
	});
}

/**
 * Waits for a tool that runs in the background: an asynchronous call, or one answered
 * 202 after 30 s. The status record's `result` (the answer the call would have given)
 * becomes the item's JSON.
 */
async function awaitToolResult(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const answer = items[0]?.json ?? {};
	const inBackground = response.statusCode === 202 || (typeof answer.requestId === 'string' && answer.status === undefined);
	if (!inBackground) {
		// One shape whatever the timing: a result from the background names its requestId; the synchronous answer has none.
		items[0].json = { requestId: null, ...answer };
		return items;
	}
	const requestId = String(answer.requestId);
	const record = await awaitBackgroundWork(this, TOOL_WAIT_DEFAULTS, {
		requestId,
		statusPath: toolStatusPath(requestId),
		statusUrl: answer.statusUrl,
		subject: 'PDF tool',
		isFinished: (body) => body.status === 'SUCCESS' || body.status === 'FAILED',
	});
	if (!record) return items;
	if (record.status === 'FAILED') throw toolFailedError(this, record);
	items[0].json = { requestId, ...((record.result ?? {}) as IDataObject) };
	return items;
}

/**
 * Downloads what a tool produced. A single file goes into the output field under the
 * `fileName` the API answered; a split's parts as `splitItems` shapes them.
 */
export async function attachToolFiles(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const json = items[0]?.json ?? {};
	if (!(this.getNodeParameter('downloadFile', true) as boolean)) return items;
	const field = this.getNodeParameter('binaryPropertyName', 'data') as string;

	if (Array.isArray(json.urls)) return await splitItems(this, json, field);

	if (typeof json.url === 'string' && json.url !== '') {
		const fileName = typeof json.fileName === 'string' && json.fileName ? json.fileName : undefined;
		items[0].binary = { ...items[0].binary, [field]: await downloadToBinary(this, json.url, fileName, 'document') };
	}
	return items;
}

/**
 * The files of a split: each part (named `{base}_{n}.pdf` by the service, which is also
 * what a part is called when neither its download nor its URL names it) and, when asked
 * for, the ZIP of all parts (`{base}.zip`), shaped as every answer with several files is;
 * or the ZIP alone.
 */
async function splitItems(context: IExecuteSingleFunctions, json: IDataObject, field: string): Promise<INodeExecutionData[]> {
	const output = context.getNodeParameter(FILE_OUTPUT, 'itemPerFile') as FileOutput | 'zipOnly';
	const base = typeof json.fileName === 'string' && json.fileName ? json.fileName.replace(/\.pdf$/i, '') : undefined;
	const zipUrl = typeof json.zipUrl === 'string' && json.zipUrl ? json.zipUrl : undefined;
	if (output === 'zipOnly' && !zipUrl) {
		throw new NodeOperationError(context.getNode(), 'The split answer has no ZIP URL to download', { itemIndex: context.getItemIndex() });
	}
	const withZip = output === 'zipOnly' || (context.getNodeParameter('downloadZip', false) as boolean);
	const answer: FilesAnswer = {
		json,
		whole: withZip && zipUrl ? { json: { ...json, zip: true }, url: zipUrl, fallbackName: base ?? 'parts' } : undefined,
		files:
			output === 'zipOnly'
				? []
				: (json.urls as string[]).map((url, index) => ({
						json: { ...json, partNumber: index + 1, url },
						url,
						fallbackName: `${base ?? 'part'}_${index + 1}`,
						number: index + 1,
					})),
	};
	await downloadAnswerFiles(context, answer);
	// An item of one file names that file, as the item of a single tool result does.
	for (const file of everyFile(answer)) file.json.fileName = file.binary?.fileName ?? file.json.fileName;
	return filesAsItems(output === 'zipOnly' ? 'itemPerFile' : output, answer, field, { item: context.getItemIndex() });
}

/** What every tool operation does with the answer: errors, waiting, then the files. */
export const toolOutput: PostReceiveAction[] = [throwOnErrorStatus, awaitToolResult, attachToolFiles, pairWithInputItem];
