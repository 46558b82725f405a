/**
 * Download memory: a large PDF downloaded to binary data, in n8n's in-memory binary mode
 * ("default") and in filesystem mode (n8n 2.x's default for a single instance). Each run is
 * a fresh process that first downloads a 1 MB file the same way, so that loading code and
 * first-use allocations stay out of the figure: what is left is that download's own growth
 * of resident memory. Two file sizes show whether the growth follows the file's size.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { Sandbox } from '../test/support/sandbox';
import { median, round } from './stats';

const run = promisify(execFile);

export const BINARY_MODES = ['default', 'filesystem'] as const;

export interface DownloadResult {
	mode: (typeof BINARY_MODES)[number];
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

export async function measureDownload(sandbox: Sandbox, sizesMb: number[], runs: number): Promise<DownloadResult[]> {
	Object.assign(sandbox.context.settings, { renderDelayMs: 0 });
	const warmUpRequestId = await largeRender(sandbox, 1);
	const results: DownloadResult[] = [];
	for (const megabytes of sizesMb) {
		const requestId = await largeRender(sandbox, megabytes);
		for (const mode of BINARY_MODES) {
			const growth: number[] = [];
			for (let attempt = 0; attempt < runs; attempt++) {
				const { stdout } = await run(
					process.execPath,
					['--expose-gc', '--import', 'tsx', join(__dirname, 'downloadWorker.ts'), sandbox.baseUrl, sandbox.apiKey, requestId, warmUpRequestId],
					{ env: { ...process.env, BINARY_MODE: mode }, maxBuffer: 1024 * 1024 },
				);
				const figure = JSON.parse(stdout.trim().split('\n').pop()!) as { growthBytes: number; bytes: number };
				if (figure.bytes !== megabytes * 1024 * 1024) throw new Error(`downloaded ${figure.bytes} bytes`);
				growth.push(figure.growthBytes);
			}
			results.push({ mode, fileMb: megabytes, runs, rssGrowthMb: round(median(growth) / 1024 / 1024, 1) });
		}
	}
	return results;
}
