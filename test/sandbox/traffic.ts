import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The header the sandbox's own requests carry (a tool reading its source PDFs from the
 * sandbox's file URLs): they are served and counted as calls, but not as the clients' requests
 * open at once, which is what "Requests at Once" bounds.
 */
export const OWN_REQUEST_HEADER = 'x-sandbox-own-request';

/** What the sandbox has served since the counters were last reset (benchmarks read it). */
export interface TrafficCounts {
	/** Calls of the API (`/v1/...`), status calls included. */
	apiCalls: number;
	/** Status calls (`/v1/.../status/...`) alone. */
	statusCalls: number;
	/** Everything else the clients asked for: signed file downloads, uploads. */
	otherCalls: number;
	/** The clients' requests being answered right now (the sandbox's own are not counted). */
	inFlight: number;
	/** The most requests answered at the same time since the reset. */
	maxInFlight: number;
	/** Status lookups answered 429 by the sandbox's rate limit (setting `statusLookupsPerSecond`). */
	rateLimited: number;
}

/**
 * Counts the requests the sandbox answers, and how many it answers at once. The request
 * log keeps only the latest 5,000 requests; these counters see every one, which a benchmark
 * of thousands of items needs. Test-control requests (/__sandbox/) are not counted.
 */
export class Traffic {
	private counts: TrafficCounts = { apiCalls: 0, statusCalls: 0, otherCalls: 0, inFlight: 0, maxInFlight: 0, rateLimited: 0 };

	/** Counts a request from its arrival until its response is finished or its connection closes. */
	track(path: string, request: IncomingMessage, response: ServerResponse): void {
		if (path.startsWith('/v1/')) {
			this.counts.apiCalls++;
			if (path.includes('/status/')) this.counts.statusCalls++;
		} else {
			this.counts.otherCalls++;
		}
		if (request.headers[OWN_REQUEST_HEADER] !== undefined) return;
		this.counts.inFlight++;
		this.counts.maxInFlight = Math.max(this.counts.maxInFlight, this.counts.inFlight);
		let ended = false;
		const end = () => {
			if (ended) return;
			ended = true;
			this.counts.inFlight--;
		};
		response.once('finish', end);
		response.once('close', end);
		request.once('aborted', end);
	}

	countRateLimited(): void {
		this.counts.rateLimited++;
	}

	snapshot(): TrafficCounts {
		return { ...this.counts };
	}

	/** Starts counting afresh; requests still in flight stay counted as such. */
	reset(): void {
		this.counts = { apiCalls: 0, statusCalls: 0, otherCalls: 0, inFlight: this.counts.inFlight, maxInFlight: this.counts.inFlight, rateLimited: 0 };
	}
}
