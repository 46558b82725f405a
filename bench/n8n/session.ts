/**
 * The benchmarks in a real n8n (the pinned n8n of the end-to-end tests, the packed package):
 * growth with the number of items, the side-by-side comparison with the peer a user would
 * build, and the large download in the binary data modes n8n runs with. The sandbox runs in
 * a process of its own and answers every render after a fixed latency with a prepared PDF.
 */
import { type SandboxProcess, startSandboxProcess } from '../sandboxProcess';
import { median, round } from '../stats';
import { BenchN8n } from './benchN8n';
import { type ComparisonRow, measureComparison } from './comparison';
import { downloadGrowthMb } from './downloadInN8n';
import { type GrowthRow, measureGrowth } from './growth';
import { benchWays, type Way, type WayKey } from './ways';

export interface N8nDownloadRow {
	mode: 'filesystem' | 'database';
	fileMb: number;
	runs: number;
	rssGrowthMb: number;
}

export interface N8nFigures {
	latencyMs: number;
	comparison: ComparisonRow[];
	growth: GrowthRow[];
	download: N8nDownloadRow[];
}

export interface N8nPlan {
	latencyMs: number;
	/** Sizes of the side-by-side comparison, and its runs per size (the 202 case: `runs202`). */
	comparisonSizes: number[];
	runs: number;
	runs202: number;
	/** Sizes at which the comparison also measures the other settings of Requests at Once (ways.ts). */
	otherBoundsAt: number[];
	/** Growth: the sizes of each way; `freshProcess` gives each way an n8n process of its own. */
	growth: Array<{ key: WayKey; sizes: number[] }>;
	freshProcess: boolean;
	downloadMb: number;
	downloadRuns: number;
	/** Also the large download in filesystem mode in the real n8n (beside the engine's figure). */
	downloadInFilesystem: boolean;
}

export interface PreparedN8n {
	sandbox: SandboxProcess;
	bench: BenchN8n;
	ways: Way[];
}

/**
 * Starts the sandbox, installs n8n's user folder and starts n8n (filesystem binary mode):
 * the slow part (n8n's CLI takes seconds per command), nothing measured yet.
 */
export async function prepareN8n(latencyMs: number): Promise<PreparedN8n> {
	const sandbox = await startSandboxProcess({ renderDelayMs: latencyMs, fixedRender: true, syncWaitMs: 30_000 });
	let bench: BenchN8n | undefined;
	try {
		const ways = benchWays(sandbox.baseUrl);
		bench = await BenchN8n.prepare(sandbox, ways.map((way) => way.chain));
		await bench.start('filesystem');
		return { sandbox, ways, bench };
	} catch (error) {
		await bench?.dispose();
		await sandbox.close();
		throw error;
	}
}

/** Ends what `prepareN8n` started, for a bench that stops before measuring in n8n. */
export async function disposePrepared({ sandbox, bench }: PreparedN8n): Promise<void> {
	await bench.dispose();
	await sandbox.close();
}

export async function measureInN8n({ sandbox, bench, ways }: PreparedN8n, plan: N8nPlan, log: (line: string) => void): Promise<N8nFigures> {
	const wayOf = (key: WayKey) => ways.find((way) => way.key === key)!;
	const figures: N8nFigures = { latencyMs: plan.latencyMs, comparison: [], growth: [], download: [] };
	try {
		for (const [index, { key, sizes }] of plan.growth.entries()) {
			if (plan.freshProcess && index > 0) {
				await bench.stop();
				await bench.start('filesystem');
			}
			figures.growth.push(...(await measureGrowth(bench, wayOf(key), sizes)));
			log(`n8n: growth of ${key} done`);
		}
		for (const items of plan.comparisonSizes) {
			figures.comparison.push(...(await measureComparison(bench, sandbox, ways, { items, runs: plan.runs, runs202: plan.runs202, latencyMs: plan.latencyMs, otherBounds: plan.otherBoundsAt.includes(items) })));
			log(`n8n: comparison at ${items} items done`);
		}
		// Each download in an n8n process of its own (after a 1 MB warm-up), as the engine's rows are:
		// a process that has run other work reuses memory it already holds.
		const modes: N8nDownloadRow['mode'][] = plan.downloadInFilesystem ? ['filesystem', 'database'] : ['database'];
		for (const mode of modes) {
			const growth: number[] = [];
			for (let attempt = 0; attempt < plan.downloadRuns; attempt++) {
				await bench.stop();
				await bench.start(mode);
				growth.push(await downloadGrowthMb(bench, sandbox, plan.downloadMb));
			}
			figures.download.push({ mode, fileMb: plan.downloadMb, runs: plan.downloadRuns, rssGrowthMb: round(median(growth), 1) });
		}
		log('n8n: downloads done');
		return figures;
	} finally {
		await disposePrepared({ sandbox, bench, ways });
	}
}
