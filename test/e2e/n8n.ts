/**
 * A real n8n in a throw-away user folder: the packed package installed the way n8n installs a
 * community package, credentials and workflows imported with n8n's CLI, workflows executed by
 * the CLI or served by `n8n start`.
 *
 * Which n8n: the 2.x pinned in test/e2e/package.json, on Node 24; with PDF_NOODLE_N8N=1 the
 * 1.x pinned in test/e2e/n8n1/package.json, on Node 22 (both installed by scripts/setup.sh);
 * with PDF_NOODLE_N8N_IMAGE a Docker image of n8n (test/e2e/n8nImage.ts, the image jobs).
 * With PDF_NOODLE_PROFILE=3x it runs with n8n 3.x's defaults (test/e2e/n8n3Profile.ts) and
 * installs the package from N8N_COMMUNITY_PACKAGES (test/e2e/listInstall.ts).
 */
import { type ChildProcess, execFile, spawn, type SpawnOptions } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';

import axios, { type AxiosInstance } from 'axios';

import { freePort } from '../support/ports';
import { stopProcess, waitFor } from '../support/processes';
import { ListInstall } from './listInstall';
import { N8N_3X_PROFILE, n8n3Settings, RUNNERS_AUTH_TOKEN } from './n8n3Profile';
import { imageVersion, N8N_IMAGE, RUNNERS_IMAGE, spawnN8nImage, spawnRunnersImage } from './n8nImage';

export { freePort };

const run = promisify(execFile);
const e2eFolder = __dirname;
const projectRoot = resolve(e2eFolder, '..', '..');

/** The n8n lines under test: where each is pinned and installed, and the Node major it runs on. */
const N8N_LINES: Record<string, { pinFolder: string; nodeMajor: string }> = {
	'2': { pinFolder: e2eFolder, nodeMajor: '24' },
	'1': { pinFolder: join(e2eFolder, 'n8n1'), nodeMajor: '22' },
};
const selectedLine = process.env.PDF_NOODLE_N8N || '2';
if (!N8N_LINES[selectedLine]) throw new Error(`PDF_NOODLE_N8N=${selectedLine}: the n8n lines under test are ${Object.keys(N8N_LINES).join(' and ')}`);
const { pinFolder, nodeMajor } = N8N_LINES[selectedLine];
const n8nBin = join(pinFolder, 'node_modules', '.bin', 'n8n');
/** Puts a Node major first on PATH (and its headers in npm_config_nodedir) for a command. */
const TOOLCHAIN = join(projectRoot, 'scripts', 'toolchain.sh');
const requireFromE2e = createRequire(join(pinFolder, 'package.json'));
/**
 * n8n stores execution data in the `flatted` format; its own copy reads it (for an image, the
 * copy of n8n's backend package that the dev dependency n8n-core brings: no n8n is installed then).
 */
const requireFlatted = N8N_IMAGE ? createRequire(createRequire(require.resolve('n8n-core')).resolve('@n8n/backend-common')) : requireFromE2e;
const flatted = requireFlatted('flatted') as { parse: (text: string) => unknown };

export const N8N_VERSION: string = N8N_IMAGE ? imageVersion(N8N_IMAGE) : requireFromE2e('n8n/package.json').version;
/** The major version of the n8n under test, for what differs between its lines. */
export const N8N_MAJOR = Number(N8N_VERSION.split('.')[0]);
if (N8N_3X_PROFILE && N8N_MAJOR < 2) throw new Error(`PDF_NOODLE_PROFILE=3x needs n8n 2.x or later (N8N_COMMUNITY_PACKAGES came with 2.21), not ${N8N_VERSION}`);

/**
 * Starts the n8n under test (`n8n <args>`) on the Node its line runs on. scripts/toolchain.sh
 * replaces itself with n8n, so the child is n8n's own process and signals reach n8n.
 */
export function spawnN8n(args: string[], options: SpawnOptions): ChildProcess {
	if (N8N_IMAGE) return spawnN8nImage(args, options);
	return spawn('bash', [TOOLCHAIN, n8nBin, ...args], { ...options, env: { ...(options.env ?? process.env), PDF_NOODLE_NODE_MAJOR: nodeMajor } });
}

/**
 * Packs the built package, as `npm publish` would; returns the tarball's path. The build
 * is the caller's (`npm test` builds once, before every test file starts; rebuilding here
 * would pull dist/ from under test files that run at the same time).
 */
export async function packPackage(destination: string): Promise<string> {
	const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', destination], { cwd: projectRoot });
	return join(destination, stdout.trim().split('\n').pop()!);
}

/** The owner account `setUpOwner` creates in a fresh n8n. */
export const N8N_OWNER = { email: 'owner@example.com', firstName: 'Ada', lastName: 'Owner', password: 'Owner-Test-1' };

export interface ExecutionRecord {
	id: number;
	status: string;
	mode: string;
	workflowId: string;
	data: any;
}

/**
 * An execution row with its run data (`text`, as n8n stores it) parsed when `data` is first
 * read: the tests poll the executions several times a second and look at the data of few of
 * them, and parsing every row's data at each poll cost seconds of CPU on a 2-core machine.
 */
export function withRunData<Row extends object>(row: Row, text: string | null, parse: (text: string) => unknown): Row & { data: any } {
	let data: unknown;
	return Object.defineProperty(row, 'data', { enumerable: true, get: () => (data ??= text ? parse(text) : undefined) }) as Row & { data: any };
}

export class N8n {
	private server: ChildProcess | undefined;
	/** The runners sidecar beside `n8n start` (an image job's 3.x). */
	private runners: ChildProcess | undefined;
	/** The package published for n8n to install from N8N_COMMUNITY_PACKAGES (the 3.x profile). */
	private listInstall: ListInstall | undefined;
	/** Whether `n8n start` has run in this user folder. */
	private startedOnce = false;
	/** The owner's REST client of the started n8n, for `runManually` (logged in once). */
	private editorClient: AxiosInstance | undefined;
	/** What the last `n8n start` printed so far (stdout and stderr), unless shown as it came. */
	serverLog = '';
	/** More settings for this n8n's processes, over the defaults (set before starting it). */
	settings: NodeJS.ProcessEnv = {};

	/** A throw-away user folder unless one is given (`npm run dev` keeps its own). */
	constructor(
		readonly userFolder = mkdtempSync(join(tmpdir(), 'pdf-noodle-n8n-')),
		public port = 0,
	) {}

	get nodesFolder(): string {
		return join(this.userFolder, '.n8n', 'nodes');
	}

	get env(): NodeJS.ProcessEnv {
		return {
			...process.env,
			// As n8n runs for its users. Jest sets NODE_ENV=test, in which n8n's logger stays
			// silent, and `n8n execute --rawOutput` would print nothing.
			NODE_ENV: 'production',
			N8N_USER_FOLDER: this.userFolder,
			N8N_ENCRYPTION_KEY: 'pdf-noodle-e2e-encryption-key',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HIDE_USAGE_PAGE: 'true',
			// `n8n execute --rawOutput` prints the run through the info log.
			N8N_LOG_LEVEL: 'info',
			N8N_PORT: String(this.port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			WEBHOOK_URL: `http://127.0.0.1:${this.port}/`,
			N8N_SECURE_COOKIE: 'false',
			DB_SQLITE_POOL_SIZE: '2',
			...(N8N_3X_PROFILE ? n8n3Settings(this.userFolder) : {}),
			...this.listInstall?.settings(),
			...this.settings,
		};
	}

	/** Packs this package (as `npm publish` would) into the user folder; `dispose` removes it. */
	async packThisPackage(): Promise<string> {
		const folder = join(this.userFolder, 'packed');
		mkdirSync(folder, { recursive: true });
		return await packPackage(folder);
	}

	/**
	 * Packs this package and installs it as n8n's community package installer does; under the
	 * 3.x profile n8n installs it itself, from N8N_COMMUNITY_PACKAGES at its next start (before
	 * a workflow is executed, at the latest).
	 */
	async installThisPackage(): Promise<void> {
		const tarball = await this.packThisPackage();
		if (N8N_3X_PROFILE) this.listInstall = await ListInstall.publish(tarball);
		else await this.installPackage(tarball);
	}

	/**
	 * Under the 3.x profile, what only `n8n start` does in 2.40.7 and the CLI then needs: it
	 * installs from N8N_COMMUNITY_PACKAGES (the CLI loads what the nodes folder has), and with
	 * key rotation on it creates the data encryption key (before it, `import:credentials` fails
	 * with "No active encryption key found"). Started once (and stopped) if it has not run yet.
	 */
	private async startOnceUnderProfile(): Promise<void> {
		if (!N8N_3X_PROFILE || this.server || this.startedOnce) return;
		await this.start();
		await this.stop();
	}

	/**
	 * Installs the packed package as n8n's community package installer does: unpacked into
	 * `~/.n8n/nodes/node_modules/<name>`, dev and peer dependencies dropped from its
	 * package.json, `npm install` with n8n's flags inside it, and the dependency recorded in
	 * `~/.n8n/nodes/package.json`, where n8n finds community packages at start.
	 */
	async installPackage(tarball: string): Promise<void> {
		const manifest = JSON.parse((await run('tar', ['-xzOf', tarball, 'package/package.json'])).stdout);
		const target = join(this.nodesFolder, 'node_modules', manifest.name);
		mkdirSync(target, { recursive: true });
		await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
		const { devDependencies, peerDependencies, optionalDependencies, ...kept } = manifest;
		writeFileSync(join(target, 'package.json'), JSON.stringify(kept, null, 2));
		await run(
			'npm',
			['install', '--audit=false', '--fund=false', '--bin-links=false', '--install-strategy=shallow', '--ignore-scripts=true', '--package-lock=false'],
			{ cwd: target },
		);
		writeFileSync(
			join(this.nodesFolder, 'package.json'),
			JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [manifest.name]: manifest.version } }, null, 2),
		);
	}

	/**
	 * Runs an n8n CLI command. Its output goes through a file: n8n exits as soon as it has
	 * written, which would cut a large output short on a pipe. Each command gets its own
	 * task-runner broker port, so that it can run beside a started n8n (n8n 1.x starts no task
	 * runner unless N8N_RUNNERS_ENABLED is set, and leaves the port unused).
	 */
	async cli(...args: string[]): Promise<string> {
		const result = await this.runCli(args);
		if (result.exit !== 0) throw new Error(`n8n ${args.join(' ')} exited with ${result.exit}:\n${result.stdout}\n${result.stderr}`);
		return result.stdout;
	}

	private async runCli(args: string[]): Promise<{ exit: number | string | null; stdout: string; stderr: string }> {
		const outputFile = join(this.userFolder, `cli-${Date.now()}-${Math.random().toString(16).slice(2)}.out`);
		const output = openSync(outputFile, 'w');
		try {
			const env = { ...this.env, N8N_RUNNERS_BROKER_PORT: String(await freePort(this.port)) };
			const child = spawnN8n(args, { env, stdio: ['ignore', output, 'pipe'] });
			let stderr = '';
			child.stderr?.on('data', (chunk) => (stderr += chunk));
			const [code, signal] = await new Promise<[number | null, string | null]>((done) => child.once('exit', (...result) => done(result)));
			return { exit: code ?? signal, stdout: readFileSync(outputFile, 'utf8'), stderr };
		} finally {
			closeSync(output);
			rmSync(outputFile, { force: true });
		}
	}

	async importCredentials(credentials: unknown[]): Promise<void> {
		await this.startOnceUnderProfile();
		const file = join(this.userFolder, 'credentials.json');
		writeFileSync(file, JSON.stringify(credentials));
		await this.cli('import:credentials', `--input=${file}`);
	}

	async importWorkflow(workflow: unknown): Promise<void> {
		await this.importWorkflows([workflow]);
	}

	/** Imports several workflows with one `n8n import:workflow` (it takes a list): one CLI start, not one each. */
	async importWorkflows(workflows: unknown[]): Promise<void> {
		const file = join(this.userFolder, `workflow-${Date.now()}-${Math.random().toString(16).slice(2)}.json`);
		writeFileSync(file, JSON.stringify(workflows.length === 1 ? workflows[0] : workflows));
		await this.cli('import:workflow', `--input=${file}`);
	}

	/**
	 * Runs a workflow with `n8n execute` and returns its run data. The run printed is what
	 * counts: n8n has been seen to be ended by a signal while shutting down after it had
	 * printed the finished run.
	 */
	async execute(workflowId: string): Promise<any> {
		await this.startOnceUnderProfile();
		const { exit, stdout, stderr } = await this.runCli(['execute', `--id=${workflowId}`, '--rawOutput']);
		// Log lines may stand before and after the run's JSON.
		const start = stdout.search(/^\{/m);
		const end = stdout.lastIndexOf('\n}');
		if (start === -1 || end === -1) throw new Error(`n8n execute exited with ${exit} and printed no run:\n${stdout}\n${stderr}`);
		return JSON.parse(stdout.slice(start, end + 2));
	}

	/**
	 * Starts a workflow in the started n8n as its editor's "Execute workflow" button does (from
	 * its manual trigger, `POST /rest/workflows/<id>/run`); returns the execution's id. One
	 * running n8n serves every such run, where `execute` starts a whole n8n for each: seconds of
	 * CPU per run on a 2-core machine.
	 */
	async startManually(baseUrl: string, workflowId: string): Promise<number> {
		const rest = (this.editorClient ??= await this.ownerClient(baseUrl));
		const workflow = (await rest.get(`/rest/workflows/${workflowId}`)).data.data;
		const trigger = workflow?.nodes?.find((node: { type: string }) => node.type === 'n8n-nodes-base.manualTrigger');
		if (!trigger) throw new Error(`Workflow ${workflowId} has no manual trigger to run it from`);
		const started = await rest.post(`/rest/workflows/${workflowId}/run`, { workflowData: workflow, triggerToStartFrom: { name: trigger.name } });
		const executionId = Number(started.data?.data?.executionId);
		if (started.status !== 200 || !executionId) throw new Error(`n8n did not run ${workflowId}: ${started.status} ${JSON.stringify(started.data)}`);
		return executionId;
	}

	/** Runs a workflow as `startManually` does and returns it, once it has ended, in the shape `execute` returns. */
	async runManually(baseUrl: string, workflowId: string): Promise<any> {
		const executionId = await this.startManually(baseUrl, workflowId);
		const ended = await waitFor(
			`execution ${executionId} of ${workflowId} to end`,
			() => this.executions().find((execution) => execution.id === executionId && !['new', 'running', 'waiting'].includes(execution.status)),
			300_000,
		);
		return { status: ended.status, data: ended.data };
	}

	/**
	 * Activates a workflow, so that its trigger listens once `n8n start` runs. n8n 2.x publishes
	 * the workflow (its `update:workflow --active` is deprecated); 1.x has no publish command.
	 */
	async activateWorkflow(workflowId: string): Promise<void> {
		if (N8N_MAJOR >= 2) await this.cli('publish:workflow', `--id=${workflowId}`);
		else await this.cli('update:workflow', `--id=${workflowId}`, '--active=true');
	}

	/**
	 * The bytes of a binary an execution stored. By default n8n 2.x keeps binaries on disk (in
	 * ~/.n8n/storage, also 3.x's N8N_STORAGE_PATH; the item holds their id), n8n 1.x in memory
	 * (base64 in the item itself).
	 */
	readBinary(binary: { id?: string; data?: string }): Buffer {
		if (binary?.id) {
			const [, path] = binary.id.split(':');
			return readFileSync(join(this.userFolder, '.n8n', N8N_MAJOR >= 2 ? 'storage' : 'binaryData', path));
		}
		if (N8N_MAJOR === 1 && binary?.data) return Buffer.from(binary.data, 'base64');
		throw new Error('The binary has no id: it was not stored by n8n');
	}

	/** Starts `n8n start` and waits until it serves requests. */
	async start(options: { showLog?: boolean } = {}): Promise<string> {
		if (this.port === 0) this.port = await freePort();
		const brokerPort = await freePort(this.port);
		const env: NodeJS.ProcessEnv = { ...this.env, N8N_RUNNERS_BROKER_PORT: String(brokerPort) };
		const server = spawnN8n(['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
		this.server = server;
		this.serverLog = '';
		server.stdout?.on('data', (chunk) => (options.showLog ? process.stdout.write(chunk) : (this.serverLog += chunk)));
		server.stderr?.on('data', (chunk) => (options.showLog ? process.stderr.write(chunk) : (this.serverLog += chunk)));
		const baseUrl = `http://127.0.0.1:${this.port}`;
		const deadline = Date.now() + 120_000;
		for (;;) {
			if (server.exitCode !== null) throw new Error(`n8n stopped while starting (exit code ${server.exitCode}):\n${this.serverLog}`);
			const ready = await axios.get(`${baseUrl}/healthz/readiness`).then(
				() => true,
				() => false, // not listening yet, or not ready (axios throws on any status but 2xx)
			);
			if (ready) {
				// n8n installs from its list before it answers ready.
				if (this.listInstall && !this.listInstall.installedIn(this.nodesFolder)) {
					throw new Error(`n8n started without installing ${this.listInstall.packed.name}@${this.listInstall.packed.version} from N8N_COMMUNITY_PACKAGES:\n${this.serverLog}`);
				}
				this.startedOnce = true;
				if (RUNNERS_IMAGE && env.N8N_RUNNERS_MODE === 'external') {
					const runners = spawnRunnersImage(brokerPort, env.N8N_RUNNERS_AUTH_TOKEN ?? RUNNERS_AUTH_TOKEN, env);
					// Its log joins n8n's, which the tests print when something fails.
					for (const output of [runners.stdout, runners.stderr]) output?.on('data', (chunk) => (this.serverLog += `[runners] ${chunk}`));
					this.runners = runners;
				}
				return baseUrl;
			}
			if (Date.now() > deadline) throw new Error(`n8n did not start within 120 s:\n${this.serverLog}`);
			await new Promise((wait) => setTimeout(wait, 500));
		}
	}

	/**
	 * Waits until the production webhook `method path` of an active workflow is registered: n8n
	 * answers its readiness check before it has registered them (n8n 1.x even before its webhook
	 * routes exist). A GET tells without running the workflow: n8n says the webhook is registered
	 * for another method.
	 */
	async waitForWebhook(baseUrl: string, path: string, method: string): Promise<void> {
		const deadline = Date.now() + 60_000;
		for (;;) {
			const answer = await axios.get(`${baseUrl}/webhook/${path}`, { validateStatus: () => true });
			if (JSON.stringify(answer.data).includes(`registered for GET requests. Did you mean to make a ${method} request?`)) return;
			if (Date.now() > deadline) throw new Error(`The webhook ${method} ${path} was not registered within 60 s: ${JSON.stringify(answer.data)}`);
			await new Promise((wait) => setTimeout(wait, 250));
		}
	}

	/** The executions n8n recorded, newest last, with their run data. */
	executions(): ExecutionRecord[] {
		const database = new DatabaseSync(join(this.userFolder, '.n8n', 'database.sqlite'), { readOnly: true });
		try {
			const rows = database
				.prepare(
					'SELECT e.id, e.status, e.mode, e.workflowId, d.data FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id ORDER BY e.id',
				)
				.all() as Array<{ id: number; status: string; mode: string; workflowId: string; data: string | null }>;
			return rows.map(({ data, ...row }) => withRunData(row, data, (text) => flatted.parse(text)));
		} finally {
			database.close();
		}
	}

	/** A workflow's static data as n8n saved it in its database (null if none was saved). */
	staticData(workflowId: string): Record<string, unknown> | null {
		const database = new DatabaseSync(join(this.userFolder, '.n8n', 'database.sqlite'), { readOnly: true });
		try {
			const row = database.prepare('SELECT staticData FROM workflow_entity WHERE id = ?').get(workflowId) as { staticData: string | null } | undefined;
			return row?.staticData ? (JSON.parse(row.staticData) as Record<string, unknown>) : null;
		} finally {
			database.close();
		}
	}

	async stop(): Promise<void> {
		const [server, runners] = [this.server, this.runners];
		[this.server, this.runners, this.editorClient] = [undefined, undefined, undefined];
		await stopProcess(runners);
		await stopProcess(server);
	}

	/**
	 * Sets up the owner account of this fresh n8n through its REST API, as its first visitor
	 * would in the browser; log in as `N8N_OWNER`. Once set up, n8n refuses a second setup
	 * (400), which leaves the owner as it was. n8n 1.x answers its readiness check before its
	 * REST routes exist: a 404 is asked again, for up to a minute.
	 */
	async setUpOwner(baseUrl: string): Promise<void> {
		const setup = await waitFor(
			'n8n\'s owner setup route',
			async () => {
				const answer = await axios.post(`${baseUrl}/rest/owner/setup`, N8N_OWNER, { validateStatus: () => true });
				return answer.status === 404 ? undefined : answer;
			},
			60_000,
		);
		if (setup.status !== 200 && setup.status !== 400) throw new Error(`Setting up n8n's owner failed with ${setup.status}: ${JSON.stringify(setup.data)}`);
	}

	/**
	 * A client of this n8n's REST API logged in as its owner (set up first), as the editor is;
	 * every status is an answer to inspect.
	 */
	async ownerClient(baseUrl: string): Promise<AxiosInstance> {
		await this.setUpOwner(baseUrl);
		const login = await axios.post(`${baseUrl}/rest/login`, { emailOrLdapLoginId: N8N_OWNER.email, password: N8N_OWNER.password }, { validateStatus: () => true });
		if (login.status !== 200) throw new Error(`Logging in to n8n failed with ${login.status}: ${JSON.stringify(login.data)}`);
		const cookie = (login.headers['set-cookie'] ?? []).map((entry) => entry.split(';')[0]).join('; ');
		return axios.create({ baseURL: baseUrl, headers: { cookie }, validateStatus: () => true });
	}

	async dispose(): Promise<void> {
		await this.stop();
		await this.listInstall?.stop();
		rmSync(this.userFolder, { recursive: true, force: true });
	}
}

/**
 * An n8n whose process resolves the tests' names (test/e2e/testResolver.js): a name pointing
 * at loopback, and a name that rebinds between n8n's check and its connection.
 */
export class N8nWithTestResolver extends N8n {
	get env(): NodeJS.ProcessEnv {
		const base = super.env;
		return { ...base, NODE_OPTIONS: `${base.NODE_OPTIONS ?? ''} --require ${join(__dirname, 'testResolver.js')}`.trim() };
	}
}
