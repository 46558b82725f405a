/**
 * Throughput against the floor: N "Render From Template" items through the node in n8n's
 * engine, against the same N requests (render, then file download) from a plain HTTP client
 * (`fetch`) sending them all at once, as n8n's routing engine does, against one sandbox (in
 * its own process) answering after a fixed render latency. Runs alternate; each figure is a
 * median. One more way puts axios in the node's place, doing the plain client's work: what
 * the choice of HTTP client alone costs.
 *
 * Besides the wall times, the CPU time of this process per item: the client's own work,
 * which is what makes the difference when all requests wait on the same latency.
 */
import axios from 'axios';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { binaryBytes, runPdfNoodle, runSingleNode } from '../test/harness/engine';
import { REFERENCE_NODE_TYPE, ReferenceRenderNode } from './referenceNode';
import { type SandboxProcess, startSandboxProcess } from './sandboxProcess';
import { median, round } from './stats';

/** The ways the benchmark runs, in the order of the table. */
export type ThroughputWay =
	| 'default'
	| 'fixedData'
	| 'noDownload'
	| 'engineFloor'
	| 'engineFloorWithDownload'
	| 'engineFloorAsUserSetsUp'
	| 'axiosClient';

export interface ThroughputRow {
	key: ThroughputWay;
	way: string;
	/** What the plain HTTP client does in the same run. */
	plainClientWork: 'render and download' | 'render only';
	/** The way's figures (named after the node, which most ways run; the axios row runs axios). */
	nodeMs: number;
	rawMs: number;
	ratio: number;
	overheadPerItemMs: number;
	nodeCpuPerItemMs: number;
	rawCpuPerItemMs: number;
}

export interface ThroughputResult {
	items: number;
	latencyMs: number;
	runs: number;
	rows: ThroughputRow[];
}

type Client = (sandbox: SandboxProcess, items: number) => Promise<void>;

const credentialsOf = (sandbox: SandboxProcess) => ({ pdfNoodleApi: { apiKey: sandbox.apiKey, baseUrl: sandbox.baseUrl } });
const inputOf = (items: number): INodeExecutionData[] => Array.from({ length: items }, (_, index) => ({ json: { index } }));

function rawClient(download: boolean): Client {
	return async (sandbox, items) => {
		await Promise.all(
			Array.from({ length: items }, async (_, index) => {
				const response = await fetch(`${sandbox.baseUrl}/v1/pdf/sync`, {
					method: 'POST',
					headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
					body: JSON.stringify({ templateId: 'letter', data: { recipient: { name: `Person ${index}` } } }),
				});
				const { signedUrl } = (await response.json()) as { signedUrl: string };
				if (download) await (await fetch(signedUrl)).arrayBuffer();
			}),
		);
	};
}

/** The plain client's render and download through axios: an instance for the API; the signed URLs, which take no key, by axios itself. */
const axiosClient: Client = async (sandbox, items) => {
	const api = axios.create({ baseURL: sandbox.baseUrl, headers: { Authorization: `Bearer ${sandbox.apiKey}`, Accept: 'application/json' } });
	await Promise.all(
		Array.from({ length: items }, async (_, index) => {
			const { data } = await api.post<{ signedUrl: string }>('/v1/pdf/sync', { templateId: 'letter', data: { recipient: { name: `Person ${index}` } } });
			await axios.get(data.signedUrl, { responseType: 'arraybuffer' });
		}),
	);
};

function ourNode(parameters: INodeParameters): Client {
	return async (sandbox, items) => {
		const run = await runPdfNoodle(
			{ resource: 'document', operation: 'renderFromTemplate', template: { __rl: true, mode: 'id', value: 'letter' }, ...parameters },
			{ credentials: credentialsOf(sandbox), input: inputOf(items) },
		);
		if (run.error || run.items.length !== items) throw new Error(`the node run failed: ${run.error?.message}`);
		if (parameters.downloadFile !== false) await binaryBytes(run.items[items - 1].binary?.data);
	};
}

function referenceNode(parameters: INodeParameters): Client {
	return async (sandbox, items) => {
		const run = await runSingleNode(REFERENCE_NODE_TYPE, { templateId: 'letter', ...parameters }, {
			credentials: credentialsOf(sandbox),
			input: inputOf(items),
			extraNodeTypes: { [REFERENCE_NODE_TYPE]: new ReferenceRenderNode() },
		});
		if (run.error || run.items.length !== items) throw new Error(`the reference run failed: ${run.error?.message}`);
		if (parameters.downloadFile === true) await binaryBytes(run.items[items - 1].binary?.data);
	};
}

const PER_ITEM_DATA = '={{ JSON.stringify({ recipient: { name: "Person " + $itemIndex } }) }}';
const FIXED_DATA = '{"recipient": {"name": "Person"}}';

const WAYS: Array<{ key: ThroughputWay; way: string; client: Client; download: boolean }> = [
	{ key: 'default', way: 'our node: data from an expression, Download File on (the default)', client: ourNode({ data: PER_ITEM_DATA }), download: true },
	{ key: 'fixedData', way: 'our node: fixed data, Download File on', client: ourNode({ data: FIXED_DATA }), download: true },
	{ key: 'noDownload', way: 'our node: fixed data, Download File off', client: ourNode({ data: FIXED_DATA, downloadFile: false }), download: false },
	{
		key: 'engineFloorAsUserSetsUp',
		way: "n8n's floor for the first row's work: a minimal declarative node, the same Data expression, the file through n8n's helper",
		client: referenceNode({ data: PER_ITEM_DATA, downloadFile: true }),
		download: true,
	},
	{
		key: 'engineFloorWithDownload',
		way: "n8n's floor for the second row's work: the minimal node, fixed data, the file through n8n's helper",
		client: referenceNode({ data: FIXED_DATA, downloadFile: true }),
		download: true,
	},
	{ key: 'engineFloor', way: "n8n's floor for the third row's work: the minimal node, fixed data, no download", client: referenceNode({ data: FIXED_DATA }), download: false },
	{ key: 'axiosClient', way: 'a plain axios client in place of the node, doing the same as the fetch client', client: axiosClient, download: true },
];

/**
 * Wall and CPU time of one run of `client`. The garbage of the run before is collected first
 * (the bench runs with --expose-gc), so that no run pays for another's.
 */
async function measured(client: Client, sandbox: SandboxProcess, items: number): Promise<{ ms: number; cpuMs: number }> {
	global.gc?.();
	const cpu = process.cpuUsage();
	const started = performance.now();
	await client(sandbox, items);
	const ms = performance.now() - started;
	const used = process.cpuUsage(cpu);
	return { ms, cpuMs: (used.user + used.system) / 1000 };
}

export async function measureThroughput(items: number, runs: number, latencyMs = 300): Promise<ThroughputResult> {
	const sandbox = await startSandboxProcess({ renderDelayMs: latencyMs, fixedRender: true, syncWaitMs: 30_000 });
	try {
		const rows: ThroughputRow[] = [];
		for (const { key, way, client, download } of WAYS) {
			const raw = rawClient(download);
			// A full-size run of each first: code gets compiled, sockets opened, caches filled.
			await measured(client, sandbox, items);
			await measured(raw, sandbox, items);
			const nodeRuns = [];
			const rawRuns = [];
			for (let run = 0; run < runs; run++) {
				rawRuns.push(await measured(raw, sandbox, items));
				nodeRuns.push(await measured(client, sandbox, items));
			}
			const nodeMs = median(nodeRuns.map((run) => run.ms));
			const rawMs = median(rawRuns.map((run) => run.ms));
			rows.push({
				key,
				way,
				plainClientWork: download ? 'render and download' : 'render only',
				nodeMs: round(nodeMs, 0),
				rawMs: round(rawMs, 0),
				ratio: round(nodeMs / rawMs, 2),
				overheadPerItemMs: round((nodeMs - rawMs) / items, 2),
				nodeCpuPerItemMs: round(median(nodeRuns.map((run) => run.cpuMs)) / items, 2),
				rawCpuPerItemMs: round(median(rawRuns.map((run) => run.cpuMs)) / items, 2),
			});
		}
		return { items, latencyMs, runs, rows };
	} finally {
		await sandbox.close();
	}
}
