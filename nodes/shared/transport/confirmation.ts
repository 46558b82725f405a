import type { IDataObject } from 'n8n-workflow';

import { eventOf } from '../api/events';
import { type RecordKind, recordIdOf, recordStatusOf, statusPathOf } from '../api/records';
import { apiRequestWithinRateLimit, WEBHOOK_LOOKUP_RETRIES, WEBHOOK_LOOKUP_SECONDS } from './rateLimit';
import type { SleepContext } from './retry';
import type { TransportContext } from './transport';

/**
 * pdf noodle does not sign its webhooks, so a call that brings a render result or a batch
 * record is a claim, not a fact: anyone who learns the URL (it travels in every async render
 * and batch request) could post an invented result. Both receivers of such calls, the trigger
 * and a paused execution's resume URL, confirm it here, the one way: the render or batch is
 * looked up at the service with the PDF Noodle API credential, and only that answer is used.
 */

/** The outcome of a confirmation: the service's own record, or the answer that refuses the call. */
export type Confirmation = { record: IDataObject } | { refusal: { status: number; message: string } };

/**
 * Looks the payload's render or batch up at the service. Refused with a 4xx (the caller
 * should not send it again): an ID the service does not know (403), a record whose status
 * disagrees with the payload's (409). Answered 503 (the caller may send it again): the service
 * could not be reached, or still rate-limited or failed the lookup within `WEBHOOK_LOOKUP_RETRIES`;
 * 502: it did not answer the lookup as it should (another 4xx, or a record of another render
 * or batch). `outcome` ends the refusals a person reads: what the refused call does not do
 * ("starts nothing", "leaves the execution waiting").
 */
export async function confirmWithService(
	context: TransportContext & SleepContext,
	kind: RecordKind,
	payload: IDataObject,
	outcome: string,
): Promise<Confirmation> {
	const id = recordIdOf(kind, payload);
	const refusal = (status: number, message: string): Confirmation => ({ refusal: { status, message } });
	let response;
	try {
		response = await apiRequestWithinRateLimit(context, { method: 'GET', url: statusPathOf(kind, id) }, WEBHOOK_LOOKUP_RETRIES);
	} catch (error) {
		return refusal(503, `The ${kind} could not be confirmed: pdf noodle could not be reached (${(error as Error).message}); send it again later`);
	}
	if (response.statusCode === 404) return refusal(403, `pdf noodle knows no ${kind} "${id}": the call is not confirmed and ${outcome}`);
	if (response.statusCode === 429 || response.statusCode >= 500) {
		return refusal(503, `The ${kind} could not be confirmed: pdf noodle still answered ${response.statusCode} to its lookup within the ${WEBHOOK_LOOKUP_SECONDS} s it is tried for; send it again later`);
	}
	if (response.statusCode >= 400) {
		const advice = [401, 403].includes(response.statusCode) ? ': check the API key of the PDF Noodle API credential' : '';
		return refusal(502, `The ${kind} could not be confirmed: pdf noodle answered ${response.statusCode} to its lookup${advice}`);
	}
	const record = response.body as IDataObject;
	if (eventOf(record) !== kind || recordIdOf(kind, record) !== id) {
		return refusal(502, `The ${kind} could not be confirmed: pdf noodle's answer to its lookup is not the ${kind} "${id}"`);
	}
	if (recordStatusOf(kind, record) !== recordStatusOf(kind, payload)) {
		return refusal(409, `The call says ${kind} "${id}" is ${recordStatusOf(kind, payload)}, but pdf noodle shows it as ${recordStatusOf(kind, record)}: it ${outcome}`);
	}
	return { record };
}
