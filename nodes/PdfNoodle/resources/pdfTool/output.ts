import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { downloadToBinary } from '../../../shared/files/download';
import { downloadAnswerFiles, everyFile, type FileOutput, fileOutputOf, type FilesAnswer, filesAsItems } from '../../../shared/files/fileOutput';
import { downloadSettingsOf } from '../../fields/fields';
import type { ItemContext } from '../../runner/itemContext';

/**
 * What a tool's output is made with, read with its plan: Download File and its field, and for
 * a split how its files come out and whether the ZIP comes too.
 */
export interface ToolOutputSettings {
	download: boolean;
	field: string;
	fileOutput: FileOutput | 'zipOnly';
	downloadZip: boolean;
}

export function toolOutputSettingsOf(context: ItemContext): ToolOutputSettings {
	const { download, field } = downloadSettingsOf(context);
	return { download, field, fileOutput: fileOutputOf<FileOutput | 'zipOnly'>(context), downloadZip: context.getNodeParameter('downloadZip', false) as boolean };
}

/**
 * The items of a tool's result, with what it produced downloaded when "Download File" is on:
 * a single file into the output field under the `fileName` the API answered; a split's parts
 * as `splitItems` shapes them.
 */
export async function toolFiles(context: ItemContext, json: IDataObject, settings: ToolOutputSettings): Promise<INodeExecutionData[]> {
	const item: INodeExecutionData = { json };
	const { download, field } = settings;
	if (!download) return [item];

	if (Array.isArray(json.urls)) return await splitItems(context, json, settings);

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
async function splitItems(context: ItemContext, json: IDataObject, { field, fileOutput: output, downloadZip }: ToolOutputSettings): Promise<INodeExecutionData[]> {
	const base = typeof json.fileName === 'string' && json.fileName ? json.fileName.replace(/\.pdf$/i, '') : undefined;
	const zipUrl = typeof json.zipUrl === 'string' && json.zipUrl ? json.zipUrl : undefined;
	if (output === 'zipOnly' && !zipUrl) {
		throw new NodeOperationError(context.getNode(), 'The split answer has no ZIP URL to download', { itemIndex: context.getItemIndex() });
	}
	const withZip = output === 'zipOnly' || downloadZip;
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
