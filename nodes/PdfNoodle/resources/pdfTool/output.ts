import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PostReceiveAction,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { downloadToBinary, fileNameFromUrl } from '../../shared/download';
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
	if (!inBackground) return items;
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
	items[0].json = { ...((record.result ?? {}) as IDataObject), requestId };
	return items;
}

/**
 * Downloads what a tool produced. A single file goes into the output field under its
 * `fileName`; split parts become one item each (or all on one item) and, as an option,
 * the ZIP of all parts one more item.
 */
export async function attachToolFiles(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const json = items[0]?.json ?? {};
	if (!(this.getNodeParameter('downloadFile', true) as boolean)) return items;
	const field = this.getNodeParameter('binaryPropertyName', 'data') as string;
	const pairedItem = { item: this.getItemIndex() };

	if (Array.isArray(json.urls)) {
		const urls = json.urls as string[];
		const onOneItem = this.getNodeParameter('splitOutput', 'itemPerPart') === 'oneItem';
		const parts: INodeExecutionData[] = [];
		for (const [index, url] of urls.entries()) {
			const binary = await downloadToBinary(this, url, fileNameFromUrl(url), `part_${index + 1}`);
			parts.push({ json: { ...json, partNumber: index + 1, url, fileName: binary.fileName }, binary: { [field]: binary }, pairedItem });
		}
		const output: INodeExecutionData[] = onOneItem
			? [{ json, binary: Object.fromEntries(parts.map((part, index) => [`${field}_${index + 1}`, part.binary![field]])), pairedItem }]
			: parts;
		if ((this.getNodeParameter('downloadZip', false) as boolean) && typeof json.zipUrl === 'string' && json.zipUrl) {
			const zip = await downloadToBinary(this, json.zipUrl, undefined, 'parts');
			if (onOneItem) output[0].binary![`${field}_zip`] = zip;
			else output.push({ json: { ...json, zip: true }, binary: { [field]: zip }, pairedItem });
		}
		return output;
	}

	if (typeof json.url === 'string' && json.url !== '') {
		const fileName = typeof json.fileName === 'string' && json.fileName ? json.fileName : undefined;
		items[0].binary = { ...items[0].binary, [field]: await downloadToBinary(this, json.url, fileName, 'document') };
	}
	return items;
}

/** What every tool operation does with the answer: errors, waiting, then the files. */
export const toolOutput: PostReceiveAction[] = [throwOnErrorStatus, awaitToolResult, attachToolFiles, pairWithInputItem];
