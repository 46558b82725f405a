import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PostReceiveAction,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { downloadToBinary } from '../../shared/download';
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
 * Downloads what a tool produced. A single file goes into the output field under the
 * `fileName` the API answered; split parts become one item each (or all on one item) and,
 * as an option, the ZIP of all parts one more item; or the ZIP alone is the one item.
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
		// The split answer's `fileName` is the base name: the service names the parts
		// `{base}_{n}.pdf` and the archive `{base}.zip`, which is what a file is called when
		// neither its download nor its URL names it.
		const base = typeof json.fileName === 'string' && json.fileName ? json.fileName.replace(/\.pdf$/i, '') : undefined;
		const output = this.getNodeParameter('splitOutput', 'itemPerPart') as string;
		const zipUrl = typeof json.zipUrl === 'string' && json.zipUrl ? json.zipUrl : undefined;
		// The ZIP's own item, as "One Item per Part" adds it and "ZIP Only" outputs it alone.
		const zipItem = async (): Promise<INodeExecutionData> => {
			const zip = await downloadToBinary(this, zipUrl!, undefined, base ?? 'parts');
			return { json: { ...json, zip: true, fileName: zip.fileName }, binary: { [field]: zip }, pairedItem };
		};
		if (output === 'zipOnly') {
			if (!zipUrl) throw new NodeOperationError(this.getNode(), 'The split answer has no ZIP URL to download', { itemIndex: this.getItemIndex() });
			return [await zipItem()];
		}
		const urls = json.urls as string[];
		const parts: INodeExecutionData[] = [];
		for (const [index, url] of urls.entries()) {
			const binary = await downloadToBinary(this, url, undefined, `${base ?? 'part'}_${index + 1}`);
			parts.push({ json: { ...json, partNumber: index + 1, url, fileName: binary.fileName }, binary: { [field]: binary }, pairedItem });
		}
		const onOneItem = output === 'oneItem';
		const result: INodeExecutionData[] = onOneItem
			? [{ json, binary: Object.fromEntries(parts.map((part, index) => [`${field}_${index + 1}`, part.binary![field]])), pairedItem }]
			: parts;
		if ((this.getNodeParameter('downloadZip', false) as boolean) && zipUrl) {
			const zip = await zipItem();
			if (onOneItem) result[0].binary![`${field}_zip`] = zip.binary![field];
			else result.push(zip);
		}
		return result;
	}

	if (typeof json.url === 'string' && json.url !== '') {
		const fileName = typeof json.fileName === 'string' && json.fileName ? json.fileName : undefined;
		items[0].binary = { ...items[0].binary, [field]: await downloadToBinary(this, json.url, fileName, 'document') };
	}
	return items;
}

/** What every tool operation does with the answer: errors, waiting, then the files. */
export const toolOutput: PostReceiveAction[] = [throwOnErrorStatus, awaitToolResult, attachToolFiles, pairWithInputItem];
