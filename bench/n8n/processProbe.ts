/**
 * What the kernel knows of a process (Linux /proc): CPU time, resident memory and its peak,
 * open sockets. The benchmarks read them from the outside, so that the n8n process measured
 * runs as its users run it, with no probe inside.
 */
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user and system) the process has used, in ms. */
export function cpuMs(pid: number): number {
	// The command name (field 2) may hold spaces: the fields after it are counted from its ')'.
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	// utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
	return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function statusField(pid: number, name: string): number {
	const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
	if (!match) throw new Error(`/proc/${pid}/status has no ${name}`);
	return Number(match[1]) * 1024;
}

/** Resident memory now, in bytes. */
export const rssBytes = (pid: number) => statusField(pid, 'VmRSS');

/** The peak of resident memory since the process started or since `resetPeakRss`, in bytes. */
export const peakRssBytes = (pid: number) => statusField(pid, 'VmHWM');

/**
 * Sets the peak of resident memory back to the present (Linux ≥ 4.0: "5" in clear_refs), so
 * that the next `peakRssBytes` is the peak of what comes after. False where not allowed.
 */
export function resetPeakRss(pid: number): boolean {
	try {
		writeFileSync(`/proc/${pid}/clear_refs`, '5');
		return true;
	} catch {
		return false;
	}
}

/** Open sockets of the process: its file descriptors that are sockets. */
export function socketCount(pid: number): number {
	let sockets = 0;
	for (const fd of readdirSync(`/proc/${pid}/fd`)) {
		try {
			if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
		} catch {
			// closed between the listing and the look
		}
	}
	return sockets;
}

/**
 * Samples a process while a piece of work runs: CPU used, the most sockets open at once and
 * the most resident memory (the kernel's own peak where it can be reset, else the sampled one).
 */
export async function whileSampling<T>(
	pid: number,
	work: () => Promise<T>,
	{ resetPeak = true, intervalMs = 100 }: { resetPeak?: boolean; intervalMs?: number } = {},
): Promise<{ result: T; peakSockets: number; peakRss: number; rssBefore: number; cpuMs: number }> {
	// Without a reset, the peak is the kernel's since its last reset (a series of runs).
	const exactPeak = resetPeak ? resetPeakRss(pid) : true;
	const rssBefore = rssBytes(pid);
	const cpuBefore = cpuMs(pid);
	let peakSockets = socketCount(pid);
	let sampledPeak = rssBefore;
	const sample = () => {
		peakSockets = Math.max(peakSockets, socketCount(pid));
		sampledPeak = Math.max(sampledPeak, rssBytes(pid));
	};
	const sampler = setInterval(sample, intervalMs);
	try {
		const result = await work();
		sample();
		return { result, peakSockets, rssBefore, peakRss: exactPeak ? peakRssBytes(pid) : sampledPeak, cpuMs: cpuMs(pid) - cpuBefore };
	} finally {
		clearInterval(sampler);
	}
}
