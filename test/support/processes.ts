import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Ends a process the tests started: SIGTERM, so that it shuts down as in production, and
 * SIGKILL if it has not exited within `graceMs`. Resolves once it has exited.
 */
export async function stopProcess(child: ChildProcess | undefined, graceMs = 15_000): Promise<void> {
	if (!child || child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((done) => child.once('exit', done));
	child.kill('SIGTERM');
	const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
	await exited;
	clearTimeout(killer);
}

/**
 * Asks `probe` until it answers something other than undefined, and returns that; throws,
 * naming `what`, once `timeoutMs` have passed.
 */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const found = await probe();
		if (found !== undefined) return found;
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await new Promise((wait) => setTimeout(wait, 250));
	}
}

/** A process's parent and state, from /proc (Linux). Undefined once it is gone. */
function procStat(pid: number): { parent: number; state: string } | undefined {
	try {
		// The command name, in parentheses, may hold spaces: the fields after its last `)` are fixed.
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return { parent: Number(parent), state };
	} catch {
		return undefined;
	}
}

/** The processes `pid` started, and theirs, as they are now (Linux). */
export function descendantPids(pid: number): number[] {
	const parents = new Map<number, number>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const stat = procStat(Number(entry));
		if (stat) parents.set(Number(entry), stat.parent);
	}
	const found: number[] = [];
	const visit = (parent: number) => {
		for (const [child, ofParent] of parents) {
			if (ofParent === parent) {
				found.push(child);
				visit(child);
			}
		}
	};
	visit(pid);
	return found;
}

/** Whether a process still runs (a zombie waiting to be reaped has ended). */
export function isRunning(pid: number): boolean {
	const stat = procStat(pid);
	return stat !== undefined && stat.state !== 'Z';
}
