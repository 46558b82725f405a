import type { SandboxContext } from './context';

export interface WebhookDelivery {
	url: string;
	payload: unknown;
	/** The receiver's HTTP status, or the error that kept the POST from arriving. */
	status?: number;
	error?: string;
	at: string;
}

const DELIVERY_TIMEOUT_MS = 10_000;

/** POSTs a JSON payload to a webhook receiver, as the service does when work finishes. */
export async function deliverWebhook(context: SandboxContext, url: string, payload: unknown): Promise<WebhookDelivery> {
	const delivery: WebhookDelivery = { url, payload, at: new Date(context.now()).toISOString() };
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'User-Agent': 'pdf-noodle-sandbox-webhook' },
			body: JSON.stringify(payload),
			signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
		});
		delivery.status = response.status;
		await response.arrayBuffer();
	} catch (error) {
		delivery.error = (error as Error).message;
	}
	context.webhookDeliveries.push(delivery);
	return delivery;
}
