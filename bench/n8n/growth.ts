/**
 * Growth: how the cost of a node run grows with its items, in a real n8n. Each way gets an
 * n8n process of its own (or the first runs of the process), warmed up with 10 and 100 items; then
 * its sizes run in ascending order, and the peak resident memory of each size is the
 * process's peak since the warm-up, over its memory after the warm-up. What a run costs
 * whatever its size (n8n starting the execution and saving it, the node reading its
 * settings) is measured by one-item runs; the cost per item is what a run costs beyond that.
 */
import { median, round } from '../stats';
import type { BenchN8n } from './benchN8n';
import type { Way, WayKey } from './ways';

export interface GrowthRow {
	key: WayKey;
	way: string;
	items: number;
	nodeMs: number;
	msPerItem: number;
	cpuPerItemMs: number;
	/** CPU of the run beyond a one-item run's, per further item: the cost that grows with the items. */
	cpuPerItemBeyondOneMs: number;
	peakRssMb: number;
	rssGrowthMb: number;
	apiCalls: number;
	maxInFlight: number;
	peakSockets: number;
	files: number;
}

const MB = 1024 * 1024;

export async function measureGrowth(bench: BenchN8n, way: Way, sizes: number[]): Promise<GrowthRow[]> {
	// A 10-item run, then one of the smallest size: the first runs of a fresh n8n pay for compiling
	// its code and for its own start-up work, which would count against the smallest size.
	await bench.run(way.key, 10);
	await bench.run(way.key, Math.min(sizes[0], 100));
	const oneItemCpuMs: number[] = [];
	for (let run = 0; run < 3; run++) oneItemCpuMs.push((await bench.run(way.key, 1)).cpuMs);
	const oneItemCpu = median(oneItemCpuMs);
	bench.resetPeak();
	const rows: GrowthRow[] = [];
	let baseline: number | undefined;
	for (const items of sizes) {
		const run = await bench.run(way.key, items, { resetPeak: false });
		baseline ??= run.rssBeforeBytes;
		const complete = way.withoutFiles ? run.outputItems : run.files;
		if (complete !== items) throw new Error(`${way.key} at ${items} items: ${run.outputItems} items, ${run.files} files`);
		rows.push({
			key: way.key,
			way: way.label,
			items,
			nodeMs: round(run.nodeMs, 0),
			msPerItem: round(run.nodeMs / items, 2),
			cpuPerItemMs: round(run.cpuMs / items, 2),
			cpuPerItemBeyondOneMs: round((run.cpuMs - oneItemCpu) / (items - 1), 2),
			peakRssMb: round(run.peakRssBytes / MB, 0),
			rssGrowthMb: round((run.peakRssBytes - baseline) / MB, 0),
			apiCalls: run.traffic.apiCalls,
			maxInFlight: run.traffic.maxInFlight,
			peakSockets: run.peakSockets,
			files: run.files,
		});
	}
	return rows;
}
