import { setTimeout as sleep } from 'node:timers/promises';

/** Waits for `work` up to `ms`; answers whether it finished in time. The work goes on either way. */
export async function finishedWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
	const timer = new AbortController();
	const timedOut = sleep(ms, 'timeout' as const, { signal: timer.signal }).catch(() => 'aborted' as const);
	const winner = await Promise.race([work.then(() => 'done' as const), timedOut]);
	timer.abort();
	return winner === 'done';
}
