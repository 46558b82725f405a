/**
 * `npm run bench:trigger:profile`: where one delivery's time goes in n8n. For each way (n8n's
 * Webhook node, the trigger as version 1 and as version 2), a pinned n8n of its own is started
 * with `--cpu-prof`, takes a warm-up burst and then a measured burst, and is stopped, which
 * writes its CPU profile. The samples taken during the measured burst (V8 stamps them with the
 * same monotonic clock as this process's `process.hrtime`) are put into the parts of a
 * delivery by the functions on their stack, and the CPU time of each part is divided by the
 * deliveries. Nothing is asserted; the table is printed (bench/README.md keeps a run's).
 *
 *   npm run bench:trigger:profile -- [--size 200] [--ways Floor,V1Conf,...] [--keep folder]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { N8n } from '../test/e2e/n8n';
import { burstDeliveries } from '../test/support/burst';
import { startTestSandbox } from '../test/support/sandbox';
import { table } from './n8nReport';
import { round } from './stats';
import { burstAt, floorWay, startN8nWith, triggerWay, type Way } from './triggerWays';

const { values } = parseArgs({ options: { size: { type: 'string' }, ways: { type: 'string' }, keep: { type: 'string' } } });
const SIZE = Number(values.size ?? 200);
const log = (line: string) => console.log(`bench:trigger:profile: ${line}`);

const ALL_WAYS: Way[] = [
	floorWay(),
	floorWay(true),
	triggerWay('V1Conf', 'trigger v1, confirmed (and the secret)', { version: 1, confirmed: true, download: false }),
	triggerWay('V2Conf', 'trigger v2, confirmed', { version: 2, confirmed: true, download: false }),
	triggerWay('V2ConfDl', 'trigger v2, confirmed, Download File on', { version: 2, confirmed: true, download: true }),
	triggerWay('V2Token', 'trigger v2, secret token (unconfirmed)', { version: 2, confirmed: false, download: false }),
];

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
}
interface CpuProfile {
	nodes: ProfileNode[];
	startTime: number;
	samples: number[];
	timeDeltas: number[];
}

/** Our package, as n8n installed it into its user folder (the n8n under test itself sits in a cache whose name has the package's). */
const OURS = /\/node_modules\/n8n-nodes-pdf-noodle\/dist\//;

/**
 * The parts of a delivery, in this order: a sample goes to the first part that any frame of its
 * stack belongs to, so that a credential read is the credential's wherever it is made from (the
 * token check, the lookup), and an expression isolate taken for the run is the run's.
 */
type Frame = ProfileNode['callFrame'];
const ISOLATE = (frame: Frame) => frame.functionName === 'acquireIsolate' || frame.functionName === 'releaseIsolate';
const IN_RUN = (frame: Frame) => /workflow-execute\.js|workflow-runner\.js/.test(frame.url);
const PARTS: Array<{ part: string; frame?: (name: string, url: string) => boolean; stack?: (stack: Frame[]) => boolean }> = [
	{ part: 'credential read (database, decrypt, an expression isolate to resolve it)', frame: (name, url) => /^(getDecrypted|_getCredentials|applyDefaultsAndOverwrites)$/.test(name) || /credentials-helper\.js$/.test(url) },
	{ part: 'expression isolate for the call (n8n takes one for every trigger but its static Webhook node)', stack: (stack) => stack.some(ISOLATE) && !stack.some(IN_RUN) },
	{ part: 'static data (the delivery memory: saved after the call)', frame: (name, url) => /StaticData/.test(name) || /workflow-static-data/.test(url) || /PdfNoodleTrigger\/(deliveries|claimedHere)\.js$/.test(url) },
	{ part: 'body parsing', frame: (name, url) => /^(parseBody|parseFormData)$/.test(name) || /raw-body|body-parser|middlewares\/body-parser/.test(url) },
	{ part: 'expression evaluation for the call (version 1: $parameter["options"]["binaryData"])', frame: (name) => /^(parseRequestBody|evaluateResponseOptions|evaluateResponseHeaders)$/.test(name) },
	{ part: 'status lookup (the confirmation: request, answer)', frame: (_name, url) => OURS.test(url) && /shared\/transport\//.test(url) },
	{ part: 'the trigger\'s own code (checks, filters, items)', frame: (_name, url) => OURS.test(url) },
	{ part: 'execution start (runner, isolate for the run, the node, saving the execution)', frame: (name, url) => /^(run|runMainProcess|processRunExecutionData|runHook)$/.test(name) && /workflow-runner|workflow-execute|execution-lifecycle/.test(url) || /workflow-runner\.js|workflow-execute\.js|execution-lifecycle|active-executions|execution\.repository/.test(url) },
	{ part: 'n8n\'s webhook path (find the webhook, load the workflow, answer)', frame: (_name, url) => /n8n\/dist\/webhooks\//.test(url) },
];
const DATABASE = 'database (TypeORM, SQLite) outside the parts above';
const HTTP = 'HTTP server and sockets (express, node:http)';
const GC = 'garbage collection';
const OTHER = 'other n8n work';

function partOf(stack: ProfileNode[]): string | undefined {
	const leaf = stack.at(-1)!.callFrame.functionName;
	if (leaf === '(idle)' || leaf === '(program)') return undefined;
	if (leaf === '(garbage collector)') return GC;
	const frames = stack.map((node) => node.callFrame);
	const found = PARTS.find(({ frame, stack: whole }) => (whole ? whole(frames) : frames.some(({ functionName, url }) => frame!(functionName, url))));
	if (found) return found.part;
	const urls = stack.map((node) => node.callFrame.url).join(' ');
	if (/typeorm|sqlite3|@n8n\/db/.test(urls)) return DATABASE;
	if (/express|node:_http|node:net|node:internal\/streams|router/.test(urls)) return HTTP;
	return OTHER;
}

/** CPU ms per part of the samples taken between `fromUs` and `toUs` (monotonic µs). */
function partsOf(profile: CpuProfile, fromUs: number, toUs: number): Map<string, number> {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
	const stackOf = (id: number): ProfileNode[] => {
		const stack: ProfileNode[] = [];
		for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.unshift(byId.get(at)!);
		return stack;
	};
	const parts = new Map<string, number>();
	let time = profile.startTime;
	for (let index = 0; index < profile.samples.length; index++) {
		time += profile.timeDeltas[index];
		if (time < fromUs || time > toUs) continue;
		// The sample stands for the time until the next one.
		const spanMs = (profile.timeDeltas[index + 1] ?? 0) / 1000;
		const part = partOf(stackOf(profile.samples[index]));
		if (part) parts.set(part, (parts.get(part) ?? 0) + spanMs);
	}
	return parts;
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

async function main(): Promise<void> {
	const chosen = values.ways ? ALL_WAYS.filter((way) => values.ways!.split(',').includes(way.key)) : ALL_WAYS;
	const sandbox = await startTestSandbox({ fixedRender: true });
	const results: Array<{ way: Way; parts: Map<string, number>; perSecond: number; wallMs: number }> = [];
	try {
		for (const way of chosen) {
			const profiles = values.keep ? join(values.keep, way.key) : mkdtempSync(join(tmpdir(), 'pdf-noodle-profile-'));
			const n8n = new N8n();
			let window: { from: number; to: number; perSecond: number } | undefined;
			try {
				// Only `n8n start` is profiled: the CLI's imports run before the option is set.
				const baseUrl = await startN8nWith(n8n, sandbox, undefined, [way], { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profiles}` });
				await burstAt(n8n, baseUrl, way, await burstDeliveries(sandbox, Math.min(SIZE, 50), 0));
				const deliveries = await burstDeliveries(sandbox, SIZE, 0);
				const from = monotonicUs();
				const run = await burstAt(n8n, baseUrl, way, deliveries);
				window = { from, to: monotonicUs(), perSecond: run.answeredPerSecond };
				log(`${way.label}: ${run.answeredPerSecond}/s answered, ${JSON.stringify(run.answers)}`);
			} finally {
				await n8n.dispose();
			}
			// n8n's own process writes the largest profile (any helper process it started, a smaller one).
			const files = readdirSync(profiles).filter((file) => file.endsWith('.cpuprofile')).map((file) => join(profiles, file));
			const main = files.sort((left, right) => statSync(right).size - statSync(left).size)[0];
			const profile = JSON.parse(readFileSync(main, 'utf8')) as CpuProfile;
			results.push({ way, parts: partsOf(profile, window.from, window.to), perSecond: window.perSecond, wallMs: (window.to - window.from) / 1000 });
			if (values.keep) writeFileSync(join(profiles, 'window.json'), JSON.stringify(window));
			if (!values.keep) rmSync(profiles, { recursive: true, force: true });
		}
	} finally {
		await sandbox.close();
	}

	const partNames = [...PARTS.map(({ part }) => part), DATABASE, HTTP, GC, OTHER];
	const perDelivery = (parts: Map<string, number>, part: string) => round((parts.get(part) ?? 0) / SIZE, 1);
	const markdown = table(
		['part of one delivery (CPU ms of the n8n process)', ...results.map(({ way }) => way.label)],
		[
			...partNames.map((part) => [part, ...results.map(({ parts }) => perDelivery(parts, part))]),
			['all of it', ...results.map(({ parts }) => round([...parts.values()].reduce((sum, ms) => sum + ms, 0) / SIZE, 1))],
			['deliveries answered a second (profiled, so slower)', ...results.map(({ perSecond }) => perSecond)],
		],
	);
	console.log(`\n${SIZE} deliveries per way, ${new Date().toISOString()}\n\n${markdown}`);
}

main().catch((error: Error) => {
	console.error(`bench:trigger:profile: ${error.stack ?? error.message}`);
	process.exit(1);
});
