import axios from 'axios';

import type { SandboxContext } from './context';

export interface WebhookDelivery {
	url: string;
	payload: unknown;
	/** The receiver's HTTP status, or the error that kept the POST from arriving. */
	status?: number;
	/** The receiver's answer body, as it came. */
	answer?: unknown;
	error?: string;
	at: string;
}

const DELIVERY_TIMEOUT_MS = 10_000;

/** POSTs a JSON payload to a webhook receiver, as the service does when work finishes. */
export async function deliverWebhook(context: SandboxContext, url: string, payload: unknown): Promise<WebhookDelivery> {
	const delivery: WebhookDelivery = { url, payload, at: new Date(context.now()).toISOString() };
	try {
		const response = await axios.post(url, payload, {
			headers: { 'User-Agent': 'pdf-noodle-sandbox-webhook' },
			timeout: DELIVERY_TIMEOUT_MS,
			// Any answer is recorded as it is: the receiver's status is what tests look at.
			validateStatus: () => true,
		});
		delivery.status = response.status;
		delivery.answer = response.data;
	} catch (error) {
		delivery.error = (error as Error).message;
	}
	context.webhookDeliveries.push(delivery);
	return delivery;
}
