import type { IWebhookFunctions } from 'n8n-workflow';

/**
 * The deliveries each trigger started lately in this running n8n. n8n reads a workflow's
 * static data from its database at the start of a webhook call and saves all of it after
 * the call, so calls that overlap each read a memory without the others' IDs: copies of one
 * delivery arriving together would each start it, and the save of one render's call would drop
 * the ID another call had just saved. Kept here, the IDs this n8n started are refused to
 * its later copies at once, and each save carries them again. The static data stays the
 * memory that counts (across restarts and processes). Bounded: the newest IDs of each
 * trigger, of the triggers used last.
 */
const TRIGGERS_KEPT = 200;
const startedHere = new Map<string, Set<string>>();

/**
 * Claims `key` for this trigger in this running n8n: undefined if it was claimed before, else
 * every key this trigger started here lately, oldest first, `key` last.
 */
export function claimHere(webhook: IWebhookFunctions, key: string, keptPerTrigger: number): string[] | undefined {
	const node = webhook.getNode();
	const trigger = `${String(webhook.getWorkflow().id ?? '')}/${node.id ?? node.name}`;
	const started = startedHere.get(trigger) ?? new Set<string>();
	if (started.has(key)) return undefined;
	started.add(key);
	if (started.size > keptPerTrigger) started.delete(started.values().next().value as string);
	// Moved to the end: the triggers used longest ago are dropped first.
	startedHere.delete(trigger);
	startedHere.set(trigger, started);
	if (startedHere.size > TRIGGERS_KEPT) startedHere.delete(startedHere.keys().next().value as string);
	return [...started];
}
