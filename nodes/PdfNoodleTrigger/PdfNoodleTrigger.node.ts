import { createHash, timingSafeEqual } from 'crypto';
import type {
	IDataObject,
	IHookFunctions,
	INodeExecutionData,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { eventOf, passesStatusFilter, type StatusFilter } from '../shared/api/events';
import { isFinished, type RecordKind } from '../shared/api/records';
import { batchRecordAnswer } from '../shared/files/batchRecord';
import type { FileContext } from '../shared/files/fileContext';
import { downloadAnswerFiles, type FileOutput, FILE_OUTPUT, fileOutputField, type FilesAnswer, filesAsItems, numberedField } from '../shared/files/fileOutput';
import { confirmWithService } from '../shared/transport/confirmation';
import { CREDENTIAL_TYPE } from '../shared/transport/transport';
import { firstDelivery, REMEMBERED_DELIVERIES, START_ONCE } from './deliveries';
import { receivedBytes, resultsRefusal, sizeRefusal } from './payloadBounds';
import { DOWNLOAD_UNCONFIRMED, payloadFileContext } from './payloadDownloads';
import { assertSecretNotEmpty, pdfNoodleTriggerSecretTest, SECRET_CREDENTIAL } from './secret';

/** The parameter that turns the confirmation with pdf noodle off (it is on when the API credential is selected). */
const CONFIRM = 'confirmWithService';

function sameSecret(given: string, expected: string): boolean {
	// Hashing first gives equal lengths, so the comparison time says nothing about the token.
	const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
	return timingSafeEqual(digest(given), digest(expected));
}

const EVENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Render Finished', value: 'render', description: 'An asynchronous render has finished (a render result)' },
	{ name: 'Batch Finished', value: 'batch', description: 'A batch has finished (a batch record with every result)' },
];

/** The canvas subtitle: the chosen events' names ("Render Finished"), not their values. */
function eventNamesSubtitle(options: INodePropertyOptions[]): string {
	const names = Object.fromEntries(options.map((option) => [option.value, option.name]));
	return `={{ $parameter["events"].map((event) => (${JSON.stringify(names)})[event] ?? event).join(", ") }}`;
}

export class PdfNoodleTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PDF Noodle Trigger',
		name: 'pdfNoodleTrigger',
		icon: { light: 'file:../PdfNoodle/pdfNoodle.svg', dark: 'file:../PdfNoodle/pdfNoodle.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: eventNamesSubtitle(EVENT_OPTIONS),
		// n8n's node panel shows the package's two nodes as one entry with the trigger's description.
		description: 'Render PDFs with pdf noodle, and start workflows when a render or batch finishes',
		defaults: {
			name: 'PDF Noodle Trigger',
		},
		// What n8n's AI workflow builder reads (n8n ≥ 2.40; plain data that n8n 1.x ignores).
		builderHint: {
			searchHint:
				'Starts a workflow when pdf noodle (formerly pdforge) calls back because an asynchronous render or a batch has finished. ' +
				'Put its Production URL into the Webhook URL of a PDF Noodle node\'s render or batch; use it instead of a Webhook node, ' +
				'because it confirms each call with pdf noodle and can download the finished files.',
			relatedNodes: [{ nodeType: 'n8n-nodes-pdf-noodle.pdfNoodle', relationHint: 'Starts the renders and batches whose results this trigger receives' }],
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			// Both optional, both advised (see the notice): the API credential confirms each call, the secret guards the URL.
			{ name: 'pdfNoodleApi', required: false },
			{ name: 'pdfNoodleTriggerApi', required: false, testedBy: 'pdfNoodleTriggerSecretTest' },
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				// Empty, so that n8n answers with the node's `webhookResponse`: left out, n8n takes
				// its default 'firstEntryJson', which an onReceived webhook sends back as the literal text.
				responseData: '',
				path: 'pdf-noodle',
			},
		],
		properties: [
			{
				displayName:
					'Copy this node\'s Production URL into the "Webhook URL" of an asynchronous render or a batch in the PDF Noodle node: pdf noodle has no API to register webhooks. pdf noodle does not sign its calls, so protect the trigger twice: select a PDF Noodle API credential, so that each call is confirmed with pdf noodle and only its answer is used, and a PDF Noodle Trigger Secret API credential, whose token you add to the URL as ?token=YOUR_TOKEN.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: EVENT_OPTIONS,
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
				displayName: 'Confirm With PDF Noodle',
				name: CONFIRM,
				type: 'boolean',
				default: true,
				description:
					'Whether to look each call\'s render or batch up at pdf noodle with the PDF Noodle API credential and use only pdf noodle\'s answer (its status, its files). A call for an ID pdf noodle does not know, or whose status disagrees with it, is refused and starts nothing. Takes effect when a PDF Noodle API credential is selected.',
			},
			{
				displayName: 'Start Once per Render or Batch',
				name: START_ONCE,
				type: 'boolean',
				default: true,
				description: `Whether to start the workflow only for the first call about a render or batch. A later call about the same one (a replay, or the same delivery sent again) is answered 200 with duplicate: true and starts nothing. The last ${REMEMBERED_DELIVERIES} are remembered with the workflow, across restarts.`,
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
				displayName: 'Download From Unconfirmed Payload URLs',
				name: DOWNLOAD_UNCONFIRMED,
				type: 'boolean',
				default: false,
				displayOptions: { show: { downloadFile: [true] } },
				description:
					'Whether to download files from the URLs of a call that was not confirmed with pdf noodle. Risky: anyone who knows the trigger\'s URL can then make n8n fetch an address of their choosing. Addresses of n8n\'s own network (loopback, link-local, private) are still refused, unless on the PDF Noodle API credential\'s Base URL, and redirects are not followed. Off, such files are named in downloadError and not fetched.',
			},
			{
				displayName: 'Put Output File in Field',
				name: 'binaryPropertyName',
				type: 'string',
				default: 'data',
				displayOptions: { show: { downloadFile: [true] } },
			},
			fileOutputField({ events: ['batch'], downloadFile: [true] }, 'the merged PDF (when merged)', {
				description: 'How a batch\'s files come out: each document (and the merged PDF) on an item of its own, or all on one item',
			}),
		],
	};

	/**
	 * n8n's webhook lifecycle is for services where a webhook is registered, looked up and
	 * deleted through an API. pdf noodle has none: the trigger's URL travels in each async
	 * render or batch that names it. So nothing is registered on activation and nothing is
	 * left behind on deactivation; activation only refuses a secret that would refuse every call.
	 */
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				await assertSecretNotEmpty(this);
				return true;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	methods = {
		credentialTest: { pdfNoodleTriggerSecretTest },
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const response = this.getResponseObject();
		const refuse = (status: number, message: string): IWebhookResponseData => {
			response.status(status).json({ message });
			return { noWebhookResponse: true };
		};

		if (!(await tokenAccepted(this))) return refuse(401, 'Unauthorized');

		const body = this.getBodyData();
		const tooLarge = sizeRefusal(receivedBytes(request, body));
		if (tooLarge) return refuse(413, tooLarge);
		const event = eventOf(body);
		if (!event) {
			return refuse(400, 'The body is not a pdf noodle render result or batch record');
		}
		const tooMany = event === 'batch' ? resultsRefusal(body) : undefined;
		if (tooMany) return refuse(413, tooMany);
		if (!isFinished(event, body)) {
			return refuse(422, `The ${event} is still ONGOING: only a finished render or batch starts the workflow`);
		}

		const events = this.getNodeParameter('events', []) as RecordKind[];
		const statusFilter = this.getNodeParameter('statusFilter', 'all') as StatusFilter;
		if (!events.includes(event) || !passesStatusFilter(event, body, statusFilter)) {
			// Answered 200 so that the service does not send it again; the workflow does not start.
			// Nothing is looked up for it: it starts nothing, whoever sent it.
			response.status(200).json({ received: true, started: false });
			return { noWebhookResponse: true };
		}

		let payload = body;
		const confirmed = hasApiCredential(this) && (this.getNodeParameter(CONFIRM, true) as boolean);
		if (confirmed) {
			// From here on only pdf noodle's answer counts; its status equals the call's, so the filters above hold for it.
			const confirmation = await confirmWithService(this, event, body, 'starts nothing');
			if ('refusal' in confirmation) return refuse(confirmation.refusal.status, confirmation.refusal.message);
			payload = confirmation.record;
		}
		if ((this.getNodeParameter(START_ONCE, true) as boolean) && !firstDelivery(this, event, payload)) {
			response.status(200).json({ received: true, started: false, duplicate: true });
			return { noWebhookResponse: true };
		}

		const items = (this.getNodeParameter('downloadFile', false) as boolean)
			? await itemsWithFiles(this, event, payload, confirmed)
			: [{ json: { event, ...payload } }];
		// Answered here, not through `webhookResponse`: n8n 2.x starts the run of an onReceived
		// webhook before it answers and then saves the static data, and the run's workflow, built
		// on the same static-data object, clears its mark of a change, so the delivery just
		// remembered would not be saved. A call the node has answered itself is answered, and
		// its static data saved, before the run starts, on n8n 1.x and 2.x alike (docs/trigger.md).
		response.status(200).json({ received: true, started: true });
		return { noWebhookResponse: true, workflowData: [items] };
	}
}

/** Whether the node has a PDF Noodle API credential selected (the trigger's is optional): the confirmation needs it. */
function hasApiCredential(webhook: IWebhookFunctions): boolean {
	return Boolean(webhook.getNode().credentials?.[CREDENTIAL_TYPE]);
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

/** The finished files of a payload, as the output items (see `FileOutput`). */
async function itemsWithFiles(
	webhook: IWebhookFunctions,
	event: RecordKind,
	payload: IDataObject,
	confirmed: boolean,
): Promise<INodeExecutionData[]> {
	const field = webhook.getNodeParameter('binaryPropertyName', 'data') as string;
	const answer = answerOf(event, { event, ...payload });
	const errors = await downloadEveryFile(await payloadFileContext(webhook, confirmed), answer, field);
	const output = event === 'batch' ? (webhook.getNodeParameter(FILE_OUTPUT, 'itemPerFile') as FileOutput) : 'oneItem';
	if (output === 'oneItem' && errors.length > 0) answer.json.downloadError = errors.join('; ');
	return filesAsItems(output, answer, field);
}

/** A render's file is the file of the whole answer; a batch names its merged file and each document's. */
function answerOf(event: RecordKind, payload: IDataObject): FilesAnswer {
	if (event === 'batch') {
		const answer = batchRecordAnswer(payload);
		for (const file of answer.files) file.json = { event, ...file.json };
		return answer;
	}
	const url = typeof payload.signedUrl === 'string' && payload.signedUrl !== '' ? payload.signedUrl : undefined;
	return { json: payload, whole: { json: payload, url, fallbackName: String(payload.requestId) }, files: [] };
}

/**
 * Downloads the payload's files (through `context`: see payloadDownloads.ts for which it may
 * fetch). A file that cannot be had (its URL expired, the host is down, the rule refused it)
 * is left out and its error kept on its item (`downloadError`), and listed by its field in
 * what is returned: the event must still start the workflow, whose JSON keeps the signed
 * URLs, rather than be answered 500 and lost.
 */
async function downloadEveryFile(context: FileContext, answer: FilesAnswer, field: string): Promise<string[]> {
	const errors: string[] = [];
	await downloadAnswerFiles(context, answer, (file, error) => {
		const { message, description } = error as { message?: string; description?: string | null };
		const text = description ? `${message} (${description})` : String(message);
		file.json = { ...file.json, downloadError: text };
		errors.push(`${file.number === undefined ? field : numberedField(field, file.number)}: ${text}`);
	});
	return errors;
}
