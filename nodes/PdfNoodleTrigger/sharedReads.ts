import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/**
 * A trigger's credential read shared by the calls of the same second. n8n reads a credential
 * from its database, decrypts it and, in n8n 2.x, resolves it in a fresh expression isolate on
 * every `getCredentials`: in a burst, version 1's two reads a call cost more than the rest of
 * what the trigger added to n8n's own work (bench/README.md, the CPU profile). So a read serves
 * the calls of the same trigger that need the credential within `SHARED_FOR_MS` of its start: a
 * changed token or API key counts for calls from a second after the change on. A read that failed is not shared
 * beyond the calls already waiting for it. Per trigger (workflow, node, credential), never
 * across workflows; bounded to the triggers used last. The decrypted data is dropped when its
 * second is up, by a removal planned with the read (n8n-workflow's `sleep`: the package may not
 * use timers of its own), not left in memory until the next call comes.
 */
export const SHARED_FOR_MS = 1000;
const TRIGGERS_KEPT = 200;

const reads = new Map<string, { startedAt: number; data: Promise<IDataObject> }>();

export async function sharedCredentialRead(webhook: IWebhookFunctions, type: string): Promise<IDataObject> {
	const node = webhook.getNode();
	const key = `${String(webhook.getWorkflow().id ?? '')}/${node.id ?? node.name}/${type}/${node.credentials?.[type]?.id ?? ''}`;
	const now = Date.now();
	forgetExpiredReads(now);
	let read = reads.get(key);
	if (!read) {
		const data = webhook.getCredentials(type);
		const started = { startedAt: now, data };
		const forget = () => {
			if (reads.get(key) === started) reads.delete(key);
		};
		data.catch(forget);
		void sleep(SHARED_FOR_MS).then(forget);
		read = started;
		// Moved to the end: the triggers used longest ago are dropped first.
		reads.delete(key);
		reads.set(key, read);
		if (reads.size > TRIGGERS_KEPT) reads.delete(reads.keys().next().value as string);
	}
	// A copy for each call: n8n's authentication may add to the data it is given.
	return { ...(await read.data) };
}

/**
 * Drops the reads older than `SHARED_FOR_MS`, so a decrypted credential stays in memory no
 * longer than it may be shared. The map is kept in the order reads started (each new read is
 * moved to the end), so the expired ones are at its front.
 */
function forgetExpiredReads(now: number): void {
	for (const [key, read] of reads) {
		if (now - read.startedAt < SHARED_FOR_MS && now >= read.startedAt) return;
		reads.delete(key);
	}
}

/** How many triggers' reads are held now (for the test that they are dropped in time). */
export function heldReads(): number {
	return reads.size;
}

/**
 * The webhook's context with its credential reads shared (above), for the code that reads
 * through `getCredentials` (the token check, the confirmation's lookup, the downloads' Base
 * URL); all else is the context's own, its methods bound to it.
 */
export function withSharedCredentialReads(webhook: IWebhookFunctions): IWebhookFunctions {
	const getCredentials = async (type: string) => await sharedCredentialRead(webhook, type);
	return new Proxy(webhook, {
		get: (target, key) => {
			if (key === 'getCredentials') return getCredentials;
			const value: unknown = Reflect.get(target, key, target);
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
	});
}
