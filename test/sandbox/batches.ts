import { randomUUID } from 'node:crypto';

import type { RenderJob } from './renders';
import { renderResult } from './renders';

export type BatchStatus = 'ONGOING' | 'SUCCESS' | 'PARTIAL_SUCCESS' | 'FAILED';

export interface Batch {
	batchRequestId: string;
	jobs: RenderJob[];
	merge: boolean;
	/** Set once every entry has ended and, with merge, the merged file is stored. */
	mergedUrl?: string;
	/** Settles when the batch is complete (merged file included). */
	finished: Promise<void>;
	done: boolean;
}

/** Batches of the account; each entry is an ordinary render job, also readable on its own. */
export class BatchStore {
	private readonly batches = new Map<string, Batch>();

	add(jobs: RenderJob[], merge: boolean, finish: (batch: Batch) => Promise<void>): Batch {
		const batch = { batchRequestId: randomUUID(), jobs, merge, done: false } as Batch;
		batch.finished = Promise.all(jobs.map(async (job) => await job.finished))
			.then(async () => await finish(batch))
			.finally(() => {
				batch.done = true;
			});
		this.batches.set(batch.batchRequestId, batch);
		return batch;
	}

	get(batchRequestId: string): Batch | undefined {
		return this.batches.get(batchRequestId);
	}
}

function statusOf(batch: Batch): BatchStatus {
	if (!batch.done) return 'ONGOING';
	const succeeded = batch.jobs.filter((job) => job.renderStatus === 'SUCCESS').length;
	if (succeeded === batch.jobs.length) return 'SUCCESS';
	return succeeded === 0 ? 'FAILED' : 'PARTIAL_SUCCESS';
}

/** The batch record of the spec. */
export function batchRecord(batch: Batch): Record<string, unknown> {
	const record: Record<string, unknown> = {
		batchRequestId: batch.batchRequestId,
		status: statusOf(batch),
		total: batch.jobs.length,
		completed: batch.jobs.filter((job) => job.renderStatus !== 'ONGOING').length,
		merge: batch.merge,
		results: batch.jobs.map(renderResult),
	};
	if (batch.merge) record.mergedUrl = batch.mergedUrl ?? '';
	return record;
}
