/** The fields room: parameters several operations share and their reading (download and webhook here, larger groups beside); its arrows: test/unit/rooms.test.ts. */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import type { ItemContext } from '../runner/itemContext';

/** What a setting is read from: one item's parameters. */
export type ParameterReader = Pick<ItemContext, 'getNodeParameter'>;

/** The receiver URL of an asynchronous render or a batch, shown where `show` says (a Mode). */
export function webhookField(show: NonNullable<IDisplayOptions['show']>, required: boolean): INodeProperties {
	return {
		displayName: 'Webhook URL',
		name: 'webhook',
		type: 'string',
		default: '',
		required,
		placeholder: 'e.g. https://n8n.example.com/webhook/…',
		displayOptions: { show },
		description:
			'The URL that receives the result as a POST when the work has finished. Paste the production URL of a "PDF Noodle Trigger" node here, or use {{ $execution.resumeUrl }} and a Wait node set to "On Webhook Call" to continue this workflow when the result arrives.',
	};
}

/**
 * The "Download File" group of parameters. Operations whose API names the file itself (the PDF
 * tools) leave out "File Name".
 */
export function downloadFields(withFileName = true): INodeProperties[] {
	const fields: INodeProperties[] = [
		{
			displayName: 'Download File',
			name: 'downloadFile',
			type: 'boolean',
			default: true,
			description:
				'Whether to download the finished file into the binary data of the item, ready for the next node (email attachment, cloud upload). When off, only the signed URL is returned.',
		},
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			displayOptions: { show: { downloadFile: [true] } },
			hint: 'The name of the output binary field to put the file in',
		},
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			placeholder: 'e.g. invoice-1042.pdf',
			displayOptions: { show: { downloadFile: [true] } },
			description: 'Name of the downloaded file. Leave empty to use the name the API gives it.',
		},
	];
	return withFileName ? fields : fields.filter((field) => field.name !== 'fileName');
}

/** What the "Download File" group says for one item, as `downloadSettingsOf` reads it. */
export interface DownloadSettings {
	/** Download File. */
	download: boolean;
	/** Put Output File in Field. */
	field: string;
	/** File Name, trimmed; empty (and always so where the group has none) keeps the name the API gives the file. */
	fileName: string;
}

/** The "Download File" group of one item (`downloadFields`): every read of it goes through here. */
export function downloadSettingsOf(context: ParameterReader): DownloadSettings {
	return {
		download: context.getNodeParameter('downloadFile', true) as boolean,
		field: context.getNodeParameter('binaryPropertyName', 'data') as string,
		fileName: String(context.getNodeParameter('fileName', '') ?? '').trim(),
	};
}
