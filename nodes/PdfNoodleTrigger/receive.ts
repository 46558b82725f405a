import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { eventOf, passesStatusFilter, type StatusFilter } from '../shared/api/events';
import { isFinished, postedIdsRule, type RecordKind } from '../shared/api/records';
import { batchRecordAnswer } from '../shared/files/batchRecord';
import type { FileContext } from '../shared/files/fileContext';
import { downloadAnswerFiles, type FilesAnswer, filesAsItems, fileOutputOf, numberedField } from '../shared/files/fileOutput';
import { confirmWithService } from '../shared/transport/confirmation';
import { CREDENTIAL_TYPE } from '../shared/transport/transport';
import { firstDelivery, START_ONCE } from './deliveries';
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
 * filters, the confirmation (when on), Start Once, the downloads; answered here in every
 * case (see the last lines for why a started call too).
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
	if ((webhook.getNodeParameter(START_ONCE, true) as boolean) && !firstDelivery(webhook, event, payload)) {
		response.status(200).json({ received: true, started: false, duplicate: true });
		return { noWebhookResponse: true };
	}

	const items = (webhook.getNodeParameter('downloadFile', false) as boolean)
		? await itemsWithFiles(webhook, event, payload, protections.confirm)
		: [{ json: { event, ...payload } }];
	// Answered here, not through `webhookResponse`: n8n 2.x starts the run of an onReceived
	// webhook before it answers and then saves the static data, and the run's workflow, built
	// on the same static-data object, clears its mark of a change, so the delivery just
	// remembered would not be saved. A call the node has answered itself is answered, and
	// its static data saved, before the run starts, on n8n 1.x and 2.x alike (docs/trigger.md).
	response.status(200).json({ received: true, started: true });
	return { noWebhookResponse: true, workflowData: [items] };
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
