import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { HttpError } from '../http';

export type ToolStatus = 'ONGOING' | 'SUCCESS' | 'FAILED';

export interface ToolJob {
	requestId: string;
	status: ToolStatus;
	/** The body the synchronous call answers: set on SUCCESS. */
	result: Record<string, unknown> | null;
	/** `{}`, or `{errorMessage}` on FAILED. */
	metadata: { errorMessage?: string };
	/** The HTTP status a synchronous call answers for a failure (400 for bad input, else 500). */
	failureStatus?: number;
	finished: Promise<void>;
}

/** Tool work runs in the background; sync calls wait on `finished`, the status endpoint reads the job. */
export class ToolQueue {
	private readonly jobs = new Map<string, ToolJob>();

	constructor(private readonly delayMs: () => number) {}

	start(work: () => Promise<Record<string, unknown>>): ToolJob {
		const job = { requestId: randomUUID(), status: 'ONGOING', result: null, metadata: {} } as ToolJob;
		job.finished = this.run(job, work);
		this.jobs.set(job.requestId, job);
		return job;
	}

	get(requestId: string): ToolJob | undefined {
		return this.jobs.get(requestId);
	}

	private async run(job: ToolJob, work: () => Promise<Record<string, unknown>>): Promise<void> {
		try {
			if (this.delayMs() > 0) await sleep(this.delayMs());
			job.result = { status: 'SUCCESS', ...(await work()) };
			job.status = 'SUCCESS';
		} catch (error) {
			job.status = 'FAILED';
			job.metadata = { errorMessage: (error as Error).message };
			job.failureStatus = error instanceof HttpError ? error.status : 500;
		}
	}
}

/** The tool status record of `/v1/tools/status/<id>`. */
export function toolStatusRecord(job: ToolJob): Record<string, unknown> {
	return { requestId: job.requestId, status: job.status, result: job.status === 'SUCCESS' ? job.result : null, metadata: job.metadata };
}
