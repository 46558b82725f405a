import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { eventOf, passesStatusFilter, type StatusFilter } from '../shared/api/events';
import { isFinished, postedIdsRule, type RecordKind } from '../shared/api/records';
import { batchRecordAnswer } from '../shared/files/batchRecord';
import type { FileContext } from '../shared/files/fileContext';
import { downloadAnswerFiles, type FilesAnswer, filesAsItems, fileOutputOf, numberedField } from '../shared/files/fileOutput';
import { confirmWithService } from '../shared/transport/confirmation';
import { CREDENTIAL_TYPE } from '../shared/transport/transport';
import { type Claim, claimDelivery, START_ONCE } from './deliveries';
import { receivedBytes, resultsRefusal, sizeRefusal } from './payloadBounds';
import { payloadFileContext } from './payloadDownloads';
import { tokenAccepted } from './secret';
import { withSharedCredentialReads } from './sharedReads';

/** Which protections a call goes through: each version of the trigger says which are on. */
export interface Protections {
	/** The call's `?token=` must be the PDF Noodle Trigger Secret API credential's token. */
	token: boolean;
	/** The call's render or batch is looked up at pdf noodle, and only its answer is used. */
	confirm: boolean;
}

/**
 * One call to the trigger, as both versions take it: the token (when on), the bounds, the
 * filters, the confirmation (when on), Start Once, the downloads; a call that starts nothing
 * is answered here, a started one by n8n (see startedAnswer).
 */
export async function receiveDelivery(context: IWebhookFunctions, protections: Protections): Promise<IWebhookResponseData> {
	// Every credential read of the call (token, lookup, downloads' Base URL) shared with the calls of the same second.
	const webhook = withSharedCredentialReads(context);
	const request = webhook.getRequestObject();
	const response = webhook.getResponseObject();
	const refuse = (status: number, message: string): IWebhookResponseData => {
		response.status(status).json({ message });
		return { noWebhookResponse: true };
	};

	if (protections.token && !(await tokenAccepted(webhook))) return refuse(401, 'Unauthorized');

	const body = webhook.getBodyData();
	const tooLarge = sizeRefusal(receivedBytes(request, body));
	if (tooLarge) return refuse(413, tooLarge);
	const event = eventOf(body);
	if (!event) {
		return refuse(400, 'The body is not a pdf noodle render result or batch record');
	}
	// Before anything is looked up, remembered or started: an ID longer than any pdf noodle
	// issues would be kept in the trigger's memory, its static data and the lookup line.
	const badId = postedIdsRule(event, body);
	if (badId) return refuse(400, `${badId}; the call starts nothing`);
	const tooMany = event === 'batch' ? resultsRefusal(body) : undefined;
	if (tooMany) return refuse(413, tooMany);
	if (!isFinished(event, body)) {
		return refuse(422, `The ${event} is still ONGOING: only a finished render or batch starts the workflow`);
	}

	const events = webhook.getNodeParameter('events', []) as RecordKind[];
	const statusFilter = webhook.getNodeParameter('statusFilter', 'all') as StatusFilter;
	if (!events.includes(event) || !passesStatusFilter(event, body, statusFilter)) {
		// Answered 200 so that the service does not send it again; the workflow does not start.
		// Nothing is looked up for it: it starts nothing, whoever sent it.
		response.status(200).json({ received: true, started: false });
		return { noWebhookResponse: true };
	}

	let payload = body;
	if (protections.confirm) {
		if (!webhook.getNode().credentials?.[CREDENTIAL_TYPE]) return refuse(500, 'The trigger has no PDF Noodle API credential to confirm the call with: select one');
		// From here on only pdf noodle's answer counts; its status equals the call's, so the filters above hold for it.
		const confirmation = await confirmWithService(webhook, event, body, 'starts nothing');
		if ('refusal' in confirmation) return refuse(confirmation.refusal.status, confirmation.refusal.message);
		payload = confirmation.record;
	}
	let claim: Claim | undefined;
	if (webhook.getNodeParameter(START_ONCE, true) as boolean) {
		const claimed = claimDelivery(webhook, event, payload);
		if (!claimed) {
			response.status(200).json({ received: true, started: false, duplicate: true });
			return { noWebhookResponse: true };
		}
		// Answered otherwise than `200 started` (n8n could not start the run, or a download
		// threw), the call started nothing and n8n saved nothing: the delivery sent again must start.
		response.once('finish', () => response.statusCode !== 200 && claimed.release());
		claim = claimed;
	}

	const items = (webhook.getNodeParameter('downloadFile', false) as boolean)
		? await itemsWithFiles(webhook, event, payload, protections.confirm)
		: [{ json: { event, ...payload } }];
	return startedAnswer([items], claim);
}

/**
 * A started call is answered by n8n, with `webhookResponse`: n8n 2.x sends that answer only
 * once the run is queued (in queue mode, on Redis) or started, and answers a run it could not
 * start with an error, so `200 started` means that the execution exists. (Answered by the node
 * itself, before n8n queued the run, a call was answered `200 started` and then lost when
 * Redis went away in between: test/queue/twoWebhookProcessors.test.ts.)
 *
 * n8n saves the static data (the Start Once memory) when it answers, only if it finds it marked
 * changed, and in 2.x the run's workflow, built on the same static-data object, has cleared
 * that mark by then. So the memory is marked again when n8n reads the answer, which 2.x does
 * after queueing the run and before saving, and 1.x before saving and starting the run (n8n
 * 1.x answers an onReceived webhook before it starts the run, as before). Where n8n could not
 * start the run it answers with an error and saves nothing (receiveDelivery then lets go of
 * the claim in this n8n, so that the delivery sent again starts).
 */
function startedAnswer(workflowData: INodeExecutionData[][], claim: Claim | undefined): IWebhookResponseData {
	const answer = { received: true, started: true };
	const result: IWebhookResponseData = { workflowData };
	Object.defineProperty(result, 'webhookResponse', {
		enumerable: true,
		get: () => {
			claim?.remember();
			return answer;
		},
	});
	return result;
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
	const output = event === 'batch' ? fileOutputOf(webhook) : 'oneItem';
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
