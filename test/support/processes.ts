import type { ChildProcess } from 'node:child_process';

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
