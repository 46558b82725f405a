import type { IWebhookFunctions } from 'n8n-workflow';

/**
 * The deliveries each trigger started lately in this n8n process. n8n reads a workflow's
 * static data from its database at the start of a webhook call and saves it after the call,
 * so copies of one delivery that arrive together (a sender trying again while the first is
 * still being confirmed) each read a memory without it. This keeps what a call has just
 * started until n8n's saved memory has it too, for the copies handled by the same process.
 * It only ever refuses a copy: the static data stays the memory that counts (across
 * restarts and processes). Bounded: the newest IDs of each trigger, of the triggers used last.
 */
const TRIGGERS_KEPT = 200;
const startedHere = new Map<string, Set<string>>();

/** Whether `key` is new for this trigger in this process; if it is, it is kept as started. */
export function claimedHere(webhook: IWebhookFunctions, key: string, keptPerTrigger: number): boolean {
	const node = webhook.getNode();
	const trigger = `${String(webhook.getWorkflow().id ?? '')}/${node.id ?? node.name}`;
	const started = startedHere.get(trigger) ?? new Set<string>();
	if (started.has(key)) return false;
	started.add(key);
	if (started.size > keptPerTrigger) started.delete(started.values().next().value as string);
	// Moved to the end: the triggers used longest ago are dropped first.
	startedHere.delete(trigger);
	startedHere.set(trigger, started);
	if (startedHere.size > TRIGGERS_KEPT) startedHere.delete(startedHere.keys().next().value as string);
	return true;
}
