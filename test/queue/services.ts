/**
 * The services n8n's queue mode needs, started from Debian's packages without system
 * services: a PostgreSQL cluster in a throw-away folder on a free port, and a Redis server
 * that keeps nothing on disk. Both are stopped by `stop()`, also after a failed test.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { freePort } from '../e2e/n8n';
import { stopProcess } from '../support/processes';

const run = promisify(execFile);
// The PostgreSQL client n8n itself uses, from the pinned n8n's install.
const requireFromE2e = createRequire(join(__dirname, '..', 'e2e', 'package.json'));
const { Client } = requireFromE2e('pg') as {
	Client: new (config: object) => { connect(): Promise<void>; query(sql: string, values: unknown[]): Promise<{ rows: unknown[] }>; end(): Promise<void> };
};

/** Debian installs PostgreSQL's programs under /usr/lib/postgresql/<major>/bin, off PATH. */
function postgresBin(program: string): string {
	const root = '/usr/lib/postgresql';
	const majors = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
	for (const major of majors) {
		const path = join(root, major, 'bin', program);
		if (existsSync(path)) return path;
	}
	throw new Error(`PostgreSQL's ${program} was not found: install the Debian package "postgresql" (scripts/ensure-system-packages.sh does)`);
}

/**
 * PostgreSQL refuses to run as root. Where the tests run as root, its programs run as the
 * `postgres` user the Debian package creates, in a folder that user owns.
 */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
	return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function postgresUserIds(): { uid: number; gid: number } | undefined {
	if (process.getuid?.() !== 0) return undefined;
	const line = readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((entry) => entry.startsWith('postgres:'));
	if (!line) throw new Error('The user "postgres" is missing: install the Debian package "postgresql"');
	const [, , uid, gid] = line.split(':');
	return { uid: Number(uid), gid: Number(gid) };
}

export class Postgres {
	readonly database = 'n8n';
	readonly user = 'postgres';
	port = 0;
	private readonly folder = mkdtempSync(join(tmpdir(), 'pdf-noodle-postgres-'));

	private get dataFolder(): string {
		return join(this.folder, 'data');
	}

	async start(): Promise<void> {
		const owner = postgresUserIds();
		chmodSync(this.folder, 0o700);
		if (owner) chownSync(this.folder, owner.uid, owner.gid);
		this.port = await freePort();
		await run(...asPostgresUser(postgresBin('initdb'), ['-D', this.dataFolder, '-A', 'trust', '-U', this.user, '--no-sync']));
		const options = `-p ${this.port} -k ${this.folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
		await run(...asPostgresUser(postgresBin('pg_ctl'), ['-D', this.dataFolder, '-o', options, '-l', join(this.folder, 'postgres.log'), '-w', 'start']));
		await run(...asPostgresUser(postgresBin('createdb'), ['-h', '127.0.0.1', '-p', String(this.port), '-U', this.user, this.database]));
	}

	/** What n8n needs to use this database. */
	get n8nEnv(): NodeJS.ProcessEnv {
		return {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(this.port),
			DB_POSTGRESDB_DATABASE: this.database,
			DB_POSTGRESDB_USER: this.user,
			DB_POSTGRESDB_PASSWORD: '',
		};
	}

	/** Rows of a query on n8n's database. */
	async query<T>(sql: string, values: unknown[] = []): Promise<T[]> {
		const client = new Client({ host: '127.0.0.1', port: this.port, user: this.user, database: this.database });
		await client.connect();
		try {
			return (await client.query(sql, values)).rows as T[];
		} finally {
			await client.end();
		}
	}

	async stop(): Promise<void> {
		if (this.port !== 0) {
			await run(...asPostgresUser(postgresBin('pg_ctl'), ['-D', this.dataFolder, '-m', 'immediate', 'stop'])).catch(() => undefined);
		}
		rmSync(this.folder, { recursive: true, force: true });
	}
}

export class Redis {
	port = 0;
	private server: ChildProcess | undefined;

	/** `samePort`: start again where it was, as a Redis back after an outage (see `stop`). */
	async start(samePort = false): Promise<void> {
		if (!samePort || this.port === 0) this.port = await freePort();
		this.server = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let log = '';
		await new Promise<void>((ready, fail) => {
			this.server!.once('error', fail);
			this.server!.once('exit', (code) => fail(new Error(`redis-server exited with ${code}:\n${log}`)));
			this.server!.stdout!.on('data', (chunk) => {
				log += chunk;
				if (log.includes('Ready to accept connections')) ready();
			});
		});
	}

	get n8nEnv(): NodeJS.ProcessEnv {
		return { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(this.port) };
	}

	async stop(): Promise<void> {
		await stopProcess(this.server);
		this.server = undefined;
	}
}
