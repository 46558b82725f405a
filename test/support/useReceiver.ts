/** The webhook receiver fixture of a test file (Jest only: bench/ imports support/receiver.ts). */
import { afterAll, beforeAll } from '@jest/globals';

import { type Receiver, startReceiver } from './receiver';

/**
 * A webhook receiver for a test file: started before its tests, closed after them. It is used as
 * the receiver itself; it exists from the file's first hook on.
 */
export function useReceiver(): Receiver {
	let started: Receiver | undefined;
	beforeAll(async () => {
		started = await startReceiver();
	});
	afterAll(async () => await started?.close());
	return new Proxy({} as Receiver, {
		get(_, property) {
			if (!started) throw new Error('The receiver starts before the first test: use it in a test or a hook');
			return Reflect.get(started, property, started);
		},
	});
}
