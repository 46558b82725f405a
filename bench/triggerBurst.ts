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
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';

import { EXAMPLE_TRIGGER_TOKEN, example, sandboxCredential, triggerSecretCredential } from '../test/e2e/examples';
import { N8n, N8N_VERSION } from '../test/e2e/n8n';
import { type Delivery, type DeliveryAnswer, burstDeliveries, postBurst } from '../test/support/burst';
import { type Sandbox, startTestSandbox } from '../test/support/sandbox';
import { table } from './n8nReport';
import { median, round } from './stats';

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

interface Way {
	key: string;
	label: string;
	/** A workflow ID of at most 21 characters (n8n saves static data only for such), and its webhook path. */
	workflow: Record<string, unknown>;
	path: string;
}

function triggerWay(key: string, label: string, confirmed: boolean, download: boolean): Way {
	const receiver = example('trigger-receive-renders');
	const [trigger] = receiver.nodes;
	const { pdfNoodleApi, ...secretOnly } = trigger.credentials;
	const node = {
		...trigger,
		webhookId: `bench-${key}`,
		parameters: { ...trigger.parameters, downloadFile: download, ...(download && !confirmed ? { downloadUnconfirmed: true } : {}) },
		credentials: confirmed ? { pdfNoodleApi, ...secretOnly } : secretOnly,
	};
	return { key, label, workflow: { ...receiver, id: `benchTrg${key}`, name: `bench: ${label}`, nodes: [node] }, path: `/webhook/bench-${key}/pdf-noodle` };
}

/** n8n's own Webhook node, answering at once: the least any trigger costs n8n. */
function floorWay(): Way {
	const node = {
		id: 'webhook',
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: 'bench-floor',
		parameters: { httpMethod: 'POST', path: 'bench-floor', responseMode: 'onReceived', options: {} },
	};
	return { key: 'Floor', label: "n8n's Webhook node (the floor)", workflow: { id: 'benchTrgFloor', name: 'bench: floor', nodes: [node], connections: {}, settings: { executionOrder: 'v1' } }, path: '/webhook/bench-floor' };
}

const WAYS: Way[] = [
	floorWay(),
	triggerWay('ConfNoDl', 'trigger, confirmed, Download File off', true, false),
	triggerWay('ConfDl', 'trigger, confirmed, Download File on', true, true),
	triggerWay('UnconfNoDl', 'trigger, unconfirmed, Download File off', false, false),
	triggerWay('UnconfDl', 'trigger, unconfirmed, Download File on (from unconfirmed URLs)', false, true),
];

/** Executions of a workflow n8n has finished recording. */
function finishedExecutions(n8n: N8n, workflowId: string): number {
	const database = new DatabaseSync(join(n8n.userFolder, '.n8n', 'database.sqlite'), { readOnly: true });
	try {
		const row = database.prepare("SELECT COUNT(*) AS count FROM execution_entity WHERE workflowId = ? AND status NOT IN ('new', 'running')").get(workflowId) as { count: number };
		return row.count;
	} finally {
		database.close();
	}
}

interface BurstRun {
	answeredPerSecond: number;
	recordedPerSecond: number;
	started: number;
	answers: Record<string, number>;
}

/** Posts a burst at a way (all within a second) and times the answers and the recorded executions. */
async function burstAt(n8n: N8n, baseUrl: string, way: Way, deliveries: Delivery[]): Promise<BurstRun> {
	const before = finishedExecutions(n8n, String(way.workflow.id));
	const start = performance.now();
	const answers = await postBurst(`${baseUrl}${way.path}?token=${EXAMPLE_TRIGGER_TOKEN}`, deliveries);
	const answeredMs = performance.now() - start;
	const started = answers.filter(startedOne).length;
	const deadline = Date.now() + 300_000;
	while (finishedExecutions(n8n, String(way.workflow.id)) - before < started && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 50));
	const recordedMs = performance.now() - start;
	return { answeredPerSecond: round((deliveries.length / answeredMs) * 1000, 0), recordedPerSecond: round((started / recordedMs) * 1000, 0), started, answers: tallyAnswers(answers) };
}

const startedOne = ({ status, data }: DeliveryAnswer) => status === 200 && (data as { started?: boolean } | undefined)?.started !== false;

function tallyAnswers(answers: DeliveryAnswer[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const answer of answers) {
		const key = startedOne(answer) ? 'started' : String(answer.status);
		counts[key] = (counts[key] ?? 0) + 1;
	}
	return counts;
}

async function startN8n(sandbox: Sandbox, tarball: string | undefined, ways: Way[]): Promise<{ n8n: N8n; baseUrl: string }> {
	const n8n = new N8n();
	// The unconfirmed downloading way fetches the sandbox's files from 127.0.0.1, which n8n's egress filter refuses unless allowed.
	n8n.settings = { N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32', N8N_LOG_LEVEL: 'warn' };
	if (tarball) await n8n.installPackage(tarball);
	else await n8n.installThisPackage();
	await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl), triggerSecretCredential()]);
	for (const way of ways) {
		await n8n.importWorkflow(way.workflow);
		await n8n.activateWorkflow(String(way.workflow.id));
	}
	const baseUrl = await n8n.start();
	for (const way of ways) await n8n.waitForWebhook(baseUrl, way.path.replace('/webhook/', ''), 'POST');
	return { n8n, baseUrl };
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

async function limitedBursts(sandbox: Sandbox, n8n: N8n, baseUrl: string, label: string): Promise<LimitRow[]> {
	const way = WAYS[1];
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
			limits = await limitedBursts(sandbox, n8n, baseUrl, 'this build');
		} finally {
			await n8n.dispose();
		}
		const baselineRows: LimitRow[] = [];
		for (const baseline of baselines) {
			({ n8n, baseUrl } = await startN8n(sandbox, baseline.tarball, [WAYS[1]]));
			try {
				baselineRows.push(...(await limitedBursts(sandbox, n8n, baseUrl, `${baseline.ref} (${baseline.commit})`)));
			} finally {
				await n8n.dispose();
			}
		}
		limits = [...baselineRows, ...limits];
	} finally {
		await sandbox.close();
		for (const baseline of baselines) rmSync(baseline.folder, { recursive: true, force: true });
	}

	const floor = median(throughput[0].runs.map((run) => run.answeredPerSecond));
	const markdown = [
		`## The trigger in a burst (\`npm run bench:trigger\`)`,
		'',
		`${new Date().toISOString()} · n8n ${N8N_VERSION} (\`n8n start\`, SQLite, filesystem binary mode) · bursts of ${SIZE} deliveries (finished renders and batches of the sandbox) posted within a second, each on a connection of its own · medians of ${RUNS} runs after a warm-up`,
		'',
		'Answered: deliveries a second until the last answer. Recorded: deliveries a second until n8n had recorded every execution they started. × floor: answered a second against n8n\'s Webhook node receiving the same posts.',
		'',
		table(
			['way', 'answered / s', '× floor', 'recorded / s', 'answers (last run)'],
			throughput.map(({ way, runs }) => {
				const answered = median(runs.map((run) => run.answeredPerSecond));
				return [way.label, answered, round(answered / floor, 2), median(runs.map((run) => run.recordedPerSecond)), JSON.stringify(runs.at(-1)!.answers)];
			}),
		),
		'',
		`### A burst of ${LIMITED_BURST} confirmed deliveries within a second, the service answering 429 (Retry-After: 1) beyond its limit of status lookups`,
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
