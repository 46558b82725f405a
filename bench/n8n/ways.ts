/**
 * The ways of rendering that the real-n8n benchmarks compare: each a chain of the benchmark
 * workflow, with the name the tables give it and the number of nodes a user builds for it.
 */
import type { BenchChain } from './workflows';
import { FIXED_DATA, ourBatchNode, ourBoundNode, ourDownloadNode, ourNode, peerDownload, peerPollingLoop, peerRender } from './workflows';

export type WayKey = 'ours' | 'oursFixed' | 'oursUnbounded' | 'oursNoDownload' | 'peer' | 'start' | 'peerLoop' | 'batch' | 'download' | BoundKey;

/** Other settings of "Requests at Once" measured beside the default, to show what the default was chosen from. */
export const OTHER_BOUNDS = [100, 200] as const;
export type BoundKey = `bound${(typeof OTHER_BOUNDS)[number]}`;
export const boundKey = (bound: (typeof OTHER_BOUNDS)[number]): BoundKey => `bound${bound}`;

export interface Way {
	key: WayKey;
	label: string;
	/** Nodes the user adds for this way (the start every way shares not counted). */
	nodesBuilt: number;
	chain: BenchChain;
	/** The way puts out its items without files (n8n alone, Download File off). */
	withoutFiles?: true;
}

/** The poll interval of our node's waiting (its default) and of the peer's Wait node. */
export const POLL_INTERVAL_S = 3;

export function benchWays(sandboxBaseUrl: string): Way[] {
	const loop = peerPollingLoop('peerLoop', sandboxBaseUrl, POLL_INTERVAL_S);
	return [
		{ key: 'ours', label: 'our node as a user sets it up (Data from an expression, Download File on)', nodesBuilt: 1, chain: { key: 'ours', nodes: [ourNode('ours: PDF Noodle', {})] } },
		{ key: 'oursFixed', label: 'our node, fixed Data', nodesBuilt: 1, chain: { key: 'oursFixed', nodes: [ourNode('oursFixed: PDF Noodle', { data: FIXED_DATA })] } },
		{
			key: 'oursNoDownload',
			label: 'our node with Download File off (the same renders, no file fetched)',
			nodesBuilt: 1,
			chain: { key: 'oursNoDownload', nodes: [ourNode('oursNoDownload: PDF Noodle', { downloadFile: false })] },
			withoutFiles: true,
		},
		{
			key: 'oursUnbounded',
			label: 'our node without a bound (Requests at Once 0: every item at once)',
			nodesBuilt: 1,
			chain: { key: 'oursUnbounded', nodes: [ourBoundNode('oursUnbounded: PDF Noodle', 0)] },
		},
		...OTHER_BOUNDS.map((bound) => ({
			key: boundKey(bound),
			label: `our node with Requests at Once ${bound}`,
			nodesBuilt: 1,
			chain: { key: boundKey(bound), nodes: [ourBoundNode(`${boundKey(bound)}: PDF Noodle`, bound)] },
		})),
		{
			key: 'peer',
			label: "the peer: n8n's HTTP Request (POST /v1/pdf/sync, bearer) + HTTP Request (signedUrl as a file)",
			nodesBuilt: 2,
			chain: { key: 'peer', nodes: [peerRender('peer: render (HTTP Request)', sandboxBaseUrl), peerDownload('peer: download (HTTP Request)')] },
		},
		{
			key: 'peerLoop',
			label: 'the peer for a 202: HTTP Request + Wait + HTTP Request (status) + IF (loop back) + HTTP Request (file)',
			nodesBuilt: 5,
			chain: { key: 'peerLoop', nodes: loop, loops: [[loop[3].name, 1, loop[1].name]] },
		},
		{ key: 'batch', label: 'our node, Batch resource (Render Templates, each item a document)', nodesBuilt: 1, chain: { key: 'batch', nodes: [ourBatchNode('batch: PDF Noodle')] } },
		{ key: 'download', label: 'our node, Get Status with Download File', nodesBuilt: 1, chain: { key: 'download', nodes: [ourDownloadNode('download: PDF Noodle', 'download')] } },
		{
			key: 'start',
			label: 'n8n alone: the webhook and the N items every row starts from',
			nodesBuilt: 0,
			chain: { key: 'start', nodes: [{ id: 'start: no operation', name: 'start: no operation', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [0, 0], parameters: {} }] },
			withoutFiles: true,
		},
	];
}
