/**
 * Batch economy: N documents merged into one PDF. Through the Batch resource (batches of 20,
 * each merged, then the merged parts joined by the merge tool) against N single renders and
 * the merge tool on their N URLs. API calls counted by the sandbox; wall time measured.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { runPdfNoodle } from '../test/harness/engine';
import type { Sandbox } from '../test/support/sandbox';
import { apiRequests, clearRequestLog, credentialsFor } from '../test/support/sandbox';
import { median, round, timed } from './stats';

export interface EconomyResult {
	documents: number;
	latencyMs: number;
	way: string;
	runs: number;
	apiCalls: number;
	wallMs: number;
}

const inputs = (count: number): INodeExecutionData[] => Array.from({ length: count }, (_, index) => ({ json: { name: `Person ${index + 1}` } }));
const data = '={{ JSON.stringify({ recipient_name: $json.name }) }}';

async function mergeUrls(sandbox: Sandbox, urls: string[]): Promise<void> {
	const merged = await runPdfNoodle(
		{ resource: 'pdfTool', operation: 'mergePdfs', sources: { source: urls.map((url) => ({ inputType: 'url', url })) } },
		{ credentials: credentialsFor(sandbox) },
	);
	if (merged.error) throw new Error(merged.error.message);
}

async function throughBatches(sandbox: Sandbox, documents: number): Promise<void> {
	const batch = await runPdfNoodle(
		{ resource: 'batch', operation: 'renderTemplates', batchSource: 'inputItems', template: { __rl: true, mode: 'id', value: 'certificate' }, documentData: data, batchOptions: { merge: true }, downloadFile: false },
		{ credentials: credentialsFor(sandbox), input: inputs(documents) },
	);
	if (batch.error) throw new Error(batch.error.message);
	const parts = batch.items.map((item) => String(item.json.mergedUrl));
	if (parts.length > 1) await mergeUrls(sandbox, parts);
}

async function throughSingles(sandbox: Sandbox, documents: number): Promise<void> {
	const singles = await runPdfNoodle(
		{ resource: 'document', operation: 'renderFromTemplate', template: { __rl: true, mode: 'id', value: 'certificate' }, data, downloadFile: false },
		{ credentials: credentialsFor(sandbox), input: inputs(documents) },
	);
	if (singles.error) throw new Error(singles.error.message);
	await mergeUrls(sandbox, singles.items.map((item) => String(item.json.signedUrl)));
}

export async function measureEconomy(sandbox: Sandbox, documents: number, runs: number, latencyMs = 300): Promise<EconomyResult[]> {
	Object.assign(sandbox.context.settings, { renderDelayMs: latencyMs, fixedRender: true, syncWaitMs: 30_000 });
	const ways: Array<[string, (s: Sandbox, n: number) => Promise<void>]> = [
		['Batch resource (merge) + merge tool', throughBatches],
		['single renders + merge tool', throughSingles],
	];
	const results: EconomyResult[] = [];
	for (const [way, work] of ways) {
		const times: number[] = [];
		const calls: number[] = [];
		for (let attempt = 0; attempt < runs; attempt++) {
			clearRequestLog(sandbox);
			times.push((await timed(async () => await work(sandbox, documents))).ms);
			calls.push(apiRequests(sandbox).length);
		}
		results.push({ documents, latencyMs, way, runs, apiCalls: median(calls), wallMs: round(median(times), 0) });
	}
	return results;
}
