/** The webhook receiver fixture of a test file (Jest only: bench/ imports support/receiver.ts). */
import { afterAll, beforeAll } from '@jest/globals';

import { type Receiver, startReceiver } from './receiver';
import { startedInHooks } from './startedInHooks';

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
	return startedInHooks('receiver', () => started);
}
