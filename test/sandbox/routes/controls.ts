import type { SandboxContext, SandboxSettings } from '../context';
import { parseFault } from '../faults';
import { HttpError, objectBody, type Router, sendJson } from '../http';

type NumericSetting = Exclude<keyof SandboxSettings, 'fixedRender' | 'textRender' | 'opaqueFileUrls' | 'fileOrigin' | 'renderGate'>;

const NUMERIC_SETTINGS: NumericSetting[] = [
	'syncWaitMs',
	'renderDelayMs',
	'toolDelayMs',
	'batchStaggerMs',
	'clockOffsetMs',
	'templateCreationMs',
	'templateFinalizeMs',
	'statusLookupsPerSecond',
];

/**
 * Test controls under /__sandbox/, mounted only when the sandbox is started for tests:
 * the request log, the contract-violation log, the traffic counters, the webhook deliveries, injected faults, the timing settings and the clock.
 */
export function controlRoutes(router: Router, context: SandboxContext): void {
	router.add('GET', '/__sandbox/requests', (_request, response) => {
		sendJson(response, 200, { requests: context.requestLog });
	});

	router.add('DELETE', '/__sandbox/requests', (_request, response) => {
		context.requestLog.length = 0;
		sendJson(response, 200, { cleared: true });
	});

	router.add('GET', '/__sandbox/traffic', (_request, response) => {
		sendJson(response, 200, context.traffic.snapshot());
	});

	router.add('DELETE', '/__sandbox/traffic', (_request, response) => {
		context.traffic.reset();
		sendJson(response, 200, context.traffic.snapshot());
	});

	// A finished render of `megabytes` MB (a PDF header and filler), for download benchmarks.
	router.add('POST', '/__sandbox/filler-render', async (request, response) => {
		const megabytes = objectBody(request).megabytes;
		if (typeof megabytes !== 'number' || !(megabytes > 0) || megabytes > 1024) throw new HttpError(400, 'megabytes must be a number from 1 to 1024');
		const bytes = Buffer.alloc(Math.round(megabytes * 1024 * 1024), 0x20);
		bytes.write('%PDF-1.4\n', 0);
		const job = context.renders.start(async () => ({ bytes, mimeType: 'application/pdf', extension: 'pdf' }));
		await job.finished;
		sendJson(response, 200, { requestId: job.requestId });
	});

	router.add('GET', '/__sandbox/violations', (_request, response) => {
		sendJson(response, 200, { violations: context.violations });
	});

	router.add('DELETE', '/__sandbox/violations', (_request, response) => {
		context.violations.length = 0;
		sendJson(response, 200, { violations: [] });
	});

	router.add('GET', '/__sandbox/webhooks', (_request, response) => {
		sendJson(response, 200, { deliveries: context.webhookDeliveries });
	});

	router.add('POST', '/__sandbox/faults', (request, response) => {
		const fault = parseFault(request.json());
		context.faults.push(fault);
		sendJson(response, 200, { faults: context.faults });
	});

	router.add('DELETE', '/__sandbox/faults', (_request, response) => {
		context.faults.length = 0;
		sendJson(response, 200, { faults: [] });
	});

	router.add('GET', '/__sandbox/settings', (_request, response) => {
		sendJson(response, 200, context.settings);
	});

	router.add('PATCH', '/__sandbox/settings', (request, response) => {
		const changes = objectBody(request);
		for (const [name, value] of Object.entries(changes)) {
			if (!NUMERIC_SETTINGS.includes(name as NumericSetting)) {
				throw new HttpError(400, `Unknown setting "${name}"`);
			}
			if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 && name !== 'clockOffsetMs') {
				throw new HttpError(400, `Setting "${name}" must be a number`);
			}
			context.settings[name as NumericSetting] = value;
		}
		sendJson(response, 200, context.settings);
	});
}
