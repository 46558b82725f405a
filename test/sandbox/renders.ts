import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import type { FileStore } from './files';
import type { RenderedFile } from './render/document';

export type RenderStatus = 'ONGOING' | 'SUCCESS' | 'FAILED';

export interface RenderJob {
	requestId: string;
	renderStatus: RenderStatus;
	signedUrl: string;
	metadata: { executionTime?: string; fileSize?: string };
	/** Why the render failed (kept for the sandbox's own messages; not part of the result). */
	failure?: string;
	/** When the render ended (ms since the epoch, on the sandbox clock). */
	finishedAt?: number;
	/** Size and stored id of the file once rendered. */
	fileBytes?: number;
	fileId?: string;
	/** Settles when the render has ended, either way. */
	finished: Promise<void>;
}

export interface StoredFileOptions {
	/** Seconds the signed URL stays valid (default 3600). */
	urlLifetimeSeconds?: number;
	/** Name of the file without extension (default: the request id). */
	fileBaseName?: string;
	/** Wait before this render starts (batch entries may be staggered). */
	startDelayMs?: number;
}

export interface RenderSettings {
	renderDelayMs: number;
	/** Renders end only once it settles (SandboxSettings.renderGate). */
	renderGate?: Promise<void>;
	now: () => number;
}

/** Renders run in the background; the sync endpoints wait on `finished`, status reads the job. */
export class RenderQueue {
	private readonly jobs = new Map<string, RenderJob>();

	constructor(
		private readonly files: FileStore,
		private readonly settings: () => RenderSettings,
		/** Whether an injected fault makes this render fail. */
		private readonly injectedFailure: () => boolean = () => false,
	) {}

	start(render: () => Promise<RenderedFile>, file: StoredFileOptions = {}): RenderJob {
		const job = {
			requestId: randomUUID(),
			renderStatus: 'ONGOING',
			signedUrl: '',
			metadata: {},
		} as RenderJob;
		job.finished = this.run(job, render, file);
		this.jobs.set(job.requestId, job);
		return job;
	}

	get(requestId: string): RenderJob | undefined {
		return this.jobs.get(requestId);
	}

	private async run(job: RenderJob, render: () => Promise<RenderedFile>, options: StoredFileOptions): Promise<void> {
		const started = performance.now();
		try {
			const delay = this.settings().renderDelayMs + (options.startDelayMs ?? 0);
			// Unreferenced: a render still waiting out its delay does not keep a finished test process alive.
			if (delay > 0) await sleep(delay, undefined, { ref: false });
			await this.settings().renderGate;
			if (this.injectedFailure()) throw new Error('Injected fault: the render fails');
			const file = await render();
			const baseName = options.fileBaseName ?? job.requestId;
			const stored = this.files.put(file.bytes, `${baseName}.${file.extension}`, file.mimeType);
			job.signedUrl = this.files.signedUrl(stored, options.urlLifetimeSeconds, this.settings().now()).url;
			job.fileBytes = file.bytes.length;
			job.fileId = stored.id;
			job.metadata = {
				executionTime: `${((performance.now() - started) / 1000).toFixed(2)} seconds`,
				fileSize: `${(file.bytes.length / 1000).toFixed(1)} kB`,
			};
			job.renderStatus = 'SUCCESS';
		} catch (error) {
			job.failure = (error as Error).message;
			job.renderStatus = 'FAILED';
		}
		job.finishedAt = this.settings().now();
	}
}

/** The render result of the status endpoint (and of webhooks). */
export function renderResult(job: RenderJob): Record<string, unknown> {
	return {
		requestId: job.requestId,
		renderStatus: job.renderStatus,
		signedUrl: job.renderStatus === 'SUCCESS' ? job.signedUrl : '',
		metadata: job.renderStatus === 'SUCCESS' ? job.metadata : {},
	};
}
