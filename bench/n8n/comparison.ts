/**
 * Side by side in one real n8n: our node as a user sets it up, its variants, and the peer a
 * user would build instead (two HTTP Request nodes; for a 202, the forum's Wait + IF loop).
 * Runs alternate between the ways; each figure is a median. Node time is n8n's own record
 * of the execution (from the first of the way's nodes starting to the last one ending);
 * CPU is the n8n process's, from the webhook call until the execution was recorded.
 */
import type { SandboxProcess } from '../sandboxProcess';
import { median, round } from '../stats';
import type { BenchN8n, ChainRun } from './benchN8n';
import { boundKey, OTHER_BOUNDS, type Way, type WayKey } from './ways';

export interface ComparisonRow {
	key: WayKey;
	way: string;
	/** 'sync': renders within the sync wait; '202': each render answered 202 first. */
	answer: 'sync' | '202';
	items: number;
	runs: number;
	nodesBuilt: number;
	nodeMs: number;
	/** Node time over the peer's, in the same run (the peer of the same answer kind). */
	ratioToPeer: number;
	cpuPerItemMs: number;
	apiCalls: number;
	statusCalls: number;
	fileDownloads: number;
	maxInFlight: number;
	peakSockets: number;
	/** Items out of the way's last node that carry a file. */
	files: number;
}

/** Sandbox settings of a 202: the sync call answers after 1 s, the render ends 4 s later. */
export const ANSWER_202 = { syncWaitMs: 1000, renderDelayMs: 5000 };

function row(way: Way, answer: ComparisonRow['answer'], runs: ChainRun[]): Omit<ComparisonRow, 'ratioToPeer'> {
	const items = runs[0].items;
	const pick = (figure: (run: ChainRun) => number) => median(runs.map(figure));
	return {
		key: way.key,
		way: way.label,
		answer,
		items,
		runs: runs.length,
		nodesBuilt: way.nodesBuilt,
		nodeMs: round(pick((run) => run.nodeMs), 0),
		cpuPerItemMs: round(pick((run) => run.cpuMs) / items, 2),
		apiCalls: pick((run) => run.traffic.apiCalls),
		statusCalls: pick((run) => run.traffic.statusCalls),
		fileDownloads: pick((run) => run.traffic.otherCalls),
		maxInFlight: pick((run) => run.traffic.maxInFlight),
		peakSockets: pick((run) => run.peakSockets),
		files: pick((run) => run.files),
	};
}

/** Runs each way `runs` times at `items`, alternating, after a warm-up run of each (50 items: code compiled, connections made). */
async function sideBySide(bench: BenchN8n, ways: Way[], items: number, runs: number): Promise<Map<WayKey, ChainRun[]>> {
	for (const way of ways) await bench.run(way.key, Math.min(items, 50));
	const measured = new Map<WayKey, ChainRun[]>(ways.map((way) => [way.key, []]));
	for (let attempt = 0; attempt < runs; attempt++) {
		for (const way of ways) measured.get(way.key)!.push(await bench.run(way.key, items));
	}
	return measured;
}

function withRatios(rows: Array<Omit<ComparisonRow, 'ratioToPeer'>>, peerKey: WayKey): ComparisonRow[] {
	const peer = rows.find((each) => each.key === peerKey)!;
	return rows.map((each) => ({ ...each, ratioToPeer: round(each.nodeMs / peer.nodeMs, 2) }));
}

export async function measureComparison(
	bench: BenchN8n,
	sandbox: SandboxProcess,
	ways: Way[],
	{ items, runs, runs202, latencyMs, otherBounds }: { items: number; runs: number; runs202: number; latencyMs: number; otherBounds: boolean },
): Promise<ComparisonRow[]> {
	const byKey = (keys: WayKey[]) => keys.map((key) => ways.find((way) => way.key === key)!);
	const bounds = otherBounds ? OTHER_BOUNDS.map(boundKey) : [];
	const syncWays = byKey(['ours', 'oursFixed', ...bounds, 'oursUnbounded', 'peer', 'start']);
	const sync = await sideBySide(bench, syncWays, items, runs);
	const rows = withRatios(syncWays.map((way) => row(way, 'sync', sync.get(way.key)!)), 'peer');

	await sandbox.configure(ANSWER_202);
	try {
		const waitingWays = byKey(['ours', ...bounds, 'peerLoop']);
		const waiting = new Map<WayKey, ChainRun[]>(waitingWays.map((way) => [way.key, []]));
		for (let attempt = 0; attempt < runs202; attempt++) {
			for (const way of waitingWays) waiting.get(way.key)!.push(await bench.run(way.key, items));
		}
		rows.push(...withRatios(waitingWays.map((way) => row(way, '202', waiting.get(way.key)!)), 'peerLoop'));
	} finally {
		await sandbox.configure({ syncWaitMs: 30_000, renderDelayMs: latencyMs });
	}
	return rows;
}
