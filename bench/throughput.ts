/**
 * Throughput against the floor: N "Render From Template" items through the node in n8n's
 * engine, against the same N requests (render, then file download) from a plain HTTP client
 * at the same concurrency (all at once, as n8n's routing engine sends them), against the same
 * sandbox answering after a fixed render latency. Runs alternate; each figure is a median.
 */
import { binaryBytes, runPdfNoodle } from '../test/harness/engine';
import type { Sandbox } from '../test/support/sandbox';
import { credentialsFor } from '../test/support/sandbox';
import { median, round, timed } from './stats';

export interface ThroughputResult {
	items: number;
	latencyMs: number;
	runs: number;
	nodeMs: number;
	rawMs: number;
	ratio: number;
	overheadPerItemMs: number;
}

async function rawClient(sandbox: Sandbox, items: number): Promise<void> {
	await Promise.all(
		Array.from({ length: items }, async (_, index) => {
			const response = await fetch(`${sandbox.baseUrl}/v1/pdf/sync`, {
				method: 'POST',
				headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
				body: JSON.stringify({ templateId: 'letter', data: { recipient: { name: `Person ${index}` } } }),
			});
			const { signedUrl } = (await response.json()) as { signedUrl: string };
			await (await fetch(signedUrl)).arrayBuffer();
		}),
	);
}

async function throughNode(sandbox: Sandbox, items: number): Promise<void> {
	const run = await runPdfNoodle(
		{
			resource: 'document',
			operation: 'renderFromTemplate',
			template: { __rl: true, mode: 'id', value: 'letter' },
			data: '={{ JSON.stringify({ recipient: { name: "Person " + $itemIndex } }) }}',
		},
		{ credentials: credentialsFor(sandbox), input: Array.from({ length: items }, (_, index) => ({ json: { index } })) },
	);
	if (run.error || run.items.length !== items) throw new Error(`the node run failed: ${run.error?.message}`);
	await binaryBytes(run.items[0].binary?.data);
}

export async function measureThroughput(sandbox: Sandbox, items: number, runs: number, latencyMs = 300): Promise<ThroughputResult> {
	Object.assign(sandbox.context.settings, { renderDelayMs: latencyMs, fixedRender: true, syncWaitMs: 30_000 });
	await throughNode(sandbox, 5);
	await rawClient(sandbox, 5);
	const nodeTimes: number[] = [];
	const rawTimes: number[] = [];
	for (let run = 0; run < runs; run++) {
		rawTimes.push((await timed(async () => await rawClient(sandbox, items))).ms);
		nodeTimes.push((await timed(async () => await throughNode(sandbox, items))).ms);
		sandbox.context.requestLog.length = 0;
	}
	const nodeMs = median(nodeTimes);
	const rawMs = median(rawTimes);
	return {
		items,
		latencyMs,
		runs,
		nodeMs: round(nodeMs, 0),
		rawMs: round(rawMs, 0),
		ratio: round(nodeMs / rawMs, 2),
		overheadPerItemMs: round((nodeMs - rawMs) / items, 2),
	};
}
