/**
 * `npm run bench` (quick) or `npm run bench -- --full`: the benchmarks of bench/, against
 * the sandbox. In a real n8n (the pinned n8n of the end-to-end tests, the packed package):
 * our node against the peer a user would build, growth with the number of items, and the
 * large download in n8n's database binary mode. In n8n's engine (the test harness): polling,
 * download memory, batch economy and, with --full, the throughput against a plain HTTP
 * client. Prints the tables and writes bench/RESULTS.md and bench/results.json. Measurements,
 * not tests: nothing is asserted.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSandbox } from '../test/sandbox/server';
import { measureEconomy } from './batchEconomy';
import { measureDownload } from './download';
import { disposePrepared, measureInN8n, type N8nPlan, prepareN8n } from './n8n/session';
import { measurePolling } from './polling';
import { type Figures, report } from './report';
import { measureThroughput } from './throughput';

const full = process.argv.includes('--full');
const RUNS = full ? 5 : 3;
const ITEMS = 200;
const LATENCY_MS = 300;
const POLL_INTERVAL_S = 3;

const N8N_PLAN: N8nPlan = full
	? {
			latencyMs: LATENCY_MS,
			comparisonSizes: [200, 2000],
			runs: 3,
			runs202: 2,
			otherBoundsAt: [2000],
			growth: [
				{ key: 'ours', sizes: [100, 1000, 5000] },
				{ key: 'oursUnbounded', sizes: [100, 1000, 5000] },
				{ key: 'peer', sizes: [100, 1000, 5000] },
				{ key: 'batch', sizes: [5000] },
				// What the memory growth is made of: n8n alone with the same items, our node without its downloads.
				{ key: 'start', sizes: [5000] },
				{ key: 'oursNoDownload', sizes: [5000] },
			],
			freshProcess: true,
			downloadMb: 200,
			downloadRuns: 3,
			downloadInFilesystem: true,
		}
	: {
			latencyMs: LATENCY_MS,
			comparisonSizes: [200],
			runs: 3,
			runs202: 1,
			otherBoundsAt: [],
			growth: [
				{ key: 'ours', sizes: [100, 1000] },
				{ key: 'peer', sizes: [100, 1000] },
			],
			freshProcess: false,
			downloadMb: 200,
			downloadRuns: 1,
			downloadInFilesystem: false,
		};

const log = (line: string) => console.log(`bench: ${line}`);

async function main(): Promise<void> {
	log(`${full ? 'full' : 'quick'} mode, ${RUNS} runs per figure in n8n's engine`);
	// Throughput runs are short and noisy: a few more of them.
	const throughput = full ? await measureThroughput(ITEMS, RUNS + 2, LATENCY_MS) : undefined;
	if (throughput) log('throughput done');

	const sandbox = await startSandbox({ port: 0, testControls: true, apiKey: 'bench-key' });
	// n8n's user folder is prepared (its CLI takes seconds per command) and n8n started while
	// polling waits: the polling figures are call counts and delays of seconds, which that work
	// does not move.
	const n8nPrepared = prepareN8n(LATENCY_MS);
	n8nPrepared.catch(() => undefined);
	let n8nMeasured = false;
	let figures: Figures;
	try {
		const polling = [];
		for (const seconds of [1, 5, 20]) polling.push(await measurePolling(sandbox, seconds, POLL_INTERVAL_S, RUNS));
		log('polling done');
		n8nMeasured = true;
		const n8n = await measureInN8n(await n8nPrepared, N8N_PLAN, log);
		// The longest part is kept at once, should a later section fail (the engine sections load dist/).
		const kept = join(tmpdir(), 'pdf-noodle-bench-n8n.json');
		writeFileSync(kept, JSON.stringify(n8n, null, 2));
		log(`n8n figures kept in ${kept}`);
		// Quick mode: the largest file only (the goal's); --full shows whether growth follows the size.
		const download = await measureDownload(sandbox, full ? [20, 100, 200] : [200], RUNS);
		log('download done');
		const economy = await measureEconomy(sandbox, 100, RUNS, LATENCY_MS);
		log('batch economy done');
		figures = { mode: full ? 'full' : 'quick', runs: RUNS, n8n, throughput, polling, download, economy };
	} finally {
		await sandbox.close();
		if (!n8nMeasured) await n8nPrepared.then(disposePrepared, () => undefined);
	}
	const { markdown, json } = report(figures);
	console.log(`\n${markdown}`);
	writeFileSync(join(__dirname, 'RESULTS.md'), `${markdown}${triggerSectionKept()}`);
	writeFileSync(join(__dirname, 'results.json'), `${JSON.stringify(json, null, 2)}\n`);
	log('written to bench/RESULTS.md and bench/results.json');
}

/** The section `npm run bench:trigger` writes (bench/triggerBurst.ts), kept as it is. */
function triggerSectionKept(): string {
	const file = join(__dirname, 'RESULTS.md');
	const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
	const at = current.indexOf('<!-- bench:trigger start -->');
	return at === -1 ? '' : `\n${current.slice(at)}`;
}

main().catch((error: Error) => {
	console.error(`bench: ${error.stack ?? error.message}`);
	process.exit(1);
});
