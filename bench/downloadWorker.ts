/**
 * Runs in its own process: downloads one large render through the node ("Get Status" with
 * "Download File") in n8n's engine with the binary data mode given in BINARY_MODE, and prints
 * the growth of the process's resident memory while it did.
 */
import './downloadWorkerEnv';

import { binaryDataService, runPdfNoodle } from '../test/harness/engine';

const [baseUrl, apiKey, requestId] = process.argv.slice(2);

async function main(): Promise<void> {
	await binaryDataService();
	global.gc?.();
	const baseline = process.memoryUsage().rss;
	let peak = baseline;
	const sampler = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().rss);
	}, 5);
	const run = await runPdfNoodle(
		{ resource: 'document', operation: 'getStatus', requestId },
		{ credentials: { pdfNoodleApi: { apiKey, baseUrl } } },
	);
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
