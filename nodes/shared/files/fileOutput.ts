import type { IBinaryData, IDataObject, IDisplayOptions, INodeExecutionData, INodeProperties, INodePropertyOptions, IPairedItemData } from 'n8n-workflow';

import { downloadToBinary } from './download';
import type { FileContext } from './fileContext';

/**
 * One shape for every answer with several files (a batch's documents, a split's parts), so
 * that a workflow reads them the same way whichever operation or trigger made them:
 *   - One Item per File (the default): each file on an item of its own, in the answer's
 *     order, in the output field; the file that combines them (a batch's merged PDF, a
 *     split's ZIP) first, on its own item;
 *   - All Files on One Item: one item with the answer's JSON; the combined file in the
 *     output field, the others in `<field>_1`, `<field>_2`, ... numbered from 1 by their
 *     position in the answer (entry 1 of a batch, part 1 of a split).
 */
export type FileOutput = 'itemPerFile' | 'oneItem';

export const FILE_OUTPUT = 'fileOutput';

/**
 * The "Files" parameter for the operations in `show`. `combined` names the file that holds
 * all the others (for the option's description); `extra` adds choices of one operation.
 */
export function fileOutputField(
	show: NonNullable<IDisplayOptions['show']>,
	combined: string,
	{ extra = [], description }: { extra?: INodePropertyOptions[]; description?: string } = {},
): INodeProperties {
	return {
		displayName: 'Files',
		name: FILE_OUTPUT,
		type: 'options',
		...(description ? { description } : {}),
		options: [
			{ name: 'One Item per File', value: 'itemPerFile', description: 'Each file on an item of its own, in order' },
			{
				name: 'All Files on One Item',
				value: 'oneItem',
				description: `One item: ${combined} in the output field, the others in the output field followed by _1, _2 and so on (e.g. data_1 is the first)`,
			},
			...extra,
		],
		default: 'itemPerFile',
		displayOptions: { show },
	};
}

/**
 * The "Files" choice of one item (`fileOutputField`): every read of it goes through here. An
 * operation that adds choices of its own (Split PDF's ZIP only) names them in `Choice`.
 */
export function fileOutputOf<Choice extends string = FileOutput>(context: { getNodeParameter(name: string, fallbackValue?: unknown): unknown }): Choice {
	return context.getNodeParameter(FILE_OUTPUT, 'itemPerFile') as Choice;
}

/** The binary field of the file at `number` (from 1) when all are on one item. */
export function numberedField(field: string, number: number): string {
	return `${field}_${number}`;
}

/** A file of an answer: the JSON of its own item, where to fetch it, and the file once fetched. */
export interface AnswerFile {
	json: IDataObject;
	/** Absent when there is nothing to fetch (e.g. a batch entry that failed). */
	url?: string;
	/** The file's name (without extension) when neither its download nor its URL names it. */
	fallbackName?: string;
	binary?: IBinaryData;
}

/**
 * An answer with several files: its JSON, the file of the answer as a whole (a render's
 * document, a batch's merged PDF, a split's ZIP), and the files numbered from 1.
 */
export interface FilesAnswer {
	json: IDataObject;
	whole?: AnswerFile;
	files: Array<AnswerFile & { number: number }>;
}

/** The file of the whole answer first (it has no number), then the numbered ones. */
export function everyFile(answer: FilesAnswer): Array<AnswerFile & { number?: number }> {
	return [...(answer.whole ? [answer.whole] : []), ...answer.files];
}

/**
 * Fetches every file of an answer into its `binary`. A failure stops the download, unless
 * `onFailure` takes it: then that file is left without binary and the others still come.
 */
export async function downloadAnswerFiles(
	context: FileContext,
	answer: FilesAnswer,
	onFailure?: (file: AnswerFile & { number?: number }, error: Error) => void,
): Promise<void> {
	for (const file of everyFile(answer)) {
		if (!file.url) continue;
		const fetched = downloadToBinary(context, file.url, undefined, file.fallbackName ?? 'document').then((binary) => {
			file.binary = binary;
		});
		await (onFailure ? fetched.catch((error: Error) => onFailure(file, error)) : fetched);
	}
}

/** The files of an answer shaped as the user chose (see `FileOutput`). */
export function filesAsItems(
	output: FileOutput,
	answer: FilesAnswer,
	field: string,
	pairedItem?: IPairedItemData | IPairedItemData[],
): INodeExecutionData[] {
	const paired = pairedItem === undefined ? {} : { pairedItem };
	const binaryOf = (file: AnswerFile | undefined, name: string) => (file?.binary ? { [name]: file.binary } : undefined);
	const all = everyFile(answer);
	// An answer without files (a batch that failed as a whole) is still one item, never none.
	if (output === 'oneItem' || all.length === 0) {
		const binary: Record<string, IBinaryData> = { ...binaryOf(answer.whole, field) };
		for (const file of answer.files) Object.assign(binary, binaryOf(file, numberedField(field, file.number)));
		return [{ json: answer.json, ...(Object.keys(binary).length > 0 ? { binary } : {}), ...paired }];
	}
	return all.map((file) => {
		const binary = binaryOf(file, field);
		return { json: file.json, ...(binary ? { binary } : {}), ...paired };
	});
}
