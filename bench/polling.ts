/**
 * Polling cost: a render that finishes T seconds after its 202. How many status calls the
 * node makes, and how long after the sandbox marked SUCCESS the node saw it, against the
 * ideal (ceil(T / interval) + 1 calls, a delay of at most one interval).
 */
import { runPdfNoodle } from '../test/harness/engine';
import type { Sandbox } from '../test/support/sandbox';
import { apiRequests, clearRequestLog, credentialsFor } from '../test/support/sandbox';
import { median, round } from './stats';

export interface PollingResult {
	seconds: number;
	intervalSeconds: number;
	runs: number;
	statusCalls: number;
	idealCalls: number;
	detectionDelayMs: number;
}

/** One render finishing `seconds` after its 202: the status calls made and the delay until seen. */
async function pollOnce(sandbox: Sandbox, intervalSeconds: number): Promise<{ calls: number; delayMs: number }> {
	const result = await runPdfNoodle(
		{ resource: 'document', operation: 'renderFromTemplate', template: { __rl: true, mode: 'id', value: 'letter' }, data: '{}', pollInterval: intervalSeconds, downloadFile: false },
		{ credentials: credentialsFor(sandbox) },
	);
	if (result.error) throw new Error(result.error.message);
	const requestId = String(result.items[0].json.requestId);
	const polls = apiRequests(sandbox).filter((request) => request.path === `/v1/pdf/status/${requestId}`);
	const finishedAt = sandbox.context.renders.get(requestId)!.finishedAt!;
	const seen = polls.find((request) => Date.parse(request.at) >= finishedAt)!;
	return { calls: polls.length, delayMs: Date.parse(seen.at) - finishedAt };
}

/** The runs of one T go side by side (each has its own render), so waiting is not multiplied. */
export async function measurePolling(sandbox: Sandbox, seconds: number, intervalSeconds: number, runs: number): Promise<PollingResult> {
	clearRequestLog(sandbox);
	Object.assign(sandbox.context.settings, { syncWaitMs: 50, renderDelayMs: seconds * 1000, fixedRender: true });
	const outcomes = await Promise.all(Array.from({ length: runs }, async () => await pollOnce(sandbox, intervalSeconds)));
	return {
		seconds,
		intervalSeconds,
		runs,
		statusCalls: median(outcomes.map((outcome) => outcome.calls)),
		idealCalls: Math.ceil(seconds / intervalSeconds) + 1,
		detectionDelayMs: round(median(outcomes.map((outcome) => outcome.delayMs)), 0),
	};
}
