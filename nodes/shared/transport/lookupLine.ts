import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { retryAfterMs } from './retry';

/**
 * The webhook lookups of one PDF Noodle API credential in one running n8n, taking turns. A
 * burst of deliveries (a campaign's renders finishing together) makes hundreds of lookups at
 * once, and the service answers 429 beyond its rate limit. Each lookup waiting out its own
 * `Retry-After` and then trying again would send the whole crowd again every second, and the
 * few the service lets through each time would be chosen by chance: some lookups would never
 * get through within their 20 s. In the line they go in the order they arrived, a 429 holds
 * back every lookup of the credential until its `Retry-After` has passed, and how many may be
 * sent at once halves after a 429 and grows by one after as many answers (as TCP paces itself),
 * so the service sees about as many lookups as it takes, earliest first. A call answered 503
 * because its lookup did not get through within its time, and sent again, keeps the place its
 * first call took (the lookup is known by its URL, which names the render or batch): else a
 * call sent again would join the end of the line every time, and in a long burst some would
 * never reach its head.
 *
 * What a place costs, and when it is forgotten: a place is the lookup's URL (which names an ID
 * an outsider chose) and a time. It is forgotten when its lookup is answered (any answer but a
 * 429, which the call waits out in its own turn), and, for a call that gave up (answered 503),
 * `PLACE_KEPT_MS` after the last call that asked for it: long enough for its sender to send it
 * again after a backoff (1 s doubling to 30 s, on top of the call's own 20 s), so a resent call
 * still stands where it first stood, and no longer, so a place nobody asks for again does not
 * stay. At most `MOST_PLACES_KEPT` places of at most `MOST_URL_CHARS` characters are kept (a
 * longer URL gets its place for its own call and is not kept: the trigger and the pause refuse
 * an ID over 128 characters before any lookup, records.ts), about 1 MB per credential at most.
 */

/** Lookups sent at once while the service has not answered 429. */
const START_AT_ONCE = 8;
const MOST_AT_ONCE = 32;
/** How long a 429 without a `Retry-After` holds the line back. */
const DEFAULT_HOLD_MS = 1000;
/** Places kept for lookups not yet answered (their calls may be sent again): the oldest go first. */
const MOST_PLACES_KEPT = 2000;
/** The longest URL whose place is kept: a status path and an ID of 128 characters, each escaped (3 characters). */
const MOST_URL_CHARS = 512;
/** How long a place stays after the last call that asked for it (see above). */
export const PLACE_KEPT_MS = 120_000;

interface Waiter {
	/** When its exchange began: a lookup answered 429 keeps its place. */
	place: number;
	admit: () => void;
}

export class LookupLine {
	private readonly waiting: Waiter[] = [];
	private sending = 0;
	/** How many may go at once: fractional, as it grows by 1/atOnce per answer (one per round of answers). */
	private atOnce = START_AT_ONCE;
	private heldUntil = 0;
	private wakeUpPlanned = false;
	/** The service's last 429 to the credential: the answer of a lookup whose time ran out in the line. */
	lastHoldBack?: IN8nHttpFullResponse;
	/**
	 * When each lookup not yet answered was first asked for (`place`) and last asked for, by its
	 * URL; in the order they were last asked for, so the ones to forget are at the front.
	 */
	private readonly places = new Map<string, { place: number; askedAt: number }>();

	/** The place of a lookup in the line: when it was first asked for, by this call or an earlier one. */
	placeOf(url: string, now: number): number {
		for (const [kept, { askedAt }] of this.places) {
			if (now - askedAt <= PLACE_KEPT_MS) break;
			this.places.delete(kept);
		}
		const place = this.places.get(url)?.place ?? now;
		this.places.delete(url);
		if (url.length > MOST_URL_CHARS) return place;
		if (this.places.size >= MOST_PLACES_KEPT) this.places.delete(this.places.keys().next().value!);
		this.places.set(url, { place, askedAt: now });
		return place;
	}

	/** How many places are kept (for the tests of the bound). */
	get keptPlaces(): number {
		return this.places.size;
	}

	/**
	 * Resolves `true` when it is this lookup's turn to be sent (then `done` must follow), or
	 * `false` when `deadline` (ms since the epoch) passes first.
	 */
	async turn(place: number, deadline: number): Promise<boolean> {
		// Held back past its deadline, it would only wait to be refused: refused now.
		if (this.heldUntil >= deadline) return false;
		let admitted = false;
		let admit = () => {};
		const admittedNow = new Promise<void>((resolve) => (admit = resolve));
		const waiter: Waiter = {
			place,
			admit: () => {
				admitted = true;
				admit();
			},
		};
		// Ordered by place: a lookup sent again after a 429, or for a call sent again, goes back to where it stood.
		const after = this.waiting.findIndex((other) => other.place > place);
		this.waiting.splice(after === -1 ? this.waiting.length : after, 0, waiter);
		this.admitWaiting();
		// n8n 1.x's `sleep` takes no signal: there the deadline's timer runs out unheeded.
		const stopDeadline = new AbortController();
		await Promise.race([admittedNow, sleep(Math.max(0, deadline - Date.now()), stopDeadline.signal).catch(() => undefined)]);
		stopDeadline.abort();
		if (!admitted) this.waiting.splice(this.waiting.indexOf(waiter), 1);
		return admitted;
	}

	/** A lookup that had its turn is answered (`undefined`: it failed without an answer). */
	done(url: string, answer: IN8nHttpFullResponse | undefined): void {
		this.sending--;
		// Answered (not 429): a call sent again later is a new one, and goes to the end.
		if (answer !== undefined && answer.statusCode !== 429) this.places.delete(url);
		if (answer?.statusCode === 429) {
			this.atOnce = Math.max(1, Math.floor(this.atOnce / 2));
			const heldFor = retryAfterMs(answer.headers as IDataObject) ?? DEFAULT_HOLD_MS;
			this.heldUntil = Math.max(this.heldUntil, Date.now() + heldFor);
			this.lastHoldBack = answer;
		} else {
			this.atOnce = Math.min(MOST_AT_ONCE, this.atOnce + 1 / this.atOnce);
		}
		this.admitWaiting();
	}

	/** Lookups waiting for their turn (named in the answer of one whose time ran out). */
	get waitingCount(): number {
		return this.waiting.length;
	}

	private admitWaiting(): void {
		const heldFor = this.heldUntil - Date.now();
		if (heldFor > 0) {
			// Nobody waiting, nobody to wake: a later lookup finds the hold when it comes.
			if (this.waiting.length > 0) this.wakeUpAfter(heldFor);
			return;
		}
		while (this.waiting.length > 0 && this.sending < Math.floor(this.atOnce)) {
			this.sending++;
			this.waiting.shift()!.admit();
		}
	}

	/** One wake-up for the whole line when a hold ends, not one per waiting lookup. */
	private wakeUpAfter(ms: number): void {
		if (this.wakeUpPlanned) return;
		this.wakeUpPlanned = true;
		void sleep(ms).then(() => {
			this.wakeUpPlanned = false;
			this.admitWaiting();
		});
	}
}

/** One line per credential (by its ID in n8n), for as long as n8n runs. */
const lines = new Map<string, LookupLine>();

export function lookupLineOf(credentialId: string): LookupLine {
	let line = lines.get(credentialId);
	if (!line) {
		line = new LookupLine();
		lines.set(credentialId, line);
	}
	return line;
}
