/**
 * Download memory in a real n8n: a large render downloaded by Get Status with Download File,
 * in the binary data mode n8n was started with. `database` mode (queue mode's default in
 * n8n 2.x) needs n8n's database, so it runs here rather than in the engine harness. The
 * figure is the n8n process's peak resident memory during the download over its memory
 * before it, after a 1 MB download the same way; the caller gives it a fresh process.
 */
import type { SandboxProcess } from '../sandboxProcess';
import { round } from '../stats';
import type { BenchN8n } from './benchN8n';

export async function downloadGrowthMb(bench: BenchN8n, sandbox: SandboxProcess, megabytes: number): Promise<number> {
	const warmUp = await bench.run('download', 1, { body: { requestId: await sandbox.fillerRender(1) } });
	if (warmUp.files !== 1) throw new Error('the warm-up download brought no file');
	const run = await bench.run('download', 1, { body: { requestId: await sandbox.fillerRender(megabytes) } });
	if (run.files !== 1) throw new Error(`the ${megabytes} MB download brought no file`);
	return round((run.peakRssBytes - run.rssBeforeBytes) / 1024 / 1024, 1);
}
