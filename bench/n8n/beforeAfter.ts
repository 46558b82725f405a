/**
 * One change's effect, by hand: the sync comparison (our node with expression and fixed Data,
 * and the HTTP Request peer) in a real n8n with a given build of the package, e.g. an
 * earlier commit's, beside the same with the working tree's build, in one invocation.
 *
 *   node --import tsx bench/n8n/beforeAfter.ts <earlier package tarball> [items] [runs]
 *
 * Prints one table; not part of `npm run bench`.
 */
import { startSandboxProcess } from '../sandboxProcess';
import { median, round } from '../stats';
import { BenchN8n, type ChainRun } from './benchN8n';
import { benchWays, type WayKey } from './ways';

const [earlier, itemsArgument = '200', runsArgument = '3'] = process.argv.slice(2);
const KEYS: WayKey[] = ['ours', 'oursFixed', 'peer'];

async function measure(tarball: string | undefined, items: number, runs: number): Promise<Map<WayKey, ChainRun[]>> {
	const sandbox = await startSandboxProcess({ renderDelayMs: 300, fixedRender: true, syncWaitMs: 30_000 });
	const ways = benchWays(sandbox.baseUrl).filter((way) => KEYS.includes(way.key));
	if (tarball) process.env.BENCH_PACKAGE = tarball;
	else delete process.env.BENCH_PACKAGE;
	const bench = await BenchN8n.prepare(sandbox, ways.map((way) => way.chain));
	try {
		await bench.start('filesystem');
		for (const key of KEYS) await bench.run(key, 50);
		const measured = new Map<WayKey, ChainRun[]>(KEYS.map((key) => [key, []]));
		for (let attempt = 0; attempt < runs; attempt++) for (const key of KEYS) measured.get(key)!.push(await bench.run(key, items));
		return measured;
	} finally {
		await bench.dispose();
		await sandbox.close();
	}
}

async function main(): Promise<void> {
	if (!earlier) throw new Error('usage: beforeAfter.ts <earlier package tarball> [items] [runs]');
	const items = Number(itemsArgument);
	const runs = Number(runsArgument);
	console.log(`| build | way | items | node time (ms) | × peer | n8n CPU per item (ms) |\n|---|---|---|---|---|---|`);
	for (const [build, tarball] of [['earlier', earlier], ['working tree', undefined]] as const) {
		const measured = await measure(tarball, items, runs);
		const nodeMs = (key: WayKey) => median(measured.get(key)!.map((run) => run.nodeMs));
		for (const key of KEYS) {
			const cpu = median(measured.get(key)!.map((run) => run.cpuMs)) / items;
			console.log(`| ${build} | ${key} | ${items} | ${round(nodeMs(key), 0)} | ${round(nodeMs(key) / nodeMs('peer'), 2)} | ${round(cpu, 2)} |`);
		}
	}
}

main().catch((error: Error) => {
	console.error(error.stack ?? error.message);
	process.exit(1);
});
