import type { ICredentialDataDecryptedObject, IGetNodeParameterOptions, INode, INodeExecutionData, NodeParameterValueType } from 'n8n-workflow';

import { fileHelpersOf } from '../../shared/files/fileContext';
import { credentialsReadOnce } from '../../shared/transport/credentialsOnce';
import { RequestSlots } from '../../shared/transport/requestSlots';
import { cancellableSleep } from '../../shared/transport/retry';
import { FirstStatusCalls } from './firstStatusCalls';
import type { ItemContext } from './itemContext';
import { requestsAtOnceOf } from './requestsAtOnce';

/**
 * What a node run is made from: n8n's execute context, or, when pdf noodle's call resumes a
 * paused execution, the same seen from the webhook (pause/webhookExecuteView.ts).
 */
export interface RunBase {
	getNode(): INode;
	getInputData(): INodeExecutionData[];
	getNodeParameter(name: string, itemIndex: number, fallbackValue?: unknown, options?: IGetNodeParameterOptions): NodeParameterValueType | object;
	getCredentials(type: string, itemIndex?: number): Promise<ICredentialDataDecryptedObject>;
	getExecutionCancelSignal(): AbortSignal | undefined;
	continueOnFail(): boolean;
	helpers: Omit<ItemContext['helpers'], 'getBinaryDataBuffer'> & {
		getBinaryDataBuffer(itemIndex: number, propertyName: string): Promise<Buffer>;
	};
}

/**
 * One node run and the services its items share, made once per run (`runContextOf`) and handed
 * to every operation, for each item or for the whole run: Request Options → Batching (`nextTurn`),
 * the "Requests at Once" slots, the credential read once, what the items learn from each
 * other's first status call and the values they share (all four in the contexts of `item`).
 * `n8n` is what the run is made from, for what only n8n's execute context does (the pause).
 */
export interface RunContext<Base extends RunBase = RunBase> extends RunBase {
	readonly n8n: Base;
	/** The input item's context, with the run's slots, credential, first status calls and shared values; one per item. */
	item(itemIndex: number): ItemContext;
	/** Waits for the turn of the next piece of work (an item, a batch) that Request Options → Batching allows. */
	nextTurn(): Promise<void>;
	/** The value the run's items share under `key` (`ItemContext.sharedInRun`), if one of them made it. */
	sharedIfAny<T>(key: string): T | undefined;
}

/**
 * One input item of what the node run is made from, with the run's shared values; the run
 * puts its other services in between (`RunContext.item`), and the operations ask that.
 */
function itemContextOf(base: RunBase, itemIndex: number, sharedInRun: ItemContext['sharedInRun']): ItemContext {
	return {
		getNode: () => base.getNode(),
		getItemIndex: () => itemIndex,
		getNodeParameter: (name, fallbackValue, options) => base.getNodeParameter(name, itemIndex, fallbackValue, options),
		getInputData: () => base.getInputData()[itemIndex],
		getCredentials: async (type) => await base.getCredentials(type, itemIndex),
		getExecutionCancelSignal: () => base.getExecutionCancelSignal(),
		sharedInRun,
		helpers: {
			...fileHelpersOf(base.helpers),
			httpRequestWithAuthentication: async (type, options, extra) =>
				await base.helpers.httpRequestWithAuthentication.call(base, type, options, extra),
			getBinaryDataBuffer: async (propertyName) => await base.helpers.getBinaryDataBuffer(itemIndex, propertyName),
		},
	};
}

/** Request Options → Batching: so many items, then a pause, as n8n paces its own HTTP nodes. */
function pacingOf(base: RunBase): { size: number; intervalMs: number } | undefined {
	const options = base.getNodeParameter('requestOptions', 0, {}) as {
		batching?: { batch?: { batchSize?: number; batchInterval?: number } };
	};
	const size = Number(options.batching?.batch?.batchSize ?? 0);
	const intervalMs = Number(options.batching?.batch?.batchInterval ?? 0);
	return size > 0 && intervalMs > 0 ? { size, intervalMs } : undefined;
}

/** The node run of `n8n`'s context, with its services made once. */
export function runContextOf<Base extends RunBase>(n8n: Base): RunContext<Base> {
	const pacing = pacingOf(n8n);
	const withCredentials = credentialsReadOnce(n8n);
	const slots = new RequestSlots(requestsAtOnceOf(n8n));
	const firstStatusCalls = new FirstStatusCalls();
	const items = new Map<number, ItemContext>();
	// What the items share (a lookup made once per run, what the run reports at its end), dropped with the run.
	const shared = new Map<string, unknown>();
	const sharedInRun = <T>(key: string, make: () => T): T => {
		if (!shared.has(key)) shared.set(key, make());
		return shared.get(key) as T;
	};
	let started = 0;
	// Turns are taken one after the other, whoever asks, so the pauses fall between whole groups.
	let turns: Promise<void> = Promise.resolve();
	const run: RunContext<Base> = {
		n8n,
		getNode: () => n8n.getNode(),
		getInputData: () => n8n.getInputData(),
		getNodeParameter: (name, itemIndex, fallbackValue, options) => n8n.getNodeParameter(name, itemIndex, fallbackValue, options),
		getCredentials: async (type, itemIndex) => await n8n.getCredentials(type, itemIndex),
		getExecutionCancelSignal: () => n8n.getExecutionCancelSignal(),
		continueOnFail: () => n8n.continueOnFail(),
		helpers: n8n.helpers,
		item(itemIndex) {
			let context = items.get(itemIndex);
			if (!context) {
				context = { ...slots.bind(withCredentials(itemContextOf(n8n, itemIndex, sharedInRun))), firstStatusCalls };
				items.set(itemIndex, context);
			}
			return context;
		},
		sharedIfAny: <T>(key: string) => shared.get(key) as T | undefined,
		async nextTurn() {
			const turn = turns.then(async () => {
				if (pacing && started > 0 && started % pacing.size === 0) await cancellableSleep(run, pacing.intervalMs);
				started++;
			});
			turns = turn.catch(() => undefined);
			await turn;
		},
	};
	return run;
}
