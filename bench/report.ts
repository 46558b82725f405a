/** Turns the benchmark figures into bench/RESULTS.md and bench/results.json. */
import { cpus, totalmem } from 'node:os';

import { DEFAULT_REQUESTS_AT_ONCE } from '../dist/nodes/PdfNoodle/runner/requestsAtOnce.js';
import type { EconomyResult } from './batchEconomy';
import { BINARY_MODES, type DownloadResult } from './download';
import type { N8nFigures } from './n8n/session';
import { comparisonSection, growthSection, table, verdict } from './n8nReport';
import type { PollingResult } from './polling';
import { round } from './stats';
import type { ThroughputResult, ThroughputRow, ThroughputWay } from './throughput';

export interface Figures {
	mode: 'quick' | 'full';
	runs: number;
	n8n: N8nFigures;
	/** In n8n's engine (the test harness), with --full only. */
	throughput?: ThroughputResult;
	polling: PollingResult[];
	download: DownloadResult[];
	economy: EconomyResult[];
}

const THROUGHPUT_GOAL = 1.15;
const DOWNLOAD_GOAL_MB = 64;

/** Each of our rows beside the minimal node doing the same work in the same run. */
const OURS_AND_FLOOR: Array<[ThroughputWay, ThroughputWay]> = [
	['default', 'engineFloorAsUserSetsUp'],
	['fixedData', 'engineFloorWithDownload'],
	['noDownload', 'engineFloor'],
];

function throughputSection({ items, latencyMs, rows }: ThroughputResult): string[] {
	const row = (key: ThroughputWay): ThroughputRow => rows.find((candidate) => candidate.key === key)!;
	const [perItemData, axiosClient] = [row('default'), row('axiosClient')];
	const [floorAsUser, floorWithDownload, floor] = [row('engineFloorAsUserSetsUp'), row('engineFloorWithDownload'), row('engineFloor')];
	const expressionMs = round(floorAsUser.nodeCpuPerItemMs - floorWithDownload.nodeCpuPerItemMs, 2);
	const downloadMs = round(
		floorWithDownload.nodeCpuPerItemMs - floor.nodeCpuPerItemMs - (floorWithDownload.rawCpuPerItemMs - floor.rawCpuPerItemMs),
		2,
	);
	return [
		`## In n8n's engine (test harness): throughput against the raw-HTTP floor (${items} renders sent at once, ${latencyMs} ms render latency, goal: ratio ≤ ${THROUGHPUT_GOAL})`,
		'',
		table(
			['way', 'plain fetch client does', 'way (ms)', 'plain fetch client (ms)', 'ratio', 'overhead per item (ms)', 'CPU per item: way / plain fetch (ms)'],
			rows.map((each) => [each.way, each.plainClientWork, each.nodeMs, each.rawMs, each.ratio, each.overheadPerItemMs, `${each.nodeCpuPerItemMs} / ${each.rawCpuPerItemMs}`]),
		),
		'',
		`Goal (first row, the node as a user sets it up): ${verdict(perItemData.ratio <= THROUGHPUT_GOAL)} (${perItemData.ratio} ×).`,
		'All items wait on the same latency, so the difference is the client\'s own work per item, done one item after',
		'another in one process. The "n8n\'s floor" rows are the least a node pays in n8n for the same work: a declarative',
		'node of the same parameters, sending the same body and, when it downloads, fetching the file through n8n\'s HTTP',
		'helper into n8n\'s binary data, with no validation, no retries and no bound on requests at once. Our node beside it:',
		'',
		table(
			['our way', "n8n's floor, ratio to the plain client", 'our ratio', 'our time / the floor\'s', 'our CPU per item beyond the floor\'s (ms)'],
			OURS_AND_FLOOR.map(([ours, floorKey]) => [
				row(ours).way,
				row(floorKey).ratio,
				row(ours).ratio,
				round(row(ours).nodeMs / row(floorKey).nodeMs, 2),
				round(row(ours).nodeCpuPerItemMs - row(floorKey).nodeCpuPerItemMs, 2),
			]),
		),
		'',
		floorAsUser.ratio > THROUGHPUT_GOAL
			? `So the goal is out of reach inside n8n: n8n's own floor for the first row's work is ${floorAsUser.ratio} × the plain client.`
			: `n8n's own floor for the first row's work is ${floorAsUser.ratio} × the plain client: the goal is within n8n's reach.`,
		`Our node as a user sets it up takes ${round(perItemData.nodeMs / floorAsUser.nodeMs, 2)} × that floor's time. What the floor is made of, per item, in this run:`,
		`- the "Data" expression: ${expressionMs} ms of CPU (n8n's expression engine evaluates it once per item);`,
		`- the download into n8n's binary data, beyond what the plain client spends reading the same bytes: ${downloadMs} ms of CPU`,
		'  (n8n\'s HTTP helper builds a new agent and connection for each request, and a node cannot hand it one; the',
		'  binary store writes the file and its metadata).',
		`Our node keeps at most ${DEFAULT_REQUESTS_AT_ONCE} requests at once (its "Requests at Once" default): the ${items} items here go in`,
		`${Math.ceil(items / DEFAULT_REQUESTS_AT_ONCE)} wave(s), the plain client's all at once; the real-n8n tables show what lower bounds cost.`,
		`The axios row compares HTTP clients alone: axios doing the fetch client's work takes ${axiosClient.ratio} × its time,`,
		`with ${axiosClient.nodeCpuPerItemMs} / ${axiosClient.rawCpuPerItemMs} ms of CPU per item (axios / fetch).`,
		'',
	];
}

function pollingSection(polling: PollingResult[]): string[] {
	const interval = polling[0]?.intervalSeconds ?? 0;
	const met = polling.every((row) => row.statusCalls <= row.idealCalls && row.detectionDelayMs <= row.intervalSeconds * 1000);
	return [
		`## Polling cost (render finishing T s after its 202, poll interval ${interval} s; ideal: ceil(T/interval)+1 calls, delay ≤ one interval)`,
		'',
		table(['T (s)', 'status calls', 'ideal calls', 'delay SUCCESS → seen (ms)'], polling.map((row) => [row.seconds, row.statusCalls, row.idealCalls, row.detectionDelayMs])),
		'',
		`Ideal: ${verdict(met)}.`,
		'',
	];
}

function downloadSection(download: DownloadResult[], inN8n: N8nFigures['download']): string[] {
	const sizes = [...new Set(download.map((row) => row.fileMb))];
	const largest = Math.max(...sizes);
	const growth = (mode: string, size: number) => download.find((row) => row.mode === mode && row.fileMb === size)?.rssGrowthMb ?? NaN;
	const filesystem = growth('filesystem', largest);
	const n8nRows = inN8n.map((row) => [
		`${row.mode}, in a real n8n (the n8n process${row.runs > 1 ? `, median of ${row.runs}` : ', 1 run'})`,
		...sizes.map((size) => (size === row.fileMb ? row.rssGrowthMb : '—')),
	]);
	const database = inN8n.find((row) => row.mode === 'database');
	return [
		`## Download memory (PDF downloaded to binary data; peak RSS growth in MB; goal: ≤ ${DOWNLOAD_GOAL_MB} MB in filesystem mode for ${largest} MB)`,
		'',
		table(
			['binary data mode', ...sizes.map((size) => `${size} MB file`)],
			[...BINARY_MODES.map((mode) => [`${mode === 'default' ? 'default (in memory)' : mode}, in n8n's engine (a process of its own)`, ...sizes.map((size) => growth(mode, size))]), ...n8nRows],
		),
		'',
		...(database
			? [
					`In \`database\` mode (queue mode's default in n8n 2.x; it needs n8n's database, so it is measured in \`n8n start\` on SQLite) n8n's`,
					`binary store reads the whole file into one buffer and inserts it into its table: ${database.rssGrowthMb} MB of growth for ${database.fileMb} MB, whatever`,
					'the node does (it hands n8n a stream). Mind the size limit of that mode (N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE, 512 MiB).',
					'',
				]
			: []),
		`Goal: ${verdict(filesystem <= DOWNLOAD_GOAL_MB)}. In filesystem mode the file streams to disk: its growth does not follow the`,
		'file\'s size. What remains are the socket\'s chunks waiting for the garbage collector, which V8 starts once about 64 MB',
		'of such memory has piled up. Each figure is measured after a 1 MB warm-up download in the same process.',
		'',
	];
}

function economySection(economy: EconomyResult[]): string[] {
	return [
		`## Batch economy (${economy[0]?.documents ?? 0} documents merged into one PDF, ${economy[0]?.latencyMs ?? 0} ms render latency)`,
		'',
		table(['way', 'API calls', 'wall time (ms)'], economy.map((row) => [row.way, row.apiCalls, row.wallMs])),
		'',
	];
}

export function report(figures: Figures): { markdown: string; json: object } {
	const date = new Date().toISOString();
	const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 1024 ** 3)} GiB`;
	const n8nCore = require('n8n-core/package.json').version as string;
	const n8nVersion = require('../test/e2e/package.json').dependencies.n8n as string;
	const markdown = [
		'# Benchmarks',
		'',
		`${date} · ${figures.mode} mode · ${machine} · Node ${process.versions.node} · n8n ${n8nVersion} (real n8n sections) and n8n-core ${n8nCore} (engine sections) · engine figures: medians of ${figures.runs} runs`,
		'',
		...comparisonSection(figures.n8n),
		...growthSection(figures.n8n),
		...(figures.throughput ? throughputSection(figures.throughput) : []),
		...pollingSection(figures.polling),
		...downloadSection(figures.download, figures.n8n.download),
		...economySection(figures.economy),
	].join('\n');
	return { markdown, json: { date, machine, node: process.versions.node, n8nCore, n8nVersion, ...figures } };
}
