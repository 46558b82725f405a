/**
 * n8n in queue mode, as users who outgrow one machine run it: a main process (editor, REST
 * API, schedules), one webhook processor (or more, behind one public address), and two workers, sharing one PostgreSQL database
 * and one Redis. The pinned n8n of the end-to-end tests, with the packed package installed
 * once and seen by every process. Binary data is left to n8n's default for queue mode
 * (`database` in n8n 2.x).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import axios, { type AxiosInstance } from 'axios';

import { freePort, N8n, N8N_OWNER, spawnN8n } from '../e2e/n8n';
import { stopProcess, waitFor } from '../support/processes';
import { Postgres, Redis } from './services';

// n8n stores execution data in the `flatted` format; its own copy reads it.
const flatted = createRequire(join(__dirname, '..', 'e2e', 'package.json'))('flatted') as { parse: (text: string) => any };

/** An execution's run data as n8n stored it. */
export function parseExecutionData(text: string): any {
	return flatted.parse(text);
}

/**
 * How many executions a worker runs at once (n8n's default is 10): fewer, so that a burst of
 * executions cannot all fit on one worker and both must take work.
 */
export const WORKER_CONCURRENCY = 5;

/** An n8n of the cluster: its own user folder and ports, the cluster's database and Redis. */
class ClusterN8n extends N8n {
	constructor(
		userFolder: string | undefined,
		port: number,
		private readonly shared: () => NodeJS.ProcessEnv,
	) {
		super(userFolder, port);
	}

	override get env(): NodeJS.ProcessEnv {
		return { ...super.env, ...this.shared() };
	}
}

/** An n8n process other than the main: its name, its log lines, and the child process. */
export class ClusterProcess {
	readonly log: string[] = [];

	constructor(
		readonly name: string,
		readonly child: ChildProcess,
		/** The folder this process loads community packages from (`~/.n8n/nodes`). */
		readonly nodesFolder: string,
	) {
		let pending = '';
		const collect = (chunk: Buffer) => {
			const lines = (pending + chunk.toString()).split('\n');
			pending = lines.pop() ?? '';
			this.log.push(...lines);
		};
		child.stdout?.on('data', collect);
		child.stderr?.on('data', collect);
	}

	/** The executions this worker took from the queue, from n8n's own log line. */
	startedExecutions(): string[] {
		return this.log.flatMap((line) => /Worker started execution (\d+)/.exec(line)?.[1] ?? []);
	}

	/** The executions this worker has let go of: finished, failed, or put to wait. */
	finishedExecutions(): string[] {
		return this.log.flatMap((line) => /Worker finished execution (\d+)/.exec(line)?.[1] ?? []);
	}

	async waitForLog(pattern: RegExp, timeoutMs = 120_000): Promise<void> {
		await waitFor(`${this.name} to log ${pattern}`, () => {
			if (this.child.exitCode !== null) throw new Error(`${this.name} stopped:\n${this.log.join('\n')}`);
			return this.log.some((line) => pattern.test(line)) || undefined;
		}, timeoutMs);
	}

	async stop(): Promise<void> {
		await stopProcess(this.child);
	}

	/**
	 * Kills the n8n process at once (SIGKILL), as a crash or the kernel's OOM killer would:
	 * no shutdown, no lock released, nothing written. The child is n8n's own Node process
	 * (`spawnN8n` replaces its shell with n8n), checked here so that a wrapper left in
	 * between would not be killed in n8n's stead. Resolves once it has exited.
	 */
	async kill(): Promise<void> {
		const pid = this.child.pid;
		if (pid === undefined || this.child.exitCode !== null || this.child.signalCode !== null) throw new Error(`${this.name} is not running`);
		const [program, ...args] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
		if (!/(^|\/)node$/.test(program) || !args.some((arg) => /\/n8n$/.test(arg))) throw new Error(`${this.name}'s process ${pid} is not n8n's Node: ${program} ${args.join(' ')}`);
		const exited = new Promise((done) => this.child.once('exit', done));
		this.child.kill('SIGKILL');
		await exited;
	}
}

/**
 * The webhook processor's own settings, as docs/queue-mode.md advises operators: every call it takes
 * reads n8n's database (the workflow, its credentials, its static data) before it is queued,
 * and n8n's default pool of 2 connections starves under a burst of hundreds: its health ping
 * times out, n8n drops the connection to recover, and the calls meanwhile are answered
 * `500 Workflow could not be started!`.
 */
export const WEBHOOK_PROCESSOR_SETTINGS: NodeJS.ProcessEnv = { DB_POSTGRESDB_POOL_SIZE: '10' };

export class QueueCluster {
	readonly postgres = new Postgres();
	readonly redis = new Redis();
	main!: N8n;
	/** The first webhook processor: the one `WEBHOOK_URL` names. */
	webhookProcessor!: ClusterProcess;
	/** Every webhook processor (`webhookProcessors` of `start`), the first one first. */
	webhookProcessors: ClusterProcess[] = [];
	workers: ClusterProcess[] = [];
	mainUrl = '';
	webhookUrl = '';
	/** Each webhook processor's own address, in the order of `webhookProcessors`. */
	webhookUrls: string[] = [];
	private webhookPort = 0;
	private sharedNodes = true;
	private webhookProcessorSettings: NodeJS.ProcessEnv = WEBHOOK_PROCESSOR_SETTINGS;
	private readonly others: N8n[] = [];

	/**
	 * `extraEnv`: more settings every process of the cluster gets, over the cluster's own (as
	 * an operator sets them on every process, e.g. Bull's `QUEUE_WORKER_*` lock settings).
	 */
	constructor(private readonly extraEnv: NodeJS.ProcessEnv = {}) {}

	/** What every process of the cluster shares: queue mode, the database, Redis, the public webhook URL. */
	private sharedEnv(): NodeJS.ProcessEnv {
		return {
			EXECUTIONS_MODE: 'queue',
			...this.postgres.n8nEnv,
			...this.redis.n8nEnv,
			// Production webhook URLs point at the webhook processor, as behind a load balancer.
			WEBHOOK_URL: `http://127.0.0.1:${this.webhookPort}/`,
			// Executions started from the editor run on workers too.
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			QUEUE_HEALTH_CHECK_ACTIVE: 'false',
			...this.extraEnv,
		};
	}

	/**
	 * Starts the services, then every n8n process. Before they start, the package is installed
	 * from `tarball` and `prepare` imports credentials and workflows with the main's CLI (and
	 * publishes those whose webhooks must be live), as an operator would before a deploy.
	 *
	 * Without a tarball, n8n installs the package itself, from the list in `extraEnv`
	 * (N8N_COMMUNITY_PACKAGES): each process then has a nodes folder of its own, as separate
	 * containers have, and `mainLast` starts the main after the others.
	 *
	 * `webhookProcessors` (1 by default): more than one, as behind a load balancer; each has
	 * its own port (and task-runner broker port), all share the database and Redis.
	 * `webhookProcessorSettings`: settings of the webhook processors over the cluster's.
	 */
	async start(tarball: string | undefined, prepare: (main: N8n) => Promise<void>, workerCount = 2, options: { mainLast?: boolean; webhookProcessors?: number; webhookProcessorSettings?: NodeJS.ProcessEnv } = {}): Promise<void> {
		await Promise.all([this.postgres.start(), this.redis.start()]);
		this.webhookPort = await freePort();
		this.main = new ClusterN8n(undefined, 0, () => this.sharedEnv());
		if (tarball) await this.main.installPackage(tarball);
		this.sharedNodes = tarball !== undefined;
		await prepare(this.main);
		if (!options.mainLast) this.mainUrl = await this.main.start();
		this.webhookProcessorSettings = { ...WEBHOOK_PROCESSOR_SETTINGS, ...options.webhookProcessorSettings };
		for (let index = 1; index <= (options.webhookProcessors ?? 1); index++) await this.addWebhookProcessor(false);
		this.webhookProcessor = this.webhookProcessors[0];
		this.webhookUrl = this.webhookUrls[0];
		for (let index = 1; index <= workerCount; index++) {
			this.workers.push(await this.startProcess(`worker-${index}`, ['worker', `--concurrency=${WORKER_CONCURRENCY}`], 0));
		}
		await Promise.all(this.workers.map(async (worker) => await worker.waitForLog(/n8n worker is now ready/)));
		await Promise.all(this.webhookProcessors.map(async (processor) => await processor.waitForLog(/Webhook listener waiting for requests/)));
		if (options.mainLast) this.mainUrl = await this.main.start();
	}

	/**
	 * Starts one more webhook processor (the first on the port `WEBHOOK_URL` names), e.g. in
	 * place of one that exited; `ready`: resolves once it listens.
	 */
	async addWebhookProcessor(ready = true): Promise<ClusterProcess> {
		const index = this.webhookProcessors.length + 1;
		const port = index === 1 ? this.webhookPort : await freePort();
		const processor = await this.startProcess(index === 1 ? 'webhook' : `webhook-${index}`, ['webhook'], port, this.webhookProcessorSettings);
		this.webhookProcessors.push(processor);
		this.webhookUrls.push(`http://127.0.0.1:${port}`);
		if (ready) await processor.waitForLog(/Webhook listener waiting for requests/);
		return processor;
	}

	/**
	 * An n8n process beside the main: its own user folder, whose `.n8n/nodes` is the main's when
	 * the package was installed there, so that it loads the same installed package; its own
	 * ports (two n8n processes on one task-runner broker port, or one health-check port, collide);
	 * `settings` of its own over the cluster's.
	 */
	async startProcess(name: string, args: string[], port: number, settings: NodeJS.ProcessEnv = {}): Promise<ClusterProcess> {
		const n8n = new ClusterN8n(undefined, port || (await freePort()), () => ({ ...this.sharedEnv(), ...settings }));
		mkdirSync(join(n8n.userFolder, '.n8n'), { recursive: true });
		if (this.sharedNodes) symlinkSync(this.main.nodesFolder, n8n.nodesFolder);
		this.others.push(n8n);
		const brokerPort = await freePort(n8n.port);
		const env = { ...n8n.env, N8N_RUNNERS_BROKER_PORT: String(brokerPort), QUEUE_HEALTH_CHECK_PORT: String(await freePort(n8n.port, brokerPort)) };
		return new ClusterProcess(name, spawnN8n(args, { env, stdio: ['ignore', 'pipe', 'pipe'] }), n8n.nodesFolder);
	}

	/** A REST client of the main, logged in as its owner (set up on first use). */
	async ownerClient(): Promise<AxiosInstance> {
		await this.main.setUpOwner(this.mainUrl);
		const rest = axios.create({ baseURL: this.mainUrl, validateStatus: () => true });
		const login = await rest.post('/rest/login', { emailOrLdapLoginId: N8N_OWNER.email, password: N8N_OWNER.password });
		if (login.status !== 200) throw new Error(`Logging in to n8n failed with ${login.status}: ${JSON.stringify(login.data)}`);
		const cookie = (login.headers['set-cookie'] ?? []).map((entry) => entry.split(';')[0]).join('; ');
		return axios.create({ baseURL: this.mainUrl, headers: { cookie }, validateStatus: () => true });
	}

	/** Rows of the cluster's database. */
	async query<T>(sql: string, values: unknown[] = []): Promise<T[]> {
		return await this.postgres.query<T>(sql, values);
	}

	async stop(): Promise<void> {
		await Promise.all([...this.workers, ...this.webhookProcessors].map(async (process) => await process.stop()));
		await this.main?.dispose();
		for (const n8n of this.others) await n8n.dispose();
		await Promise.all([this.redis.stop(), this.postgres.stop()]);
	}
}
