import type { IWebhookFunctions } from 'n8n-workflow';

/**
 * The deliveries each trigger knows of in this running n8n: those it started here lately and
 * those the memories read for its calls held. n8n reads a workflow's static data from its
 * database at the start of a webhook call and saves all of it after the call, so calls that
 * overlap each read a memory without the others' IDs: copies of one delivery arriving
 * together would each start it, and a call whose save reaches the database after another's
 * would drop the ID the other had just saved. Kept here, the IDs this n8n knows of are refused
 * to later copies at once, and every call's memory is this one list, not a copy of it: a save,
 * whenever it comes, writes every ID claimed before it. The static data stays the memory that
 * counts (across restarts and processes). Bounded: the newest IDs of each trigger, of the
 * triggers used last.
 *
 * Kept per mode (n8n's `getMode()`: 'manual' for a call to the Test URL while the editor
 * listens, 'webhook' for the Production URL): a delivery tried on the Test URL must not be
 * refused later as a copy on the Production URL, whose static data never held it.
 */
const TRIGGERS_KEPT = 200;
const knownHere = new Map<string, string[]>();

/**
 * Claims `key` for this trigger in this running n8n, given the IDs the memory read for this
 * call holds (`delivered`, oldest first): undefined if either knew it, else the trigger's live
 * list of known IDs, oldest first, `key` last, at most `keptPerTrigger`. The caller puts that
 * very list into the call's memory: claims made later by other calls land in it before n8n
 * saves this one.
 */
export function claimHere(webhook: IWebhookFunctions, delivered: string[], key: string, keptPerTrigger: number): string[] | undefined {
	const node = webhook.getNode();
	const trigger = `${webhook.getMode()}/${String(webhook.getWorkflow().id ?? '')}/${node.id ?? node.name}`;
	const known = knownHere.get(trigger) ?? [];
	if (known.includes(key) || delivered.includes(key)) return undefined;
	// The memory's IDs first (the order n8n saved), then the ones only this n8n knows of.
	const fromMemory = new Set(delivered);
	const merged = [...delivered, ...known.filter((id) => !fromMemory.has(id)), key].slice(-keptPerTrigger);
	// Changed in place: the memories of calls not yet saved hold this same list.
	known.splice(0, known.length, ...merged);
	// Moved to the end: the triggers used longest ago are dropped first.
	knownHere.delete(trigger);
	knownHere.set(trigger, known);
	if (knownHere.size > TRIGGERS_KEPT) knownHere.delete(knownHere.keys().next().value as string);
	return known;
}

/**
 * Lets go of `key` in this n8n, for a call whose run n8n could not start: a copy of it sent
 * again is then started, and saves made from now on no longer hold it.
 */
export function releaseHere(webhook: IWebhookFunctions, key: string): void {
	const node = webhook.getNode();
	const known = knownHere.get(`${webhook.getMode()}/${String(webhook.getWorkflow().id ?? '')}/${node.id ?? node.name}`);
	const index = known?.indexOf(key) ?? -1;
	if (known && index >= 0) known.splice(index, 1);
}
