/**
 * A real npm registry for a test file: Verdaccio (test/registry/) on a free loopback port,
 * its storage in the file's own temporary folder, no uplinks (it serves only what the test
 * publishes, and never reaches the public registry). n8n installs from it with npm, as it
 * installs from npmjs.org for users.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

import axios from 'axios';

import { freePort } from './ports';
import { stopProcess, waitFor } from './processes';

const run = promisify(execFile);
/** Installed by scripts/setup.sh into test/registry/, apart from the dev dependencies (see its package.json). */
const VERDACCIO = resolve(__dirname, '..', 'registry', 'node_modules', 'verdaccio', 'bin', 'verdaccio');

/** A tarball as npm would publish it: its name, version, and the integrity npm records for it. */
export interface Packed {
	tarball: string;
	name: string;
	version: string;
	/** `sha512-<base64>` of the tarball's bytes: what `npm view <name>@<version> dist.integrity` says. */
	integrity: string;
}

/**
 * npm as a person runs it in a terminal: none of the variables `npm run` sets for the test run
 * (they would point npm at this project's settings).
 */
function npmEnvironment(): NodeJS.ProcessEnv {
	return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
}

/** What a tarball is: its manifest's name and version, and its integrity. */
export async function describeTarball(tarball: string): Promise<Packed> {
	const manifest = JSON.parse((await run('tar', ['-xzOf', tarball, 'package/package.json'])).stdout);
	const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
	return { tarball, name: manifest.name, version: manifest.version, integrity };
}

/**
 * The same package under another version, packed into `destination` (a release N+1 of the
 * same code): the tarball unpacked, its version changed, packed again with npm.
 */
export async function withVersion(tarball: string, version: string, destination: string): Promise<Packed> {
	const folder = mkdtempSync(join(destination, 'repack-'));
	try {
		await run('tar', ['-xzf', tarball, '-C', folder]);
		const manifestPath = join(folder, 'package', 'package.json');
		writeFileSync(manifestPath, JSON.stringify({ ...JSON.parse(readFileSync(manifestPath, 'utf8')), version }, null, 2));
		const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', destination], { cwd: join(folder, 'package'), env: npmEnvironment() });
		return await describeTarball(join(destination, stdout.trim().split('\n').pop()!));
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

export class Registry {
	url = '';
	private readonly folder = mkdtempSync(join(tmpdir(), 'pdf-noodle-registry-'));
	private server: ChildProcess | undefined;
	private token = '';
	private log = '';

	/** Starts Verdaccio and creates the user that publishes. */
	async start(): Promise<void> {
		const port = await freePort();
		const config = {
			storage: join(this.folder, 'storage'),
			auth: { htpasswd: { file: join(this.folder, 'htpasswd'), max_users: 1 } },
			// None: the registry has only what the test publishes.
			uplinks: {},
			packages: { '**': { access: '$all', publish: '$authenticated', unpublish: '$authenticated' } },
			web: { enable: false },
			log: { type: 'stdout', format: 'pretty', level: 'warn' },
			max_body_size: '20mb',
		};
		mkdirSync(config.storage);
		// JSON is YAML: Verdaccio reads its configuration file as YAML.
		const configFile = join(this.folder, 'config.yaml');
		writeFileSync(configFile, JSON.stringify(config, null, 2));
		this.server = spawn(process.execPath, [VERDACCIO, '--config', configFile, '--listen', `127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'pipe'] });
		this.server.stdout?.on('data', (chunk) => (this.log += chunk));
		this.server.stderr?.on('data', (chunk) => (this.log += chunk));
		this.url = `http://127.0.0.1:${port}/`;
		await waitFor('Verdaccio to answer', async () => {
			if (this.server!.exitCode !== null) throw new Error(`Verdaccio stopped while starting:\n${this.log}`);
			return (await axios.get(`${this.url}-/ping`, { validateStatus: () => true }).catch(() => undefined))?.status === 200 || undefined;
		}, 30_000);
		// `npm adduser` against Verdaccio: the first user registers and gets a token.
		const user = await axios.put(`${this.url}-/user/org.couchdb.user:publisher`, { name: 'publisher', password: 'publisher-password', email: 'publisher@example.com' });
		this.token = user.data.token;
	}

	/** npm's own settings for this registry: its URL and the publisher's token. */
	private npmArguments(): string[] {
		const { host } = new URL(this.url);
		return [`--registry=${this.url}`, `--//${host}/:_authToken=${this.token}`];
	}

	/** Publishes a tarball with `npm publish`, as a release would; returns what was published. */
	async publish(tarball: string): Promise<Packed> {
		const packed = await describeTarball(tarball);
		await run('npm', ['publish', tarball, '--ignore-scripts', ...this.npmArguments()], { cwd: this.folder, env: npmEnvironment() });
		const published = await axios.get(`${this.url}${encodeURIComponent(packed.name)}/${packed.version}`);
		if (published.data.dist?.integrity !== packed.integrity) {
			throw new Error(`The registry records ${published.data.dist?.integrity} for ${packed.name}@${packed.version}, not the tarball's ${packed.integrity}`);
		}
		return packed;
	}

	/** Runs an npm command against this registry (e.g. README's `npm view`); returns its output. */
	async npm(args: string[]): Promise<string> {
		const { stdout } = await run('npm', [...args, `--registry=${this.url}`], { cwd: this.folder, env: npmEnvironment() });
		return stdout;
	}

	async stop(): Promise<void> {
		await stopProcess(this.server);
		this.server = undefined;
		rmSync(this.folder, { recursive: true, force: true });
	}
}
