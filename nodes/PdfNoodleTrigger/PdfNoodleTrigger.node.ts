import { createHash, timingSafeEqual } from 'crypto';
import type {
	IBinaryData,
	IDataObject,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { batchRecordFiles, downloadToBinary } from '../PdfNoodle/shared/download';
import { fileContextOfWebhook } from '../PdfNoodle/shared/itemContext';
import { eventOf, isSuccess, type PdfNoodleEvent } from './events';

/** Bodies larger than this are not pdf noodle payloads (a full batch record is a few kB). */
const MAX_PAYLOAD_BYTES = 1024 * 1024;

function sameSecret(given: string, expected: string): boolean {
	// Hashing first gives equal lengths, so the comparison time says nothing about the token.
	const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
	return timingSafeEqual(digest(given), digest(expected));
}

export class PdfNoodleTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PDF Noodle Trigger',
		name: 'pdfNoodleTrigger',
		icon: { light: 'file:../PdfNoodle/pdfNoodle.svg', dark: 'file:../PdfNoodle/pdfNoodle.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["events"].join(", ") }}',
		description: 'Starts the workflow when pdf noodle reports a finished asynchronous render or batch',
		defaults: {
			name: 'PDF Noodle Trigger',
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'pdf-noodle',
			},
		],
		properties: [
			{
				displayName:
					'pdf noodle has no API to register webhooks: copy this node\'s Production URL (above) into the "Webhook URL" of an asynchronous render or a batch in the PDF Noodle node. If you set a Secret Token, add it to the URL as ?token=YOUR_TOKEN.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: [
					{
						name: 'Render Finished',
						value: 'render',
						description: 'An asynchronous render has finished (a render result)',
					},
					{
						name: 'Batch Finished',
						value: 'batch',
						description: 'A batch has finished (a batch record with every result)',
					},
				],
				default: ['render', 'batch'],
				required: true,
			},
			{
				displayName: 'Status',
				name: 'statusFilter',
				type: 'options',
				options: [
					{ name: 'All', value: 'all', description: 'Start the workflow for every finished render or batch' },
					{
						name: 'Successful Only',
						value: 'success',
						description: 'Renders that succeeded, and batches with at least one document',
					},
					{ name: 'Failed Only', value: 'failure', description: 'Renders and batches that failed' },
				],
				default: 'all',
			},
			{
				displayName: 'Secret Token',
				name: 'token',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description:
					'If set, a call must carry it as ?token=… in the URL, or it is refused with 401 and starts nothing',
			},
			{
				displayName: 'Download File',
				name: 'downloadFile',
				type: 'boolean',
				default: false,
				description:
					'Whether to download the finished file into binary data: the render\'s file, or a batch\'s merged file and each document of it',
			},
			{
				displayName: 'Put Output File in Field',
				name: 'binaryPropertyName',
				type: 'string',
				default: 'data',
				displayOptions: { show: { downloadFile: [true] } },
				hint: 'Batch documents go into this field name followed by _0, _1, ...',
			},
		],
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const response = this.getResponseObject();
		const refuse = (status: number, message: string): IWebhookResponseData => {
			response.status(status).json({ message });
			return { noWebhookResponse: true };
		};

		const token = this.getNodeParameter('token', '') as string;
		if (token !== '') {
			const given = (this.getQueryData() as IDataObject).token;
			if (typeof given !== 'string' || !sameSecret(given, token)) return refuse(401, 'Unauthorized');
		}

		const contentLength = Number(request.headers['content-length'] ?? 0);
		if (contentLength > MAX_PAYLOAD_BYTES) return refuse(413, 'The payload is too large to be a pdf noodle event');
		const body = this.getBodyData();
		const event = eventOf(body);
		if (!event) {
			return refuse(400, 'The body is not a pdf noodle render result or batch record');
		}

		const events = this.getNodeParameter('events', []) as PdfNoodleEvent[];
		const statusFilter = this.getNodeParameter('statusFilter', 'all') as string;
		const success = isSuccess(event, body);
		const wanted =
			events.includes(event) &&
			(statusFilter === 'all' || (statusFilter === 'success') === success);
		if (!wanted) {
			// Answered 200 so that the service does not send it again; the workflow does not start.
			response.status(200).json({ received: true, started: false });
			return { noWebhookResponse: true };
		}

		const item = { json: { event, ...body } as IDataObject, binary: undefined as Record<string, IBinaryData> | undefined };
		if (this.getNodeParameter('downloadFile', false) as boolean) {
			item.binary = await downloadFiles(this, event, body);
		}
		return { workflowData: [[item]] };
	}
}

/** The finished files of a payload: the render's, or a batch's merged file and its documents. */
async function downloadFiles(
	webhook: IWebhookFunctions,
	event: PdfNoodleEvent,
	payload: IDataObject,
): Promise<Record<string, IBinaryData> | undefined> {
	const field = webhook.getNodeParameter('binaryPropertyName', 'data') as string;
	const context = fileContextOfWebhook(webhook);
	if (event === 'batch') return await batchRecordFiles(context, payload, field);
	if (typeof payload.signedUrl !== 'string' || payload.signedUrl === '') return undefined;
	return { [field]: await downloadToBinary(context, payload.signedUrl, undefined, String(payload.requestId)) };
}
