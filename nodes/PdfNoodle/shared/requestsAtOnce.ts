import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * How many requests of a node run may be going at once. Without a bound, n8n's way (and
 * this runner's before) starts every item's request together: at 5,000 items, 5,000 calls
 * open at the service (past any rate limit: its sync calls may each wait up to 30 s) and
 * thousands of sockets open in n8n. Measured in n8n 2.40.7 at 300 ms per render, side by
 * side (bench/RESULTS.md): 400 is as fast as no bound at 200 items and within 1.3 × its time
 * at 2,000, with about 700 sockets at the most; 100 took 1.5 × the time of 400 at 200 items
 * and 2.1 × at 2,000, whether renders were answered at once or with a 202 (a sync call holds
 * its slot through the service's wait). Peak memory at 5,000 items was the same for 100, 200 and
 * 400. Renders waiting for a 202 hold no slot between their polls.
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
export function requestsAtOnceOf(execute: IExecuteFunctions): number {
	const value = Number(execute.getNodeParameter(REQUESTS_AT_ONCE_PARAMETER, 0, DEFAULT_REQUESTS_AT_ONCE));
	return Number.isFinite(value) && value > 0 ? Math.floor(value) : Infinity;
}
