import type { IDataObject, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { toolStatusPath } from '../../../shared/api/endpoints';
import { downloadToBinary } from '../../../shared/files/download';
import { downloadAnswerFiles, everyFile, type FileOutput, fileOutputOf, type FilesAnswer, filesAsItems } from '../../../shared/files/fileOutput';
import { downloadSettingsOf } from '../../fields/fields';
import { singlePdfSource, sourceUrl } from '../../fields/pdfSource';
import type { ItemContext } from '../../runner/itemContext';
import { outcomeOfWork, sendWork, type SentWork, type WorkKind } from '../../waiting/waiting';
import type { WaitSettings } from '../../waiting/settings';
import { TOOL_WAIT_DEFAULTS, type ToolPlan, toolPlan } from './common';

/** A PDF tool job going on in the background, as the waits and Get Status look it up. */
export const TOOL_WORK: WorkKind = {
	subject: 'PDF tool',
	defaults: TOOL_WAIT_DEFAULTS,
	statusPath: toolStatusPath,
	isFinished: (record) => record.status === 'SUCCESS' || record.status === 'FAILED',
};

/** Sends a tool's request (its plan, `toolPlan`; `sources`: the PDFs' URLs, once uploaded) and gives its output items. */
export async function runTool(context: ItemContext, path: string, plan: ToolPlan, sources: IDataObject = {}): Promise<INodeExecutionData[]> {
	const sent = await sendWork(context, { method: 'POST', url: path, body: { ...sources, ...plan.body } });
	return await toolOutput(context, sent, plan.wait);
}

/**
 * Runs a tool on the PDF of its Input PDF parameters: the source is checked first, then the
 * tool's own fields (`fieldsOf` reads and checks them) with the Tool Options and the waiting,
 * and only then is a binary uploaded and the tool sent with the PDF's URL.
 */
export async function runToolOnInputPdf(context: ItemContext, path: string, fieldsOf: (context: ItemContext) => IDataObject): Promise<INodeExecutionData[]> {
	const source = await singlePdfSource(context);
	const plan = toolPlan(context, fieldsOf(context));
	return await runTool(context, path, plan, { url: await sourceUrl(context, source) });
}

/** A tool job that ended FAILED: an error of its item with the service's reason. */
export function toolFailedError(context: ItemContext, record: IDataObject): NodeApiError {
	const reason = (record.metadata as IDataObject | undefined)?.errorMessage;
	return new NodeApiError(context.getNode(), record as JsonObject, {
		message: `The PDF tool failed: ${typeof reason === 'string' && reason ? reason : 'no reason given'}`,
		description: `requestId ${String(record.requestId)}`,
		itemIndex: context.getItemIndex(),
	});
}

/**
 * What every tool does with the answer: errors first, then waiting for a tool that runs in the
 * background (an asynchronous call, or one answered 202 after 30 s), then the files. The item's
 * JSON is the tool's result in one shape whatever the timing: `requestId` (null for a
 * synchronous answer, which names none) and the answer's fields (from the background: the
 * status record's `result`, the answer the call would have given). With "Wait for Completion"
 * off, the answer of work still going is output as it is.
 */
export async function toolOutput(context: ItemContext, sent: SentWork, wait: WaitSettings): Promise<INodeExecutionData[]> {
	const outcome = await outcomeOfWork(context, TOOL_WORK, wait, sent, (answer, statusCode) =>
		statusCode === 202 || (typeof answer.requestId === 'string' && answer.status === undefined) ? String(answer.requestId) : undefined,
	);
	if (outcome.done === 'atOnce') return await toolFiles(context, { requestId: null, ...outcome.answer });
	if (outcome.done === 'notWaited') return await toolFiles(context, outcome.answer);
	if (outcome.record.status === 'FAILED') throw toolFailedError(context, outcome.record);
	return await toolFiles(context, { requestId: String(outcome.answer.requestId), ...((outcome.record.result ?? {}) as IDataObject) });
}

/**
 * The items of a tool's result, with what it produced downloaded when "Download File" is on:
 * a single file into the output field under the `fileName` the API answered; a split's parts
 * as `splitItems` shapes them.
 */
export async function toolFiles(context: ItemContext, json: IDataObject): Promise<INodeExecutionData[]> {
	const item: INodeExecutionData = { json };
	const { download, field } = downloadSettingsOf(context);
	if (!download) return [item];

	if (Array.isArray(json.urls)) return await splitItems(context, json, field);

	if (typeof json.url === 'string' && json.url !== '') {
		const fileName = typeof json.fileName === 'string' && json.fileName ? json.fileName : undefined;
		item.binary = { [field]: await downloadToBinary(context, json.url, fileName, 'document') };
	}
	return [item];
}

/**
 * The files of a split: each part (named `{base}_{n}.pdf` by the service, which is also
 * what a part is called when neither its download nor its URL names it) and, when asked
 * for, the ZIP of all parts (`{base}.zip`), shaped as every answer with several files is;
 * or the ZIP alone.
 */
async function splitItems(context: ItemContext, json: IDataObject, field: string): Promise<INodeExecutionData[]> {
	const output = fileOutputOf<FileOutput | 'zipOnly'>(context);
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
