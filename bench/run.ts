/**
 * `npm run bench` (quick) or `npm run bench -- --full`: the benchmarks of bench/, against
 * the sandbox, each figure a median of at least 3 runs. Prints a table and writes
 * bench/RESULTS.md and bench/results.json. Measurements, not tests: nothing is asserted.
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

import { startSandbox } from '../test/sandbox/server';
import { measureEconomy } from './batchEconomy';
import { measureDownload } from './download';
import { measurePolling } from './polling';
import { measureThroughput } from './throughput';

const full = process.argv.includes('--full');
const RUNS = full ? 5 : 3;

function table(headers: string[], rows: Array<Array<string | number>>): string {
	return [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

async function main(): Promise<void> {
	const sandbox = await startSandbox({ port: 0, testControls: true, apiKey: 'bench-key' });
	try {
		console.log(`bench: ${full ? 'full' : 'quick'} mode, ${RUNS} runs per figure`);
		const throughput = await measureThroughput(sandbox, 200, RUNS);
		console.log('bench: throughput done');
		const polling = [];
		for (const seconds of full ? [1, 5, 20] : [1, 5]) polling.push(await measurePolling(sandbox, seconds, 3, RUNS));
		console.log('bench: polling done');
		const download = await measureDownload(sandbox, 200, RUNS);
		console.log('bench: download done');
		const economy = await measureEconomy(sandbox, 100, RUNS);
		console.log('bench: batch economy done');

		const n8nCore = require('n8n-core/package.json').version as string;
		const n8n = require('../test/e2e/package.json').dependencies.n8n as string;
		const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 1024 ** 3)} GiB`;
		const report = [
			'# Benchmarks',
			'',
			`${new Date().toISOString()} · ${full ? 'full' : 'quick'} mode · ${machine} · Node ${process.versions.node} · n8n-core ${n8nCore} (n8n ${n8n}) · medians of ${RUNS} runs`,
			'',
			`## Throughput against the raw-HTTP floor (${throughput.items} renders, ${throughput.latencyMs} ms render latency, goal: ratio ≤ 1.15)`,
			'',
			table(['node in n8n\'s engine (ms)', 'plain HTTP client (ms)', 'ratio', 'overhead per item (ms)'], [[throughput.nodeMs, throughput.rawMs, throughput.ratio, throughput.overheadPerItemMs]]),
			'',
			'## Polling cost (render finishing T s after its 202, poll interval 3 s; ideal: ceil(T/interval)+1 calls, delay ≤ one interval)',
			'',
			table(['T (s)', 'status calls', 'ideal calls', 'delay SUCCESS → seen (ms)'], polling.map((row) => [row.seconds, row.statusCalls, row.idealCalls, row.detectionDelayMs])),
			'',
			`## Download memory (${download[0].fileMb} MB PDF to binary data; goal: ≤ 64 MB growth in filesystem mode)`,
			'',
			table(['binary data mode', 'peak RSS growth (MB)'], download.map((row) => [row.mode, row.rssGrowthMb])),
			'',
			`## Batch economy (${economy[0].documents} documents merged into one PDF, ${300} ms render latency)`,
			'',
			table(['way', 'API calls', 'wall time (ms)'], economy.map((row) => [row.way, row.apiCalls, row.wallMs])),
			'',
		].join('\n');
		console.log(`\n${report}`);
		writeFileSync(join(__dirname, 'RESULTS.md'), report);
		writeFileSync(join(__dirname, 'results.json'), `${JSON.stringify({ date: new Date().toISOString(), mode: full ? 'full' : 'quick', machine, node: process.versions.node, n8nCore, n8n, runs: RUNS, throughput, polling, download, economy }, null, 2)}\n`);
		console.log('bench: written to bench/RESULTS.md and bench/results.json');
	} finally {
		await sandbox.close();
	}
}

main().catch((error: Error) => {
	console.error(`bench: ${error.stack ?? error.message}`);
	process.exit(1);
});
