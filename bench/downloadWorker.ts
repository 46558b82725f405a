/**
 * Runs in its own process: downloads a small render, then one large render, through the node
 * ("Get Status" with "Download File") in n8n's engine with the binary data mode given in
 * BINARY_MODE, and prints the peak growth of the process's resident memory during the large
 * one.
 */
import './downloadWorkerEnv';

import { binaryDataService, runPdfNoodle } from '../test/harness/engine';

const [baseUrl, apiKey, requestId, warmUpRequestId] = process.argv.slice(2);

async function download(id: string): ReturnType<typeof runPdfNoodle> {
	return await runPdfNoodle({ resource: 'document', operation: 'getStatus', requestId: id }, { credentials: { pdfNoodleApi: { apiKey, baseUrl } } });
}

async function main(): Promise<void> {
	await binaryDataService();
	const warmUp = await download(warmUpRequestId);
	if (warmUp.error) throw new Error(warmUp.error.message);
	global.gc?.();
	const baseline = process.memoryUsage().rss;
	let peak = baseline;
	const sampler = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().rss);
	}, 5);
	const run = await download(requestId);
	clearInterval(sampler);
	peak = Math.max(peak, process.memoryUsage().rss);
	if (run.error) throw new Error(run.error.message);
	const binary = run.items[0].binary?.data;
	console.log(JSON.stringify({ growthBytes: peak - baseline, bytes: binary?.bytes ?? Buffer.byteLength(binary?.data ?? '', 'base64') }));
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exit(1);
});
