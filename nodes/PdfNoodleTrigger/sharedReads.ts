import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

/**
 * A trigger's credential read shared by the calls that need it while it is under way. n8n
 * reads a credential from its database and decrypts it on every `getCredentials`, and in a
 * burst of deliveries every call would read the same credential again (in n8n 2.x each read
 * also takes an expression isolate: bench/README.md measures it). A read that has answered is
 * not kept: a call that comes after it reads afresh, so a changed token or key counts from the
 * next read on, as in n8n. Kept per trigger (workflow, node, credential), never across workflows.
 */
const readsUnderWay = new Map<string, Promise<IDataObject>>();

export async function sharedCredentialRead(webhook: IWebhookFunctions, type: string): Promise<IDataObject> {
	const node = webhook.getNode();
	const key = `${String(webhook.getWorkflow().id ?? '')}/${node.id ?? node.name}/${type}/${node.credentials?.[type]?.id ?? ''}`;
	let read = readsUnderWay.get(key);
	if (!read) {
		read = webhook.getCredentials(type).finally(() => readsUnderWay.delete(key));
		readsUnderWay.set(key, read);
	}
	// A copy for each call: n8n's authentication may add to the data it is given.
	return { ...(await read) };
}

/**
 * The webhook's context with its credential reads shared (above), for code that reads through
 * `getCredentials` (the confirmation's lookup); all else is the context's, its methods bound to it.
 */
export function withSharedCredentialReads(webhook: IWebhookFunctions): IWebhookFunctions {
	return new Proxy(webhook, {
		get: (target, key) => {
			if (key === 'getCredentials') return async (type: string) => await sharedCredentialRead(target, type);
			const value: unknown = Reflect.get(target, key, target);
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
	});
}
