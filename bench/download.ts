/**
 * Download memory: a large PDF downloaded to binary data, in n8n's in-memory binary mode
 * ("default") and in filesystem mode (n8n 2.x's default for a single instance). Each run is
 * a fresh process, so the figure is that download's own growth of resident memory.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { Sandbox } from '../test/support/sandbox';
import { median, round } from './stats';

const run = promisify(execFile);

export interface DownloadResult {
	mode: string;
	fileMb: number;
	runs: number;
	rssGrowthMb: number;
}

/** A finished render whose file is `megabytes` large (a PDF header and filler). */
async function largeRender(sandbox: Sandbox, megabytes: number): Promise<string> {
	const bytes = Buffer.alloc(megabytes * 1024 * 1024, 0x20);
	bytes.write('%PDF-1.4\n', 0);
	const job = sandbox.context.renders.start(async () => ({ bytes, mimeType: 'application/pdf', extension: 'pdf' }));
	await job.finished;
	return job.requestId;
}

export async function measureDownload(sandbox: Sandbox, megabytes: number, runs: number): Promise<DownloadResult[]> {
	Object.assign(sandbox.context.settings, { renderDelayMs: 0 });
	const requestId = await largeRender(sandbox, megabytes);
	const results: DownloadResult[] = [];
	for (const mode of ['default', 'filesystem']) {
		const growth: number[] = [];
		for (let attempt = 0; attempt < runs; attempt++) {
			const { stdout } = await run(
				process.execPath,
				['--expose-gc', '--import', 'tsx', join(__dirname, 'downloadWorker.ts'), sandbox.baseUrl, sandbox.apiKey, requestId],
				{ env: { ...process.env, BINARY_MODE: mode }, maxBuffer: 1024 * 1024 },
			);
			const figure = JSON.parse(stdout.trim().split('\n').pop()!) as { growthBytes: number; bytes: number };
			if (figure.bytes !== megabytes * 1024 * 1024) throw new Error(`downloaded ${figure.bytes} bytes`);
			growth.push(figure.growthBytes);
		}
		results.push({ mode, fileMb: megabytes, runs, rssGrowthMb: round(median(growth) / 1024 / 1024, 1) });
	}
	return results;
}
