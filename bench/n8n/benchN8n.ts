/**
 * The pinned n8n of the end-to-end tests (test/e2e/n8n.ts) as the benchmarks run it: the
 * packed package installed as n8n installs a community package, the benchmark workflow
 * imported and published, `n8n start` serving its webhooks. A run calls one chain's webhook
 * and reads what n8n recorded of the execution (its SQLite database), what the kernel saw of
 * the n8n process (CPU, memory, sockets) and what the sandbox served.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import axios from 'axios';

import { sandboxCredential } from '../../test/e2e/examples';
import { freePort, N8n, packPackage, spawnN8n } from '../../test/e2e/n8n';
import { stopProcess } from '../../test/support/processes';
import type { TrafficCounts } from '../../test/sandbox/traffic';
import type { SandboxProcess } from '../sandboxProcess';
import { resetPeakRss, whileSampling } from './processProbe';
import { BEARER_CREDENTIAL_ID, BENCH_WORKFLOW_ID, type BenchChain, benchWorkflow, webhookPath } from './workflows';

// n8n stores execution data in the `flatted` format; its own copy reads it.
const flatted = createRequire(join(__dirname, '..', '..', 'test', 'e2e', 'package.json'))('flatted') as { parse: (text: string) => any };

export type BinaryDataMode = 'filesystem' | 'database' | 'default';

export interface ChainRun {
	items: number;
	/** From the first of the chain's own nodes starting to the last one ending (n8n's execution data). */
	nodeMs: number;
	/** From the webhook call to its answer (the execution finished), as the caller sees it. */
	wallMs: number;
	/** CPU time of the n8n process from the call until the execution was recorded. */
	cpuMs: number;
	/** The n8n process's resident memory before the run, and its peak during it. */
	rssBeforeBytes: number;
	peakRssBytes: number;
	peakSockets: number;
	traffic: TrafficCounts;
	/** Items the chain's last node put out, and how many of them carry a file. */
	outputItems: number;
	files: number;
}

/** A prepared n8n user folder with the benchmark workflow; `start` serves it. */
export class BenchN8n {
	private server: ChildProcess | undefined;
	private baseUrl = '';
	private lastExecutionId = 0;

	private constructor(
		private readonly n8n: N8n,
		private readonly packFolder: string,
		private readonly sandbox: SandboxProcess,
		private readonly chains: BenchChain[],
	) {}

	/** Installs the packed package (dist/ must be built) and imports the credentials and the workflow. */
	static async prepare(sandbox: SandboxProcess, chains: BenchChain[]): Promise<BenchN8n> {
		const packFolder = mkdtempSync(join(tmpdir(), 'pdf-noodle-bench-pack-'));
		const bench = new BenchN8n(new N8n(), packFolder, sandbox, chains);
		const { n8n } = bench;
		// BENCH_PACKAGE: another build of the package (a tarball), e.g. an earlier commit's, to compare with.
		await n8n.installPackage(process.env.BENCH_PACKAGE ?? (await packPackage(packFolder)));
		await n8n.importCredentials([
			sandboxCredential(sandbox.apiKey, sandbox.baseUrl),
			{ id: BEARER_CREDENTIAL_ID, name: 'pdf noodle bearer', type: 'httpBearerAuth', data: { token: sandbox.apiKey } },
		]);
		await n8n.importWorkflow(benchWorkflow(chains));
		await n8n.activateWorkflow(BENCH_WORKFLOW_ID);
		return bench;
	}

	/** From now on, the peak resident memory of runs that do not reset it is the peak since this call. */
	resetPeak(): void {
		resetPeakRss(this.pid);
	}

	get pid(): number {
		if (!this.server?.pid) throw new Error('n8n is not running');
		return this.server.pid;
	}

	/** `n8n start` in the given binary data mode; resolves once it serves requests. */
	async start(binaryMode: BinaryDataMode = 'filesystem'): Promise<void> {
		this.n8n.port = await freePort();
		const env = {
			...this.n8n.env,
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			N8N_DEFAULT_BINARY_DATA_MODE: binaryMode,
			N8N_LOG_LEVEL: process.env.BENCH_N8N_LOG ? 'debug' : 'warn',
			// BENCH_N8N_NODE_OPTIONS: e.g. --cpu-prof, to see where n8n spends its time.
			...(process.env.BENCH_N8N_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_N8N_NODE_OPTIONS } : {}),
		};
		this.server = spawnN8n(['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
		let log = '';
		this.server.stdout?.on('data', (chunk) => (process.env.BENCH_N8N_LOG ? process.stderr.write(chunk) : (log = (log + chunk).slice(-20_000))));
		this.server.stderr?.on('data', (chunk) => (process.env.BENCH_N8N_LOG ? process.stderr.write(chunk) : (log = (log + chunk).slice(-20_000))));
		this.baseUrl = `http://127.0.0.1:${this.n8n.port}`;
		const deadline = Date.now() + 120_000;
		for (;;) {
			if (this.server.exitCode !== null) throw new Error(`n8n stopped while starting:\n${log}`);
			try {
				await axios.get(`${this.baseUrl}/healthz/readiness`);
				break;
			} catch {
				// not ready yet
			}
			if (Date.now() > deadline) throw new Error(`n8n did not start within 120 s:\n${log}`);
			await new Promise((wait) => setTimeout(wait, 250));
		}
		await this.webhooksRegistered(deadline);
		this.lastExecutionId = this.latestExecutionId();
	}

	/**
	 * n8n answers "ready" before it has registered the published workflow's webhooks. A GET
	 * of a POST webhook tells which: "not registered" until it is, then "not registered for
	 * GET requests. Did you mean to make a POST request?" (and nothing runs).
	 */
	private async webhooksRegistered(deadline: number): Promise<void> {
		for (const chain of this.chains) {
			for (;;) {
				const answer = await axios.get(`${this.baseUrl}/webhook/${webhookPath(chain.key)}`, { validateStatus: () => true, responseType: 'text' });
				if (String(answer.data).includes('Did you mean')) break;
				if (Date.now() > deadline) throw new Error(`n8n did not register the webhook of "${chain.key}" within 120 s: ${String(answer.data)}`);
				await new Promise((wait) => setTimeout(wait, 250));
			}
		}
	}

	async stop(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		await stopProcess(server);
	}

	async dispose(): Promise<void> {
		await this.stop();
		await this.n8n.dispose();
		rmSync(this.packFolder, { recursive: true, force: true });
	}

	/** Runs one chain on `count` items and measures it. */
	async run(key: string, count: number, { body = {}, resetPeak = true }: { body?: object; resetPeak?: boolean } = {}): Promise<ChainRun> {
		const chain = this.chains.find((each) => each.key === key);
		if (!chain) throw new Error(`no chain "${key}"`);
		await this.sandbox.resetTraffic();
		const sampled = await whileSampling(this.pid, async () => {
			const started = performance.now();
			await axios.post(`${this.baseUrl}/webhook/${webhookPath(key)}`, { count, ...body });
			const wallMs = performance.now() - started;
			return { wallMs, execution: await this.nextExecution() };
		}, { resetPeak });
		const { execution, wallMs } = sampled.result;
		const runData = execution.data.resultData.runData as Record<string, Array<{ startTime: number; executionTime: number; error?: { message: string }; data?: { main: any[][] } }>>;
		if (execution.status !== 'success') {
			throw new Error(`the "${key}" run ended ${execution.status}: ${JSON.stringify(execution.data.resultData.error?.message)}`);
		}
		const tasks = chain.nodes.flatMap((node) => runData[node.name] ?? []);
		const lastNode = chain.nodes[chain.nodes.length - 1].name;
		const output = (runData[lastNode] ?? []).flatMap((task) => task.data?.main[0] ?? []);
		return {
			items: count,
			nodeMs: Math.max(...tasks.map((task) => task.startTime + task.executionTime)) - Math.min(...tasks.map((task) => task.startTime)),
			wallMs,
			cpuMs: sampled.cpuMs,
			rssBeforeBytes: sampled.rssBefore,
			peakRssBytes: sampled.peakRss,
			peakSockets: sampled.peakSockets,
			traffic: await this.sandbox.traffic(),
			outputItems: output.length,
			files: output.filter((item) => item.binary && Object.keys(item.binary).length > 0).length,
		};
	}

	private database(): DatabaseSync {
		return new DatabaseSync(join(this.n8n.userFolder, '.n8n', 'database.sqlite'), { readOnly: true });
	}

	private latestExecutionId(): number {
		const database = this.database();
		try {
			return Number((database.prepare('SELECT MAX(id) AS id FROM execution_entity').get() as { id: number | null }).id ?? 0);
		} finally {
			database.close();
		}
	}

	/** The next execution n8n records as ended, with its run data. */
	private async nextExecution(): Promise<{ status: string; data: any }> {
		const deadline = Date.now() + 120_000;
		for (;;) {
			const database = this.database();
			try {
				const row = database
					.prepare(
						"SELECT e.id, e.status, d.data FROM execution_entity e JOIN execution_data d ON d.executionId = e.id WHERE e.id > ? AND e.stoppedAt IS NOT NULL AND e.status NOT IN ('new', 'running') ORDER BY e.id LIMIT 1",
					)
					.get(this.lastExecutionId) as { id: number; status: string; data: string } | undefined;
				if (row) {
					this.lastExecutionId = row.id;
					return { status: row.status, data: flatted.parse(row.data) };
				}
			} finally {
				database.close();
			}
			if (Date.now() > deadline) throw new Error('n8n recorded no finished execution within 120 s');
			await new Promise((wait) => setTimeout(wait, 50));
		}
	}
}
