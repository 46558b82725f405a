/**
 * The sandbox's rate limit on status lookups (setting `statusLookupsPerSecond`): at most that
 * many lookups are answered in each second, the others 429 with `Retry-After: 1`, as a
 * rate-limited service answers. It is what a burst of webhook deliveries meets when every
 * one of them is confirmed with a lookup.
 */
export class StatusRateLimit {
	private windowStart = 0;
	private answered = 0;

	/** Whether a lookup arriving at `now` is over the limit (and so to be answered 429). */
	refuses(now: number, perSecond: number | undefined): boolean {
		if (!perSecond || perSecond <= 0) return false;
		if (now - this.windowStart >= 1000) {
			this.windowStart = now;
			this.answered = 0;
		}
		if (this.answered >= perSecond) return true;
		this.answered++;
		return false;
	}
}
