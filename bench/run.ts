/**
 * `npm run bench` (quick) or `npm run bench -- --full`: the benchmarks of bench/, against
 * the sandbox, each figure a median of at least 3 runs. Prints a table and writes
 * bench/RESULTS.md and bench/results.json. Measurements, not tests: nothing is asserted.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { startSandbox } from '../test/sandbox/server';
import { measureEconomy } from './batchEconomy';
import { measureDownload } from './download';
import { measurePolling } from './polling';
import { type Figures, report } from './report';
import { measureThroughput } from './throughput';

const full = process.argv.includes('--full');
const RUNS = full ? 5 : 3;
const ITEMS = 200;
const LATENCY_MS = 300;
const POLL_INTERVAL_S = 3;

async function main(): Promise<void> {
	console.log(`bench: ${full ? 'full' : 'quick'} mode, ${RUNS} runs per figure`);
	// Throughput runs are short and noisy: a few more of them.
	const throughput = await measureThroughput(ITEMS, RUNS + 2, LATENCY_MS);
	console.log('bench: throughput done');

	const sandbox = await startSandbox({ port: 0, testControls: true, apiKey: 'bench-key' });
	let figures: Figures;
	try {
		const polling = [];
		for (const seconds of [1, 5, 20]) polling.push(await measurePolling(sandbox, seconds, POLL_INTERVAL_S, RUNS));
		console.log('bench: polling done');
		const download = await measureDownload(sandbox, full ? [20, 100, 200] : [20, 200], RUNS);
		console.log('bench: download done');
		const economy = await measureEconomy(sandbox, 100, RUNS, LATENCY_MS);
		console.log('bench: batch economy done');
		figures = { mode: full ? 'full' : 'quick', runs: RUNS, throughput, polling, download, economy };
	} finally {
		await sandbox.close();
	}
	const { markdown, json } = report(figures);
	console.log(`\n${markdown}`);
	writeFileSync(join(__dirname, 'RESULTS.md'), markdown);
	writeFileSync(join(__dirname, 'results.json'), `${JSON.stringify(json, null, 2)}\n`);
	console.log('bench: written to bench/RESULTS.md and bench/results.json');
}

main().catch((error: Error) => {
	console.error(`bench: ${error.stack ?? error.message}`);
	process.exit(1);
});
