import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { batchStatusPath, renderStatusPath } from '../shared/api/endpoints';
import { eventOf, type PdfNoodleEvent, recordIdOf, recordStatusOf } from '../shared/api/events';
import { apiRequestWithinRateLimit, WEBHOOK_LOOKUP_RETRIES, WEBHOOK_LOOKUP_SECONDS } from '../shared/transport/rateLimit';
import { CREDENTIAL_TYPE } from '../shared/transport/transport';

/**
 * pdf noodle does not sign its webhooks, so a call to the trigger is a claim, not a fact:
 * anyone who learns the URL (it travels in every async render and batch request) could post
 * an invented result. Confirmed, the trigger looks the render or batch up at the service with
 * the PDF Noodle API credential and works from that answer alone: its status, its files.
 */

/** The outcome of a confirmation: the service's own record, or the answer that refuses the call. */
export type Confirmation = { record: IDataObject } | { refusal: { status: number; message: string } };

/** Whether the node has a PDF Noodle API credential selected (the trigger's is optional). */
export function hasApiCredential(webhook: IWebhookFunctions): boolean {
	return Boolean(webhook.getNode().credentials?.[CREDENTIAL_TYPE]);
}

/**
 * Looks the payload's render or batch up at the service. Refused with a 4xx (the caller
 * should not send it again): an ID the service does not know, a record that disagrees with
 * the payload on the status. Answered 503 (the caller may send it again): the service could
 * not be reached, or still rate-limited or failed the lookup within `WEBHOOK_LOOKUP_RETRIES`; 502: it
 * did not answer the lookup as it should (another 4xx, a record of something else).
 */
export async function confirmWithService(webhook: IWebhookFunctions, event: PdfNoodleEvent, payload: IDataObject): Promise<Confirmation> {
	const id = recordIdOf(event, payload);
	const path = event === 'render' ? renderStatusPath(id) : batchStatusPath(id);
	let response;
	try {
		// The webhook context has what a request of the API needs: the node, its credential and n8n's HTTP helpers.
		response = await apiRequestWithinRateLimit(webhook, { method: 'GET', url: path }, WEBHOOK_LOOKUP_RETRIES);
	} catch (error) {
		return { refusal: { status: 503, message: `The ${event} could not be confirmed: pdf noodle could not be reached (${(error as Error).message}); send it again later` } };
	}
	if (response.statusCode === 404) {
		return { refusal: { status: 403, message: `pdf noodle knows no ${event} "${id}": the call is not confirmed and starts nothing` } };
	}
	if (response.statusCode === 429 || response.statusCode >= 500) {
		return { refusal: { status: 503, message: `The ${event} could not be confirmed: pdf noodle still answered ${response.statusCode} to its lookup within the ${WEBHOOK_LOOKUP_SECONDS} s it is tried for; send it again later` } };
	}
	if (response.statusCode >= 400) {
		const advice = [401, 403].includes(response.statusCode) ? ': check the API key of the PDF Noodle API credential' : '';
		return { refusal: { status: 502, message: `The ${event} could not be confirmed: pdf noodle answered ${response.statusCode} to its lookup${advice}` } };
	}
	const record = response.body as IDataObject;
	if (eventOf(record) !== event || recordIdOf(event, record) !== id) {
		return { refusal: { status: 502, message: `The ${event} could not be confirmed: pdf noodle's answer to its lookup is not the ${event} "${id}"` } };
	}
	if (recordStatusOf(event, record) !== recordStatusOf(event, payload)) {
		return {
			refusal: {
				status: 409,
				message: `The call says ${event} "${id}" is ${recordStatusOf(event, payload)}, but pdf noodle shows it as ${recordStatusOf(event, record)}: it starts nothing`,
			},
		};
	}
	return { record };
}
