import type { INodeProperties } from 'n8n-workflow';

/**
 * How many requests of a node run may be going at once. Without a bound every item's request
 * starts together: at thousands of items, thousands of calls open at the service (past any
 * rate limit: its sync calls may each wait up to 30 s) and as many sockets in n8n. The default
 * is the bound that bench/ found as fast as no bound for a few hundred items and close to it
 * for thousands, with peak memory the same as lower bounds; lower bounds cost time, because a
 * sync call holds its slot through the service's wait. Renders waiting for a 202 hold no slot
 * between their polls.
 */
export const DEFAULT_REQUESTS_AT_ONCE = 400;
export const REQUESTS_AT_ONCE_PARAMETER = 'requestsAtOnce';

/**
 * The node setting that changes the bound (0: no bound), in the node's Settings beside
 * Request Options: n8n keeps only the parameters a node's description lists.
 */
export const requestsAtOnceField: INodeProperties = {
	displayName: 'Requests at Once',
	name: REQUESTS_AT_ONCE_PARAMETER,
	type: 'number',
	isNodeSetting: true,
	typeOptions: { minValue: 0, numberPrecision: 0 },
	default: DEFAULT_REQUESTS_AT_ONCE,
	description:
		'How many requests to pdf noodle (renders, status checks, downloads) may be going at the same time; the others wait for a free slot. 0 sends every item\'s request at once.',
};

/** The bound for this run of the node: the option where the node has it, else the default. */
export function requestsAtOnceOf(run: { getNodeParameter(name: string, itemIndex: number, fallbackValue?: unknown): unknown }): number {
	const value = Number(run.getNodeParameter(REQUESTS_AT_ONCE_PARAMETER, 0, DEFAULT_REQUESTS_AT_ONCE));
	return Number.isFinite(value) && value > 0 ? Math.floor(value) : Infinity;
}
