import { createHash, timingSafeEqual } from 'crypto';
import type {
	IBinaryData,
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { batchRecordFileList, downloadToBinary, type RecordFile } from '../PdfNoodle/shared/download';
import { fileContextOfWebhook } from '../PdfNoodle/shared/itemContext';
import { eventOf, isFinished, passesStatusFilter, type PdfNoodleEvent, type StatusFilter } from './events';

/** Bodies larger than this are not pdf noodle payloads (a full batch record is a few kB). */
const MAX_PAYLOAD_BYTES = 1024 * 1024;

/** The optional credential with the token; the description names it literally, for the linter's check. */
const SECRET_CREDENTIAL = 'pdfNoodleTriggerApi';

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
		credentials: [{ name: 'pdfNoodleTriggerApi', required: false }],
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
					'pdf noodle has no API to register webhooks: copy this node\'s Production URL (above) into the "Webhook URL" of an asynchronous render or a batch in the PDF Noodle node. With a PDF Noodle Trigger Secret credential, add its token to the URL as ?token=YOUR_TOKEN.',
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
					{ name: 'All', value: 'all', description: 'Every finished render and batch' },
					{
						name: 'With a Success',
						value: 'success',
						description:
							'Renders with status SUCCESS, and batches with at least one document: SUCCESS or PARTIAL_SUCCESS',
					},
					{
						name: 'With a Failure',
						value: 'failure',
						description:
							'Renders with status FAILED, and batches with at least one failed document: FAILED or PARTIAL_SUCCESS',
					},
				],
				default: 'all',
			},
			{
				displayName: 'Download File',
				name: 'downloadFile',
				type: 'boolean',
				default: false,
				description:
					'Whether to download the finished file into binary data: the render\'s file, or a batch\'s merged file and each document of it. A file that cannot be downloaded (e.g. its URL expired) is left out and named in the item\'s downloadError; the workflow still starts.',
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

		if (!(await tokenAccepted(this))) return refuse(401, 'Unauthorized');

		const contentLength = Number(request.headers['content-length'] ?? 0);
		if (contentLength > MAX_PAYLOAD_BYTES) return refuse(413, 'The payload is too large to be a pdf noodle event');
		const body = this.getBodyData();
		const event = eventOf(body);
		if (!event) {
			return refuse(400, 'The body is not a pdf noodle render result or batch record');
		}
		if (!isFinished(event, body)) {
			return refuse(422, `The ${event} is still ONGOING: only a finished render or batch starts the workflow`);
		}

		const events = this.getNodeParameter('events', []) as PdfNoodleEvent[];
		const statusFilter = this.getNodeParameter('statusFilter', 'all') as StatusFilter;
		if (!events.includes(event) || !passesStatusFilter(event, body, statusFilter)) {
			// Answered 200 so that the service does not send it again; the workflow does not start.
			response.status(200).json({ received: true, started: false });
			return { noWebhookResponse: true };
		}

		const item: INodeExecutionData = { json: { event, ...body } };
		if (this.getNodeParameter('downloadFile', false) as boolean) {
			const { binary, errors } = await downloadFiles(this, event, body);
			if (Object.keys(binary).length > 0) item.binary = binary;
			if (errors.length > 0) item.json.downloadError = errors.join('; ');
		}
		return { workflowData: [[item]] };
	}
}

/**
 * Whether the call may start the workflow: any call when no secret credential is selected,
 * else one whose `?token=` is the credential's token.
 */
async function tokenAccepted(webhook: IWebhookFunctions): Promise<boolean> {
	if (!webhook.getNode().credentials?.[SECRET_CREDENTIAL]) return true;
	// A credential that cannot be read throws (n8n answers 500): never an open door.
	const { token } = await webhook.getCredentials<{ token?: unknown }>(SECRET_CREDENTIAL);
	const given = (webhook.getQueryData() as IDataObject).token;
	// An empty secret would let a bare `?token=` through: such a credential refuses every call.
	return typeof token === 'string' && token !== '' && typeof given === 'string' && sameSecret(given, token);
}

/** The finished files of a payload: the render's, or those of a batch record. */
function filesOf(event: PdfNoodleEvent, payload: IDataObject, field: string): RecordFile[] {
	if (event === 'batch') return batchRecordFileList(payload, field);
	const url = payload.signedUrl;
	return typeof url === 'string' && url !== '' ? [{ field, url, fallbackName: String(payload.requestId) }] : [];
}

/**
 * Downloads the payload's files into binary fields. A file that cannot be had (its URL
 * expired, the host is down) is left out and its error kept: the event must still start
 * the workflow, whose JSON keeps the signed URLs, rather than be answered 500 and lost.
 */
async function downloadFiles(
	webhook: IWebhookFunctions,
	event: PdfNoodleEvent,
	payload: IDataObject,
): Promise<{ binary: Record<string, IBinaryData>; errors: string[] }> {
	const context = fileContextOfWebhook(webhook);
	const field = webhook.getNodeParameter('binaryPropertyName', 'data') as string;
	const binary: Record<string, IBinaryData> = {};
	const errors: string[] = [];
	for (const file of filesOf(event, payload, field)) {
		try {
			binary[file.field] = await downloadToBinary(context, file.url, undefined, file.fallbackName);
		} catch (error) {
			const { message, description } = error as { message?: string; description?: string | null };
			errors.push(`${file.field}: ${description ? `${message} (${description})` : message}`);
		}
	}
	return { binary, errors };
}
