/**
 * A burst of webhook deliveries at one PDF Noodle Trigger, as when a campaign's renders finish
 * together: real, finished renders and batches of the sandbox (Chromium renders), posted within
 * about a second, with forged calls among them, while the sandbox rate-limits the status
 * lookups that confirm them. Used by test/e2e/hardened.test.ts (one n8n), test/queue/queue.test.ts
 * (webhook processor and two workers) and bench/triggerBurst.ts.
 */
import { Agent } from 'node:http';

import axios from 'axios';

import { finishedCall, type Sandbox } from './sandbox';

/** Deliveries in a burst: `PDF_NOODLE_BURST` (npm run test:burst sets 500), else the CI's smaller burst. */
export const BURST_SIZE = Number(process.env.PDF_NOODLE_BURST ?? 40);
/** A burst test's own time limit: n8n takes a few deliveries a second here, sent again ones included. */
export const BURST_TEST_TIMEOUT_MS = Math.max(600_000, BURST_SIZE * 3000);

export interface Delivery {
	/** `render:<requestId>` or `batch:<batchRequestId>`: what an execution it starts is about. */
	key: string;
	forged: boolean;
	body: Record<string, unknown>;
}

/** One forged call in ten: IDs pdf noodle never issued, which confirmation refuses (403). */
const FORGED_SHARE = 0.1;
const BATCH_SIZE = 20;

const keyOf = (event: 'render' | 'batch', id: unknown) => `${event}:${String(id)}`;

/**
 * A batch rendered by the sandbox, finished: on a busy machine its Chromium may take longer
 * than the synchronous wait (202), and then its record is polled until it is (finishedCall).
 */
async function finishedBatch(sandbox: Sandbox, items: Array<{ html: string }>): Promise<Record<string, any>> {
	const { status, json, text } = await finishedCall(sandbox, '/v1/html-to-pdf/batch', { items });
	if (status !== 200) throw new Error(`The sandbox answered ${status} to a batch: ${text}`);
	return json;
}

/**
 * `size` deliveries: finished batch records and the render results inside them (each result
 * is a real render the status endpoint knows), and one in ten forged (`forgedShare`).
 */
export async function burstDeliveries(sandbox: Sandbox, size: number, forgedShare = FORGED_SHARE): Promise<Delivery[]> {
	const forgedCount = Math.round(size * forgedShare);
	const genuine: Delivery[] = [];
	for (let batch = 0; genuine.length < size - forgedCount; batch++) {
		const items = Array.from({ length: BATCH_SIZE }, (_, index) => ({ html: `<h1>Burst ${batch}.${index}</h1>` }));
		const json = await finishedBatch(sandbox, items);
		genuine.push({ key: keyOf('batch', json.batchRequestId), forged: false, body: json });
		for (const result of json.results as Array<Record<string, unknown>>) genuine.push({ key: keyOf('render', result.requestId), forged: false, body: result });
	}
	const deliveries = genuine.slice(0, size - forgedCount);
	for (let index = 0; index < forgedCount; index++) {
		const requestId = `forged-burst-${index}`;
		// Forged among the genuine ones, not after them.
		deliveries.splice(index * 10, 0, { key: keyOf('render', requestId), forged: true, body: { requestId, renderStatus: 'SUCCESS', signedUrl: 'http://127.0.0.1:9/stolen.pdf', metadata: {} } });
	}
	return deliveries;
}

/**
 * Status lookups the sandbox answers a second during a burst: 5, whatever its size. A trigger
 * in n8n confirms only a few deliveries a second here (bench/RESULTS.md: 500 took 145 s), so a
 * limit that grew with the burst was never met; at 5 a second its lookups still come in bunches
 * that meet the limit, and seldom for long enough to pass the trigger's 20 s (a delivery
 * answered 503 then is sent again, as a sender would).
 */
export const BURST_LOOKUPS_PER_SECOND = 5;

export interface DeliveryAnswer {
	delivery: Delivery;
	status: number;
	data: unknown;
	/** Times the delivery was sent again after a 503 or no answer. */
	sentAgain: number;
	/** Times a call of it got no answer within `ANSWER_WITHIN_MS` (or lost its connection). */
	unanswered: number;
}

/**
 * How long the sender waits for an answer. The trigger answers within its lookup's 20 s once
 * n8n gets to the call, but n8n takes a burst's calls only a few a second here (a 500 burst
 * through the webhook processor queues for minutes on 2 cores): a sender that gave up after a
 * minute sent most calls again, and the copies kept n8n busier still (3,779 calls unanswered in
 * ten minutes). A delivery that got no answer is sent again (the trigger's Start Once memory
 * answers a copy of one that did start `duplicate`).
 */
const ANSWER_WITHIN_MS = 300_000;

async function deliver(url: string, delivery: Delivery, agent: Agent): Promise<DeliveryAnswer> {
	let unanswered = 0;
	for (let sentAgain = 0; ; sentAgain++) {
		const response = await axios
			.post(url, delivery.body, { httpAgent: agent, validateStatus: () => true, timeout: ANSWER_WITHIN_MS })
			.catch((error: Error) => {
				unanswered++;
				return { status: 0, data: `no answer: ${error.message}`, headers: {} as Record<string, unknown> };
			});
		const sendAgain = response.status === 503 || response.status === 0;
		if (!sendAgain || sentAgain === SENT_AGAIN_AT_MOST) return { delivery, status: response.status, data: response.data as unknown, sentAgain, unanswered };
		const asked = Number(response.headers['retry-after']);
		await new Promise((wait) => setTimeout(wait, Number.isFinite(asked) && asked > 0 ? asked * 1000 : resendAfterMs(sentAgain)));
	}
}

/** How many deliveries had to be sent again after a 503 or no answer. */
export function sentAgainCount(answers: DeliveryAnswer[]): number {
	return answers.filter((answer) => answer.sentAgain > 0).length;
}

/** How many calls got no answer in time (each was sent again). */
export function unansweredCount(answers: DeliveryAnswer[]): number {
	return answers.reduce((sum, answer) => sum + answer.unanswered, 0);
}

/**
 * Times a sender posts a delivery answered 503 again, as the answer asks: after its
 * Retry-After, else after 1, 2, 4, 8, 16, then 30 s (about three minutes in all), as webhook
 * senders commonly back off. A 503 comes from the trigger (its lookup could not be made
 * within 20 s) and from n8n itself: a burst can starve the health check of n8n's database,
 * and then n8n answers every call "Database is not ready!" until it has recovered.
 */
const SENT_AGAIN_AT_MOST = 10;
const resendAfterMs = (sentAgain: number) => Math.min(30_000, 1000 * 2 ** sentAgain);

/**
 * Posts every delivery to `url` within `withinMs` (ten waves), each on a connection of its
 * own, and waits for every answer. A delivery answered 503 ("send it again later"), or not
 * answered within `ANSWER_WITHIN_MS`, is sent again, backing off, as a sender that honours the answer
 * does (`SENT_AGAIN_AT_MOST`); its last answer counts (status 0: none came), and `sentAgain`
 * says how often that was needed.
 */
export async function postBurst(url: string, deliveries: Delivery[], withinMs = 1000): Promise<DeliveryAnswer[]> {
	const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
	const waves = 10;
	const perWave = Math.ceil(deliveries.length / waves);
	const answers: Array<Promise<DeliveryAnswer>> = [];
	for (let wave = 0; wave < waves; wave++) {
		for (const delivery of deliveries.slice(wave * perWave, (wave + 1) * perWave)) {
			answers.push(deliver(url, delivery, agent));
		}
		await new Promise((wait) => setTimeout(wait, withinMs / waves));
	}
	try {
		return await Promise.all(answers);
	} finally {
		agent.destroy();
	}
}

/** What an execution of the trigger is about: the key of its first item. */
export function executionKey(firstItem: { event?: unknown; requestId?: unknown; batchRequestId?: unknown }): string {
	return firstItem.event === 'batch' ? keyOf('batch', firstItem.batchRequestId) : keyOf('render', firstItem.requestId);
}

/** The genuine deliveries no execution is about, and the keys of more than one execution. */
export function tally(deliveries: Delivery[], executionKeys: string[]): { missing: string[]; twice: string[]; forgedStarted: string[] } {
	const counts = new Map<string, number>();
	for (const key of executionKeys) counts.set(key, (counts.get(key) ?? 0) + 1);
	return {
		missing: deliveries.filter((delivery) => !delivery.forged && !counts.has(delivery.key)).map((delivery) => delivery.key),
		twice: [...counts].filter(([, count]) => count > 1).map(([key]) => key),
		forgedStarted: deliveries.filter((delivery) => delivery.forged && counts.has(delivery.key)).map((delivery) => delivery.key),
	};
}

/**
 * One answer of each kind other than the expected ones (started, forged refused), with its
 * body: what to read first when a burst fails (e.g. n8n's own 500 message).
 */
export function unexpectedAnswerSamples(answers: DeliveryAnswer[]): string[] {
	const samples = new Map<string, string>();
	for (const { delivery, status, data } of answers) {
		const expected = delivery.forged ? status === 403 : status === 200;
		if (!expected && !samples.has(`${status}`)) samples.set(`${status}`, `${status} ${JSON.stringify(data).slice(0, 300)}`);
	}
	return [...samples.values()];
}

/**
 * How the answers fell: `200 started`, `403`, ... with counts, genuine and forged apart. A
 * delivery whose earlier call got no answer and whose copy was answered `duplicate` did start
 * (by the call that got no answer): it counts as `200 started`, and the executions tell whether
 * it started once.
 */
export function answerCounts(answers: DeliveryAnswer[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const { delivery, status, data, unanswered } of answers) {
		const answer = data as { started?: unknown; duplicate?: unknown } | undefined;
		const started = answer?.started === true || (unanswered > 0 && answer?.duplicate === true) ? true : answer?.started;
		const key = `${delivery.forged ? 'forged' : 'genuine'} ${status}${started === undefined ? '' : started ? ' started' : ' not started'}`;
		counts[key] = (counts[key] ?? 0) + 1;
	}
	return counts;
}
