/**
 * Runs `work` on each value with at most `limit` running at once, and returns every
 * outcome in the order of `values`. With `stopAfterFailure`, nothing new is started once a
 * run has failed (the runs already going are let finish); the values never started have
 * no outcome.
 */
export async function settleInOrder<T, R>(
	values: T[],
	limit: number,
	work: (value: T) => Promise<R>,
	stopAfterFailure: boolean,
): Promise<Array<PromiseSettledResult<R> | undefined>> {
	const outcomes: Array<PromiseSettledResult<R> | undefined> = new Array(values.length).fill(undefined);
	let next = 0;
	let failed = false;
	const runner = async (): Promise<void> => {
		while (next < values.length && !(stopAfterFailure && failed)) {
			const index = next++;
			try {
				outcomes[index] = { status: 'fulfilled', value: await work(values[index]) };
			} catch (reason) {
				failed = true;
				outcomes[index] = { status: 'rejected', reason };
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, values.length) }, runner));
	return outcomes;
}
