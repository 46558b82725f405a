/**
 * n8n from a Docker image in place of the pinned install: with PDF_NOODLE_N8N_IMAGE set (e.g.
 * `n8nio/n8n:3.1.2`), each `n8n <args>` the tests run is `docker run <image> <args>` (the image's
 * own entrypoint), so that the same test files run the same steps on the image. Used by the
 * image jobs (.github/workflows/docker.yml); this project's machine has no Docker and cannot
 * pull images, so it is only run there.
 *
 * The container is as close to the local run as Docker allows:
 * - the host's network, so that n8n, the sandbox, the test registry and the tests all meet on
 *   127.0.0.1 as they do locally (ports chosen by the tests);
 * - the user running the tests, so that they read n8n's database and binaries as they do locally,
 *   with HOME in the user folder (npm's cache when n8n installs the package);
 * - the user folder and this checkout mounted at their own paths: the files the tests hand n8n
 *   (workflows to import) and the modules NODE_OPTIONS loads (test/e2e/*.js) have the same names;
 * - only n8n's own settings passed in (the host's PATH and the like stay out).
 */
import { type ChildProcess, execFile, execFileSync, spawn, type SpawnOptions } from 'node:child_process';
import { resolve } from 'node:path';

/** The n8n image under test, or undefined for the pinned install. */
export const N8N_IMAGE = process.env.PDF_NOODLE_N8N_IMAGE || undefined;
/** The task-runner sidecar started beside `n8n start` (3.x: `n8nio/runners` of the same version). */
export const RUNNERS_IMAGE = process.env.PDF_NOODLE_RUNNERS_IMAGE || undefined;

const PROJECT_ROOT = resolve(__dirname, '..', '..');
/** The settings of n8n's processes that go into its container. */
const N8N_SETTING = /^(N8N_|DB_|EXECUTIONS_|QUEUE_|OFFLOAD_|GENERIC_TIMEZONE$|NODE_ENV$|NODE_OPTIONS$|WEBHOOK_URL$)/;

let started = 0;

/** The version of n8n in the image, as `n8n --version` prints it there. */
export function imageVersion(image: string): string {
	const printed = execFileSync('docker', ['run', '--rm', image, '--version'], { encoding: 'utf8' });
	const version = printed.trim().split('\n').pop()!.trim();
	if (!/^\d+\.\d+\.\d+/.test(version)) throw new Error(`${image}: n8n --version printed ${JSON.stringify(printed)}`);
	return version;
}

/** Runs a container on the host's network with these settings; the container is removed when the `docker run` ends, also if it is killed. */
function runContainer(image: string, dockerArgs: string[], args: string[], options: SpawnOptions): ChildProcess {
	const name = `pdf-noodle-e2e-${process.pid}-${++started}`;
	const child = spawn('docker', ['run', '--rm', '--name', name, '--network', 'host', ...dockerArgs, image, ...args], options);
	// SIGTERM reaches the container through `docker run`; a SIGKILL would leave it running.
	child.once('exit', () => execFile('docker', ['rm', '--force', name], () => undefined));
	return child;
}

/** `n8n <args>` in the image under test, with the n8n settings of `options.env`. */
export function spawnN8nImage(args: string[], options: SpawnOptions): ChildProcess {
	const env = options.env ?? process.env;
	const userFolder = env.N8N_USER_FOLDER;
	if (!N8N_IMAGE || !userFolder) throw new Error('spawnN8nImage: PDF_NOODLE_N8N_IMAGE and N8N_USER_FOLDER are needed');
	const settings = Object.keys(env).filter((name) => N8N_SETTING.test(name) && env[name] !== undefined);
	const dockerArgs = [
		'--user',
		`${process.getuid!()}:${process.getgid!()}`,
		'--volume',
		`${userFolder}:${userFolder}`,
		'--volume',
		`${PROJECT_ROOT}:${PROJECT_ROOT}:ro`,
		'--env',
		`HOME=${userFolder}`,
		// `--env NAME` takes the value from the environment of `docker run` itself.
		...settings.flatMap((name) => ['--env', name]),
	];
	return runContainer(N8N_IMAGE, dockerArgs, args, { ...options, env });
}

/**
 * The task-runner sidecar as n8n's docs deploy it beside n8n 3.x: its launcher connects to the
 * broker of `n8n start` with the shared token and starts a runner when a Code node asks for one.
 */
export function spawnRunnersImage(brokerPort: number, authToken: string, env: NodeJS.ProcessEnv): ChildProcess {
	if (!RUNNERS_IMAGE) throw new Error('spawnRunnersImage: PDF_NOODLE_RUNNERS_IMAGE is needed');
	const runnerEnv: NodeJS.ProcessEnv = { ...env, N8N_RUNNERS_AUTH_TOKEN: authToken, N8N_RUNNERS_TASK_BROKER_URI: `http://127.0.0.1:${brokerPort}` };
	const passed = ['N8N_RUNNERS_AUTH_TOKEN', 'N8N_RUNNERS_TASK_BROKER_URI', 'N8N_RUNNERS_TASK_TIMEOUT'].filter((name) => runnerEnv[name] !== undefined);
	return runContainer(RUNNERS_IMAGE, passed.flatMap((name) => ['--env', name]), [], { env: runnerEnv, stdio: ['ignore', 'pipe', 'pipe'] });
}
