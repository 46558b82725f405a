/**
 * `npm run bench:trigger`: how many deliveries a second the PDF Noodle Trigger takes in the
 * pinned n8n (2.40.7, `n8n start`, the packed package), beside n8n's own Webhook node receiving
 * the same posts (the floor), confirmed and unconfirmed, with Download File on and off; and the
 * share of a burst a 429-ing service costs, with the package as it was at other commits
 * (`--baseline <git ref>`, several allowed, default `main`, each packed from its commit) and as
 * it is now. Bursts of
 * real finished renders and batches of the sandbox (`fixedRender`: a prepared PDF, so the
 * sandbox's Chromium is not what is measured). Nothing is asserted; the section
 * "The trigger in a burst" of bench/RESULTS.md is rewritten (`npm run bench` keeps it).
 *
 *   npm run bench:trigger -- [--size 200] [--runs 3] [--baseline main ...]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { N8n, N8N_VERSION } from '../test/e2e/n8n';
import { burstDeliveries } from '../test/support/burst';
import { type Sandbox, startTestSandbox } from '../test/support/sandbox';
import { table } from './n8nReport';
import { median, round } from './stats';
import { type BurstRun, burstAt, floorWay, startN8nWith, triggerWay, type Way } from './triggerWays';

const { values } = parseArgs({ options: { size: { type: 'string' }, runs: { type: 'string' }, baseline: { type: 'string', multiple: true } } });
const SIZE = Number(values.size ?? 200);
const RUNS = Number(values.runs ?? 3);
/** Builds of the package to compare the rate-limited bursts with, oldest first. */
const BASELINE_REFS = values.baseline ?? ['main'];
/** The rate-limit rows: a burst of this many within a second, at two limits of the sandbox's status lookups. */
const LIMITED_BURST = 200;
const LOOKUP_LIMITS = [20, 5];
const root = resolve(__dirname, '..');
const log = (line: string) => console.log(`bench:trigger: ${line}`);

const CONFIRMED = triggerWay('V2Conf', 'trigger v2, confirmed, Download File off', { version: 2, confirmed: true, download: false });
const UNCONFIRMED = triggerWay('V2Tok', 'trigger v2, secret token (unconfirmed), Download File off', { version: 2, confirmed: false, download: false });
/** The same as UNCONFIRMED without Start Once: what remembering each delivery costs, alone. */
const UNCONFIRMED_FORGETTING = triggerWay('V2TokNoMem', 'trigger v2, secret token, Start Once off (no delivery memory)', { version: 2, confirmed: false, download: false, startOnce: false });
/** Version 1 as its workflows were saved: also the way of the rate-limited bursts, which the baselines (version 1 only) share. */
const V1_CONFIRMED = triggerWay('V1Conf', 'trigger v1 (both credentials), confirmed, Download File off', { version: 1, confirmed: true, download: false });
/** n8n's Webhook node as n8n takes any other trigger's call: with an expression isolate. */
const FLOOR_WITH_ISOLATE = floorWay(true);
const CONFIRMED_DOWNLOADING = triggerWay('V2ConfDl', 'trigger v2, confirmed, Download File on', { version: 2, confirmed: true, download: true });
// Not a row: the unconfirmed way downloading. The sandbox's files are on 127.0.0.1, which the
// package refuses for a call that is not confirmed unless it is the API credential's Base URL,
// and a version-2 trigger with the secret has no API credential: it would measure refusals.
const WAYS: Way[] = [
	floorWay(),
	FLOOR_WITH_ISOLATE,
	V1_CONFIRMED,
	CONFIRMED,
	CONFIRMED_DOWNLOADING,
	UNCONFIRMED,
	UNCONFIRMED_FORGETTING,
];

async function startN8n(sandbox: Sandbox, tarball: string | undefined, ways: Way[]): Promise<{ n8n: N8n; baseUrl: string }> {
	const n8n = new N8n();
	return { n8n, baseUrl: await startN8nWith(n8n, sandbox, tarball, ways) };
}

/** The package as it was at `ref`: its files from git, built with this checkout's node_modules, packed. */
function packAt(ref: string): { tarball: string; folder: string; commit: string } {
	const folder = mkdtempSync(join(tmpdir(), 'pdf-noodle-baseline-'));
	const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
	execFileSync('bash', ['-c', `git -C "${root}" archive "${ref}" | tar -x -C "${folder}"`]);
	symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));
	execFileSync('npm', ['run', '--silent', 'build:node24'], { cwd: folder, stdio: 'inherit' });
	const packed = execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', folder], { cwd: folder, encoding: 'utf8' }).trim().split('\n').pop()!;
	return { tarball: join(folder, packed), folder, commit };
}

interface LimitRow {
	package: string;
	limit: number;
	answers: Record<string, number>;
	lostShare: number;
	seconds: number;
	/** Status lookups the sandbox received, and how many of them it answered 429. */
	lookups: number;
	rateLimited: number;
}

async function limitedBursts(sandbox: Sandbox, n8n: N8n, baseUrl: string, label: string, way: Way): Promise<LimitRow[]> {
	const rows: LimitRow[] = [];
	for (const limit of LOOKUP_LIMITS) {
		const deliveries = await burstDeliveries(sandbox, LIMITED_BURST, 0);
		sandbox.context.settings.statusLookupsPerSecond = limit;
		sandbox.context.traffic.reset();
		const start = performance.now();
		try {
			const run = await burstAt(n8n, baseUrl, way, deliveries);
			const { statusCalls, rateLimited } = sandbox.context.traffic.snapshot();
			rows.push({ package: label, limit, answers: run.answers, lostShare: round(1 - run.started / deliveries.length, 2), seconds: round((performance.now() - start) / 1000, 1), lookups: statusCalls, rateLimited });
		} finally {
			delete sandbox.context.settings.statusLookupsPerSecond;
		}
		log(`${label}, ${limit} lookups/s: ${JSON.stringify(rows.at(-1))}`);
		await new Promise((wait) => setTimeout(wait, 2000));
	}
	return rows;
}

const SECTION_START = '<!-- bench:trigger start -->';
const SECTION_END = '<!-- bench:trigger end -->';

function writeSection(markdown: string): void {
	const file = join(__dirname, 'RESULTS.md');
	const current = readFileSync(file, 'utf8');
	const section = `${SECTION_START}\n${markdown}\n${SECTION_END}`;
	const at = current.indexOf(SECTION_START);
	const next = at === -1 ? `${current.trimEnd()}\n\n${section}\n` : `${current.slice(0, at)}${section}${current.slice(current.indexOf(SECTION_END) + SECTION_END.length)}`;
	writeFileSync(file, next);
}

async function main(): Promise<void> {
	const sandbox = await startTestSandbox({ fixedRender: true });
	const baselines = BASELINE_REFS.map((ref) => ({ ref, ...packAt(ref) }));
	for (const baseline of baselines) log(`baseline ${baseline.ref} (${baseline.commit}) packed`);
	const throughput: Array<{ way: Way; runs: BurstRun[] }> = WAYS.map((way) => ({ way, runs: [] }));
	let limits: LimitRow[] = [];
	const loadBefore = loadavg();
	let loadAfter = loadBefore;
	try {
		let { n8n, baseUrl } = await startN8n(sandbox, undefined, WAYS);
		try {
			// A warm-up burst at every way, then the runs, the ways interleaved.
			for (let run = 0; run <= RUNS; run++) {
				const deliveries = await burstDeliveries(sandbox, SIZE, 0);
				for (const entry of throughput) {
					const result = await burstAt(n8n, baseUrl, entry.way, deliveries);
					if (run > 0) entry.runs.push(result);
					log(`${run === 0 ? 'warm-up' : `run ${run}`}: ${entry.way.label}: ${result.answeredPerSecond}/s answered, ${result.recordedPerSecond}/s recorded, ${JSON.stringify(result.answers)}`);
				}
			}
			loadAfter = loadavg();
			// Version 1, as the baselines have it: the lookup's retry is the same code in both versions.
			limits = await limitedBursts(sandbox, n8n, baseUrl, 'this build', V1_CONFIRMED);
		} finally {
			await n8n.dispose();
		}
		const baselineRows: LimitRow[] = [];
		for (const baseline of baselines) {
			({ n8n, baseUrl } = await startN8n(sandbox, baseline.tarball, [V1_CONFIRMED]));
			try {
				baselineRows.push(...(await limitedBursts(sandbox, n8n, baseUrl, `${baseline.ref} (${baseline.commit})`, V1_CONFIRMED)));
			} finally {
				await n8n.dispose();
			}
		}
		limits = [...baselineRows, ...limits];
	} finally {
		await sandbox.close();
		for (const baseline of baselines) rmSync(baseline.folder, { recursive: true, force: true });
	}

	// Rounded where written: each run's figure has one decimal, the median of an even number of
	// runs is a mean of two, which floating point writes 21.549999999999997; two decimals keep it.
	const medianOf = (runs: BurstRun[], figure: (run: BurstRun) => number) => round(median(runs.map(figure)), 2);
	const answeredOf = (way: Way) => medianOf(throughput.find((entry) => entry.way === way)!.runs, (run) => run.answeredPerSecond);
	const floor = answeredOf(WAYS[0]);
	// What remembering each delivery costs alone (Start Once on against off, the same way otherwise), and the floor plus that cost.
	const memoryMs = round(1000 / answeredOf(UNCONFIRMED) - 1000 / answeredOf(UNCONFIRMED_FORGETTING), 1);
	const floorWithMemory = round(1000 / (1000 / floor + Math.max(0, memoryMs)), 1);
	const load = (figures: number[]) => figures.map((figure) => round(figure, 1)).join(', ');
	const markdown = [
		`## The trigger in a burst (\`npm run bench:trigger\`)`,
		'',
		`${new Date().toISOString()} · n8n ${N8N_VERSION} (\`n8n start\`, SQLite, filesystem binary mode) · bursts of ${SIZE} deliveries (finished renders and batches of the sandbox) posted within a second, each on a connection of its own · medians of ${RUNS} runs after a warm-up`,
		'',
		`Machine: ${cpus().length} cores; load average (1, 5, 15 min) ${load(loadBefore)} before the runs, ${load(loadAfter)} after them (the machine may be shared: compare the rows of one run, as ratios).`,
		'',
		'Answered: deliveries a second until the last answer. Recorded: deliveries a second until n8n had recorded every execution they started. × floor: answered a second against n8n\'s Webhook node receiving the same posts.',
		'',
		table(
			['way', 'answered / s', '× floor', 'recorded / s', 'answers (last run)'],
			throughput.map(({ way, runs }) => {
				const answered = answeredOf(way);
				return [way.label, answered, round(answered / floor, 2), medianOf(runs, (run) => run.recordedPerSecond), JSON.stringify(runs.at(-1)!.answers)];
			}),
		),
		'',
		`What the Webhook node does not pay: remembering each delivery (Start Once), ${memoryMs} ms a delivery in this run (the secret-token way with Start Once on against off). n8n's floor plus that cost: ${floorWithMemory} a second; version 2 confirmed takes ${round(answeredOf(CONFIRMED) / floorWithMemory, 2)} × that, unconfirmed ${round(answeredOf(UNCONFIRMED) / floorWithMemory, 2)} ×, with Download File ${round(answeredOf(CONFIRMED_DOWNLOADING) / floorWithMemory, 2)} ×.`,
		'',
		`And a cost n8n puts on every trigger but its own Webhook node with static parameters: an expression isolate for the call's webhook phase (n8n 2.40.7, live-webhooks.js). The Webhook node with one expression option pays it: ${answeredOf(FLOOR_WITH_ISOLATE)} a second (${round(answeredOf(FLOOR_WITH_ISOLATE) / floor, 2)} × the floor). Against it, version 2 confirmed takes ${round(answeredOf(CONFIRMED) / answeredOf(FLOOR_WITH_ISOLATE), 2)} ×, unconfirmed ${round(answeredOf(UNCONFIRMED) / answeredOf(FLOOR_WITH_ISOLATE), 2)} ×, with Download File ${round(answeredOf(CONFIRMED_DOWNLOADING) / answeredOf(FLOOR_WITH_ISOLATE), 2)} ×.`,
		'',
		`### A burst of ${LIMITED_BURST} confirmed deliveries within a second, the service answering 429 (Retry-After: 1) beyond its limit of status lookups (version 1's way)`,
		'',
		table(
			['package', 'lookups / s allowed', 'answers (last, after sending 503s again)', 'deliveries lost (not started)', 'until the last answer (s)', 'lookups', 'of them answered 429'],
			limits.map((row) => [row.package, row.limit, JSON.stringify(row.answers), `${Math.round(row.lostShare * 100)} %`, row.seconds, row.lookups, row.rateLimited]),
		),
		'',
		'Up to efca6a5 a delivery whose lookup is answered 429 is refused (502; whether pdf noodle sends it again is not documented); up to ddc7dd3 each lookup waits',
		'out its own Retry-After and asks again, for 20 s; since 191e017 the lookups of a credential take turns in arrival order (lookupLine.ts). A delivery not confirmed within',
		'the 20 s is answered 503 (send it again), never lost silently.',
	].join('\n');
	console.log(`\n${markdown}`);
	writeSection(markdown);
	log('written to bench/RESULTS.md');
}

main().catch((error: Error) => {
	console.error(`bench:trigger: ${error.stack ?? error.message}`);
	process.exit(1);
});
