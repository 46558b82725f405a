/**
 * The PDF Noodle Trigger's webhook, called over real HTTP: by the sandbox's asynchronous
 * renders, and by forged calls that must start nothing.
 */
import assert from 'node:assert/strict';
import dns from 'node:dns';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, test } from '@jest/globals';
import axios from 'axios';

import { PdfNoodleTrigger } from '../../dist/nodes/PdfNoodleTrigger/PdfNoodleTrigger.node.js';
import { heldReads, SHARED_FOR_MS } from '../../dist/nodes/PdfNoodleTrigger/sharedReads.js';
import type { Fault } from '../sandbox/faults';
import { binaryBytes } from '../harness/engine';
import { startTriggerServer, type TriggerOptions, type TriggerServer } from '../harness/webhook';
import { pdfText } from '../support/pdf';
import { startReceiver } from '../support/receiver';
import { apiRequests, callApi, clearRequestLog, credentialsFor, finishedCall } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ textRender: true });
const servers: TriggerServer[] = [];

afterAll(async () => {
	await Promise.all(servers.map(async (server) => await server.close()));
});

/** The trigger with the sandbox's API credential (and so Confirm With PDF Noodle, on by default) and a secret. */
function confirmed(token = 'tok-confirm'): TriggerOptions {
	return { credentials: { ...credentialsFor(sandbox), pdfNoodleTriggerApi: { token } } };
}

/** The trigger with only a secret: nothing is confirmed. */
function secret(token: string): TriggerOptions {
	return { credentials: { pdfNoodleTriggerApi: { token } } };
}

/** What a download refused for an address of n8n's own network (or a name resolving to one) says: no allow list helps. */
const OWN_NETWORK_ADVICE =
	"Only the credential's Base URL may be an address of n8n's own network (loopback, link-local, private or reserved): no n8n setting lets the package reach another.";

/** For hand-made payloads whose files are the sandbox's: downloaded unconfirmed, on the credential's Base URL. */
const UNCONFIRMED_DOWNLOADS = { confirmWithService: false, downloadUnconfirmed: true };

/** The status lookups the sandbox received, as "GET <path>". */
function statusLookups(): string[] {
	return apiRequests(sandbox)
		.filter((request) => request.path.includes('/status/'))
		.map((request) => `${request.method} ${request.path}`);
}

async function waitForDelivery(matches: (payload: Record<string, unknown>) => boolean) {
	for (;;) {
		const delivery = sandbox.context.webhookDeliveries.find((entry) => matches(entry.payload as Record<string, unknown>));
		if (delivery) return delivery;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

async function trigger(parameters: Record<string, unknown>, options: TriggerOptions = {}): Promise<TriggerServer> {
	const server = await startTriggerServer(parameters as never, options);
	servers.push(server);
	return server;
}

async function post(url: string, body: unknown, contentType = 'application/json') {
	// A string goes out as it is: axios would re-encode one that is not valid JSON.
	const response = await axios.post(url, typeof body === 'string' ? Buffer.from(body) : body, {
		headers: { 'Content-Type': contentType },
		validateStatus: () => true,
	});
	// axios parses a JSON answer (into objects of this test's realm, which the global fetch's are
	// not: deepStrictEqual would fail on them) and leaves any other answer a string.
	return { status: response.status, json: typeof response.data === 'object' ? (response.data as Record<string, unknown>) : undefined };
}

/** Renders asynchronously through the action node with the trigger's URL as webhook. */
async function asyncRenderTo(webhook: string, template = 'letter') {
	const { items, error } = await sandbox.run(
		{
			resource: 'document',
			operation: 'renderFromTemplate',
			template: { __rl: true, mode: 'id', value: template },
			data: '{"recipient": {"name": "Grace Hopper"}}',
			mode: 'async',
			webhook,
			waitForCompletion: false,
		},
	);
	assert.equal(error, undefined);
	const requestId = String(items[0].json.requestId);
	const job = sandbox.context.renders.get(requestId)!;
	await job.finished;
	// The delivery follows the end of the render.
	await waitForDelivery((payload) => payload.requestId === requestId);
	return requestId;
}

/**
 * For a test that checks what the trigger does with a delivery (lookups, executions, answers,
 * what it remembers), not the document: its renders are the sandbox's prepared one-page PDF
 * instead of Chromium's. Tests that read a file's text, or need the broken template to fail,
 * render for real.
 */
const preparedDocuments = () => (sandbox.context.settings.fixedRender = true);

/** A file the sandbox rendered (Chromium: its text is read), waited for past a 202 on a slow machine. */
async function renderedFileUrl(): Promise<string> {
	const response = await finishedCall(sandbox, '/v1/html-to-pdf/sync', { html: '<p>Batch document</p>' });
	assert.equal(response.status, 200, response.text);
	return (response.json as { signedUrl: string }).signedUrl;
}

/**
 * The results of a finished HTML batch of `count` documents, for deliveries whose renders are
 * real to the service (their status lookups) but whose files nobody reads: every document is
 * the sandbox's prepared PDF, not a Chromium render (20 of those can outlast the sync wait on a
 * slow machine), and a 202 is waited for all the same. The request log is emptied after it, so
 * that the status lookups a test counts are the deliveries' alone.
 */
async function preparedBatchResults(count: number, label: string): Promise<Array<Record<string, unknown>>> {
	sandbox.context.settings.fixedRender = true;
	const rendered = await finishedCall(sandbox, '/v1/html-to-pdf/batch', { items: Array.from({ length: count }, (_, index) => ({ html: `<p>${label} ${index + 1}</p>` })) });
	assert.equal(rendered.status, 200, rendered.text);
	const results = rendered.json.results as Array<Record<string, unknown>>;
	assert.equal(results.length, count);
	assert.ok(results.every((result) => result.renderStatus === 'SUCCESS'), rendered.text);
	clearRequestLog(sandbox);
	return results;
}

/** The file host of the sandbox answers the next `times` downloads with this fault while `work` runs. */
async function withDownloadFault<T>(fault: Partial<Fault>, work: () => Promise<T>): Promise<T> {
	sandbox.context.faults.push({ method: 'GET', pathPrefix: '/files/', kind: 'status', times: 1, ...fault } as Fault);
	try {
		return await work();
	} finally {
		sandbox.context.faults.length = 0;
	}
}

/** The payloads the sandbox delivered for these render or batch IDs, in their order. */
function deliveriesOf(ids: string[]): Array<Record<string, unknown>> {
	return ids.map((id) => {
		const delivery = sandbox.context.webhookDeliveries.find(({ payload }) => {
			const { requestId, batchRequestId } = payload as { requestId?: string; batchRequestId?: string };
			return requestId === id || batchRequestId === id;
		});
		assert.ok(delivery, `the sandbox delivered ${id}`);
		return delivery.payload as Record<string, unknown>;
	});
}

/** The deliveries the trigger remembers in the static data n8n saved (see deliveries.ts). */
function rememberedDeliveries(server: TriggerServer): unknown {
	const saved = server.savedStaticData() ?? {};
	return (saved['node:PDF Noodle Trigger'] as { delivered?: unknown } | undefined)?.delivered;
}

function batchRecord(status: string, results: Array<Record<string, unknown>> = []) {
	return { batchRequestId: `batch-${status}`, status, total: results.length, completed: results.length, merge: false, results };
}

describe('events', () => {
	test('a finished async render starts the workflow with the render result and "event": "render", confirmed by one status call', async () => {
		const server = await trigger({ events: ['render', 'batch'], downloadFile: true }, confirmed('tok-1'));
		const requestId = await asyncRenderTo(`${server.url}?token=tok-1`);
		assert.equal(server.executions.length, 1);
		assert.deepEqual(statusLookups(), [`GET /v1/pdf/status/${requestId}`], 'one status call, at the service');
		const [item] = server.executions[0];
		assert.equal(item.json.event, 'render');
		assert.equal(item.json.requestId, requestId);
		assert.equal(item.json.renderStatus, 'SUCCESS');
		assert.ok((await pdfText(await binaryBytes(item.binary?.data))).includes('Grace Hopper'));
		const delivery = sandbox.context.webhookDeliveries.at(-1)!;
		assert.equal(delivery.status, 200, 'the service got its answer at once');
	});

	test('a lookup answered 429 is sent again after its Retry-After: the delivery starts the workflow once, from the third lookup', async () => {
		preparedDocuments();
		const server = await trigger({ events: ['render'] }, confirmed('tok-429'));
		sandbox.context.faults.push({ method: 'GET', pathPrefix: '/v1/pdf/status/', kind: 'status', status: 429, headers: { 'Retry-After': '1' }, times: 2 } as Fault);
		const requestId = await asyncRenderTo(`${server.url}?token=tok-429`);
		assert.deepEqual(statusLookups(), Array(3).fill(`GET /v1/pdf/status/${requestId}`), 'two lookups refused 429, the third answered');
		assert.equal(server.executions.length, 1);
		assert.deepEqual([server.executions[0][0].json.requestId, server.executions[0][0].json.renderStatus], [requestId, 'SUCCESS']);
		const delivery = sandbox.context.webhookDeliveries.find((entry) => (entry.payload as { requestId?: string }).requestId === requestId)!;
		assert.equal(delivery.status, 200, 'the service\'s delivery is answered 200, not 502');
	});

	test('20 deliveries at once under a limit of 2 lookups a second: each starts once, and the lookups take turns, so the service is asked again about as often as it lets through', async () => {
		const server = await trigger({ events: ['render'] }, confirmed('tok-line'));
		const results = await preparedBatchResults(20, 'Document');
		sandbox.context.settings.statusLookupsPerSecond = 2;
		sandbox.context.traffic.reset();
		try {
			const answers = await Promise.all(results.map(async (result) => await post(`${server.url}?token=tok-line`, result)));
			assert.deepEqual(answers.map((answer) => answer.status), Array(20).fill(200));
		} finally {
			delete sandbox.context.settings.statusLookupsPerSecond;
		}
		assert.deepEqual(server.executions.map((items) => items[0].json.requestId).sort(), results.map((result) => result.requestId).sort());
		// Each lookup waiting out its own Retry-After would ask again every second: 20 + 18 + ... + 2 = 110 lookups, 90 of them 429.
		// In the line a 429 holds back all of them, and fewer go at once after it.
		const { statusCalls, rateLimited } = sandbox.context.traffic.snapshot();
		assert.ok(rateLimited > 0 && rateLimited <= 20, `429s met, but at most one per delivery: ${statusCalls} lookups, ${rateLimited} answered 429`);
	});

	test('a batch record starts the workflow with "event": "batch" and its files', async () => {
		const server = await trigger({ events: ['batch'], downloadFile: true, binaryPropertyName: 'file', ...UNCONFIRMED_DOWNLOADS }, confirmed());
		const urls = [await renderedFileUrl(), await renderedFileUrl()];
		const batch = {
			batchRequestId: 'batch-1',
			status: 'PARTIAL_SUCCESS',
			total: 3,
			completed: 3,
			merge: true,
			mergedUrl: urls[0],
			results: [
				{ requestId: 'r1', renderStatus: 'SUCCESS', signedUrl: urls[0], metadata: {} },
				{ requestId: 'r2', renderStatus: 'FAILED', signedUrl: '', metadata: {} },
				{ requestId: 'r3', renderStatus: 'SUCCESS', signedUrl: urls[1], metadata: {} },
			],
		};
		assert.deepEqual(await post(`${server.url}?token=tok-confirm`, batch), { status: 200, json: { received: true, started: true } });
		// One item per file by default: the merged PDF, then every entry (a failed one without a file).
		const items = server.executions[0];
		assert.deepEqual(items.map((item) => item.json.event), ['batch', 'batch', 'batch', 'batch']);
		assert.deepEqual(items.map((item) => item.json.entryNumber), [undefined, 1, 2, 3]);
		assert.deepEqual(items.map((item) => item.json.requestId), [undefined, 'r1', 'r2', 'r3']);
		assert.deepEqual(items.map((item) => item.json.batchRequestId), ['batch-1', 'batch-1', 'batch-1', 'batch-1']);
		assert.deepEqual(items.map((item) => Object.keys(item.binary ?? {})), [['file'], ['file'], [], ['file']]);
		assert.equal(items[2].json.renderStatus, 'FAILED');
		assert.ok((await pdfText(await binaryBytes(items[3].binary?.file))).includes('Batch document'));

		const onOneItem = await trigger({ events: ['batch'], downloadFile: true, binaryPropertyName: 'file', fileOutput: 'oneItem', ...UNCONFIRMED_DOWNLOADS }, confirmed());
		await post(`${onOneItem.url}?token=tok-confirm`, batch);
		const [item] = onOneItem.executions[0];
		assert.equal(item.json.event, 'batch');
		assert.equal(item.json.batchRequestId, 'batch-1');
		assert.equal((item.json.results as unknown[]).length, 3);
		assert.deepEqual(Object.keys(item.binary ?? {}).sort(), ['file', 'file_1', 'file_3'], 'numbered from 1 by the entry\'s position');
		assert.ok((await pdfText(await binaryBytes(item.binary?.file_3))).includes('Batch document'));
	});

	test('an event that is not selected is answered 200 and starts nothing, without a lookup', async () => {
		preparedDocuments();
		const server = await trigger({ events: ['batch'] }, confirmed('tok-2'));
		await asyncRenderTo(`${server.url}?token=tok-2`);
		assert.equal(server.executions.length, 0);
		assert.equal(sandbox.context.webhookDeliveries.at(-1)!.status, 200);
		assert.deepEqual(statusLookups(), []);
	});

	test('a finished batch delivered by the service starts the workflow from the service\'s record, its failed entry included', async () => {
		const server = await trigger({ events: ['batch'], downloadFile: true }, confirmed('tok-3'));
		const certificate = (name: string) => ({ templateId: 'certificate', data: { recipient_name: name, course: { title: 'Trust', hours: 1 } } });
		const { json: started } = await callApi(sandbox, 'POST', '/v1/pdf/batch', {
			items: [certificate('Ada Lovelace'), { templateId: 'no-such-template', data: {} }],
			webhook: `${server.url}?token=tok-3`,
		});
		const batchRequestId = String(started.batchRequestId);
		await waitForDelivery((payload) => payload.batchRequestId === batchRequestId);
		assert.deepEqual(statusLookups(), [`GET /v1/pdf/batch/status/${batchRequestId}`]);
		const items = server.executions[0];
		assert.deepEqual(items.map((item) => [item.json.batchStatus, item.json.entryNumber, item.json.renderStatus]), [
			['PARTIAL_SUCCESS', 1, 'SUCCESS'],
			['PARTIAL_SUCCESS', 2, 'FAILED'],
		]);
		assert.ok((await pdfText(await binaryBytes(items[0].binary?.data))).includes('Ada Lovelace'));
		assert.equal(items[1].binary, undefined);
	});
});

describe('status filter', () => {
	test('"With a Failure" ignores a success and takes a failure', async () => {
		const server = await trigger({ events: ['render'], statusFilter: 'failure' });
		await asyncRenderTo(server.url, 'letter');
		assert.equal(server.executions.length, 0);
		await asyncRenderTo(server.url, 'broken-layout');
		assert.equal(server.executions.length, 1);
		assert.equal(server.executions[0][0].json.renderStatus, 'FAILED');
	});

	test('"With a Success" ignores a failure and takes a success', async () => {
		const server = await trigger({ events: ['render'], statusFilter: 'success' });
		await asyncRenderTo(server.url, 'broken-layout');
		assert.equal(server.executions.length, 0);
		await asyncRenderTo(server.url, 'letter');
		assert.equal(server.executions.length, 1);
	});

	// A partly failed batch has documents to use and failures to handle: both filters take it.
	const started: Array<[string, string[]]> = [
		['all', ['SUCCESS', 'PARTIAL_SUCCESS', 'FAILED']],
		['success', ['SUCCESS', 'PARTIAL_SUCCESS']],
		['failure', ['PARTIAL_SUCCESS', 'FAILED']],
	];
	for (const [statusFilter, expected] of started) {
		test(`batches that "${statusFilter}" starts the workflow for: ${expected.join(', ')}`, async () => {
			const server = await trigger({ events: ['batch'], statusFilter });
			for (const status of ['SUCCESS', 'PARTIAL_SUCCESS', 'FAILED']) {
				assert.equal((await post(server.url, batchRecord(status))).status, 200, `${status} is answered 200`);
			}
			assert.deepEqual(
				server.executions.map(([item]) => item.json.status),
				expected,
			);
		});
	}
});

describe('a file that cannot be downloaded still starts the workflow', () => {
	test('an async render whose file host answers 503: the service gets 200, the item gets the payload and downloadError', async () => {
		preparedDocuments();
		const server = await trigger({ events: ['render'], downloadFile: true }, confirmed('tok-4'));
		// More 503s than the download has tries: the file host stays down for the whole call.
		const requestId = await withDownloadFault({ status: 503, times: 10 }, async () => await asyncRenderTo(`${server.url}?token=tok-4`));
		const delivery = sandbox.context.webhookDeliveries.at(-1)!;
		assert.equal(delivery.status, 200);
		assert.equal(server.executions.length, 1);
		const [item] = server.executions[0];
		assert.equal(item.json.requestId, requestId);
		assert.equal(item.json.renderStatus, 'SUCCESS');
		assert.match(String(item.json.signedUrl), /^http/, 'the signed URL stays, to fetch the file later');
		assert.match(String(item.json.downloadError), /^data: Downloading the file failed with status 503/);
		assert.equal(item.binary, undefined);
	});

	test('a signed URL that expired before the call arrived: 403 "Request has expired" becomes downloadError', async () => {
		const server = await trigger({ events: ['render'], downloadFile: true, ...UNCONFIRMED_DOWNLOADS }, confirmed());
		const render = { requestId: 'late-1', renderStatus: 'SUCCESS', signedUrl: await renderedFileUrl(), metadata: {} };
		sandbox.context.settings.clockOffsetMs = 2 * 3600 * 1000;
		try {
			assert.deepEqual(await post(`${server.url}?token=tok-confirm`, render), { status: 200, json: { received: true, started: true } });
		} finally {
			sandbox.context.settings.clockOffsetMs = 0;
		}
		const [item] = server.executions[0];
		assert.equal(item.json.requestId, 'late-1');
		assert.match(String(item.json.downloadError), /^data: Downloading the file failed with status 403 \(Request has expired\. A signed URL expires: /);
		assert.equal(item.binary, undefined);
	});

	test('a batch keeps the documents it could download; the one whose host cuts the connection is named in downloadError', async () => {
		const server = await trigger({ events: ['batch'], downloadFile: true, binaryPropertyName: 'file', ...UNCONFIRMED_DOWNLOADS }, confirmed());
		// The file host cuts every connection for this file, more often than a download tries.
		sandbox.context.faults.push({ method: 'GET', pathPrefix: '/files/gone', kind: 'reset', times: 100 } as Fault);
		const batch = {
			...batchRecord('SUCCESS', [
				{ requestId: 'r1', renderStatus: 'SUCCESS', signedUrl: await renderedFileUrl(), metadata: {} },
				{ requestId: 'r2', renderStatus: 'SUCCESS', signedUrl: `${sandbox.baseUrl}/files/gone.pdf`, metadata: {} },
			]),
			merge: true,
			mergedUrl: await renderedFileUrl(),
		};
		assert.equal((await post(`${server.url}?token=tok-confirm`, batch)).status, 200);
		const [merged, first, second] = server.executions[0];
		assert.equal(merged.json.batchRequestId, 'batch-SUCCESS');
		assert.deepEqual([merged, first, second].map((item) => Object.keys(item.binary ?? {})), [['file'], ['file'], []]);
		assert.ok((await pdfText(await binaryBytes(first.binary?.file))).includes('Batch document'));
		assert.match(String(second.json.downloadError), /^The connection to the server was closed unexpectedly.*could not be reached/);
		assert.equal(merged.json.downloadError, undefined);
		assert.equal(first.json.downloadError, undefined);

		const onOneItem = await trigger({ events: ['batch'], downloadFile: true, binaryPropertyName: 'file', fileOutput: 'oneItem', ...UNCONFIRMED_DOWNLOADS }, confirmed());
		await post(`${onOneItem.url}?token=tok-confirm`, batch);
		sandbox.context.faults.length = 0;
		const [item] = onOneItem.executions[0];
		assert.deepEqual(Object.keys(item.binary ?? {}).sort(), ['file', 'file_1']);
		assert.match(String(item.json.downloadError), /^file_2: The connection to the server was closed unexpectedly.*could not be reached/);
		assert.doesNotMatch(String(item.json.downloadError), /file_1|file:/);
	});
});

describe('refused calls start nothing', () => {
	const render = { requestId: 'r-1', renderStatus: 'SUCCESS', signedUrl: 'http://127.0.0.1:1/x.pdf', metadata: {} };

	test('the token of the secret credential: missing or wrong is 401, right is accepted', async () => {
		const server = await trigger({ events: ['render'] }, secret('s3cret-token'));
		assert.deepEqual(await post(server.url, render), { status: 401, json: { message: 'Unauthorized' } });
		assert.equal((await post(`${server.url}?token=wrong`, render)).status, 401);
		assert.equal((await post(`${server.url}?token=s3cret-toke`, render)).status, 401);
		assert.equal(server.executions.length, 0);
		assert.equal((await post(`${server.url}?token=s3cret-token`, render)).status, 200);
		assert.equal(server.executions.length, 1);
	});

	test('an async render to a URL with the token gets through', async () => {
		preparedDocuments();
		const server = await trigger({ events: ['render'] }, secret('tok-42'));
		await asyncRenderTo(`${server.url}?token=tok-42`);
		assert.equal(server.executions.length, 1);
	});

	test('without a secret credential every well-formed call is accepted', async () => {
		const server = await trigger({ events: ['render'] });
		assert.equal((await post(server.url, render)).status, 200);
		assert.equal(server.executions.length, 1);
	});

	test('a secret credential with an empty token refuses every call, "?token=" too', async () => {
		const server = await trigger({ events: ['render'] }, secret(''));
		assert.equal((await post(server.url, render)).status, 401);
		assert.equal((await post(`${server.url}?token=`, render)).status, 401);
		assert.equal(server.executions.length, 0);
	});

	test('the token stays out of the workflow: the trigger has no secret parameter, the example names its credentials', async () => {
		const server = await trigger({ events: ['render'], statusFilter: 'all', downloadFile: true }, secret('s3cret-token'));
		assert.ok(!JSON.stringify(server.workflowJson).includes('s3cret-token'));
		assert.deepEqual(Object.keys(server.workflowJson.nodes[0].credentials ?? {}), ['pdfNoodleTriggerApi']);
		const secretParameters = new PdfNoodleTrigger().description.properties.filter((property) => property.typeOptions?.password);
		assert.deepEqual(secretParameters, []);

		for (const file of ['examples/trigger-receive-renders.json', 'test/e2e/trigger-v1-saved.json']) {
			const workflow = readFileSync(join(__dirname, '..', '..', file), 'utf8');
			const [node] = JSON.parse(workflow).nodes;
			assert.equal(node.parameters.token, undefined);
			assert.ok(Object.values(node.credentials as Record<string, { id: string }>).every((credential) => credential.id), file);
			assert.ok(!workflow.includes('change-this-token'), file);
		}
	});

	const ongoing: Array<[string, unknown]> = [
		['render', { ...render, renderStatus: 'ONGOING', signedUrl: '' }],
		['batch', { ...batchRecord('ONGOING', [{ requestId: 'r1', renderStatus: 'ONGOING', signedUrl: '', metadata: {} }]), completed: 0 }],
	];
	for (const [event, body] of ongoing) {
		test(`a ${event} that is still ONGOING is 422 and starts nothing`, async () => {
			const server = await trigger({ events: ['render', 'batch'] });
			assert.deepEqual(await post(server.url, body), {
				status: 422,
				json: { message: `The ${event} is still ONGOING: only a finished render or batch starts the workflow` },
			});
			assert.equal(server.executions.length, 0);
		});
	}

	const malformed: Array<[string, unknown, string, number]> = [
		['a body that is not JSON', 'renderStatus=SUCCESS', 'text/plain', 400],
		['broken JSON', '{"requestId": "x", ', 'application/json', 400],
		['JSON of neither shape', { hello: 'world' }, 'application/json', 400],
		['a render result with an unknown status', { ...render, renderStatus: 'DONE' }, 'application/json', 400],
		['a batch record without results', { batchRequestId: 'b', status: 'SUCCESS' }, 'application/json', 400],
		['a list', [render], 'application/json', 400],
		['an oversized body', { ...render, padding: 'x'.repeat(2 * 1024 * 1024) }, 'application/json', 413],
	];
	for (const [name, body, contentType, status] of malformed) {
		test(`${name} is ${status}`, async () => {
			const server = await trigger({ events: ['render', 'batch'] });
			const answer = await post(server.url, body, contentType);
			assert.equal(answer.status, status);
			assert.equal(server.executions.length, 0);
		});
	}
});

describe('a forged call cannot make n8n fetch an internal address or start a workflow with invented results', () => {
	// What an attacker who learned the trigger's URL (and its token) would post.
	let internal: Awaited<ReturnType<typeof startReceiver>>;
	let internalUrl: string;

	beforeAll(async () => {
		internal = await startReceiver();
		internalUrl = `${new URL(internal.url).origin}/latest/meta-data/iam/security-credentials/admin`;
	});

	afterAll(async () => await internal.close());

	beforeEach(() => {
		internal.received.length = 0;
	});

	const forgedRender = () => ({ requestId: 'forged-1', renderStatus: 'SUCCESS', signedUrl: internalUrl, metadata: {} });

	test('confirmed: a SUCCESS for an ID pdf noodle never issued is refused 403, starts nothing, and the internal address gets nothing', async () => {
		const server = await trigger({ events: ['render', 'batch'], downloadFile: true }, confirmed('tok-f1'));
		assert.deepEqual(await post(`${server.url}?token=tok-f1`, forgedRender()), {
			status: 403,
			json: { message: 'pdf noodle knows no render "forged-1": the call is not confirmed and starts nothing' },
		});
		const forgedBatch = { ...batchRecord('SUCCESS', [{ requestId: 'r1', renderStatus: 'SUCCESS', signedUrl: internalUrl, metadata: {} }]), mergedUrl: internalUrl };
		assert.deepEqual(await post(`${server.url}?token=tok-f1`, forgedBatch), {
			status: 403,
			json: { message: 'pdf noodle knows no batch "batch-SUCCESS": the call is not confirmed and starts nothing' },
		});
		assert.equal(server.executions.length, 0);
		assert.deepEqual(internal.received, []);
		assert.deepEqual(statusLookups(), ['GET /v1/pdf/status/forged-1', 'GET /v1/pdf/batch/status/batch-SUCCESS']);
	});

	test('confirmed: a real render\'s ID with a forged file URL starts the workflow with pdf noodle\'s own record and file', async () => {
		const server = await trigger({ events: ['render'], downloadFile: true }, confirmed('tok-f2'));
		const requestId = await asyncRenderTo(server.url); // No token: the service's own delivery is refused 401.
		assert.equal(server.executions.length, 0);
		const { json: record } = await callApi(sandbox, 'GET', `/v1/pdf/status/${requestId}`);

		const forged = { requestId, renderStatus: 'SUCCESS', signedUrl: internalUrl, metadata: { fileSize: '1 kB', forged: true } };
		assert.equal((await post(`${server.url}?token=tok-f2`, forged)).status, 200);
		const [item] = server.executions[0];
		assert.equal(item.json.signedUrl, record.signedUrl, 'the file URL is the one pdf noodle gave');
		assert.deepEqual(item.json.metadata, record.metadata);
		assert.ok((await pdfText(await binaryBytes(item.binary?.data))).includes('Grace Hopper'));
		assert.deepEqual(internal.received, []);
	});

	test('confirmed: a payload that disagrees with pdf noodle on the status is refused 409', async () => {
		const server = await trigger({ events: ['render'] }, confirmed('tok-f3'));
		const requestId = await asyncRenderTo(server.url, 'broken-layout');
		const claimed = { requestId, renderStatus: 'SUCCESS', signedUrl: internalUrl, metadata: {} };
		assert.deepEqual(await post(`${server.url}?token=tok-f3`, claimed), {
			status: 409,
			json: { message: `The call says render "${requestId}" is SUCCESS, but pdf noodle shows it as FAILED: it starts nothing` },
		});
		assert.equal(server.executions.length, 0);
	});

	test('confirmed: when pdf noodle cannot be reached for 20 s, or fails the lookup for good, the call is answered 503 (to be sent again) and starts nothing', async () => {
		const unreachable = { credentials: { ...credentialsFor(sandbox, { baseUrl: 'http://127.0.0.1:1' }), pdfNoodleTriggerApi: { token: 't' } } };
		const down = await trigger({ events: ['render'] }, unreachable);
		const answer = await post(`${down.url}?token=t`, forgedRender());
		assert.equal(answer.status, 503);
		assert.match(String(answer.json?.message), /^The render could not be confirmed: pdf noodle could not be reached \(.*\); send it again later$/);

		const server = await trigger({ events: ['render'] }, confirmed('tok-f4'));
		// A lookup is harmless to repeat: a 500 is tried again, and the second answer decides.
		sandbox.context.faults.push({ method: 'GET', pathPrefix: '/v1/pdf/status/', kind: 'status', status: 500, times: 1 } as Fault);
		assert.deepEqual(await post(`${server.url}?token=tok-f4`, forgedRender()), {
			status: 403,
			json: { message: 'pdf noodle knows no render "forged-1": the call is not confirmed and starts nothing' },
		});
		assert.deepEqual(statusLookups(), ['GET /v1/pdf/status/forged-1', 'GET /v1/pdf/status/forged-1']);
		// A Retry-After longer than the trigger's bound: answered 503 at once, not after the wait.
		// On a credential of its own (the same key; another credential to n8n): the 30 s hold
		// is kept for the credential's later lookups, and would hold back the next tests'.
		const heldBack = await trigger({ events: ['render'] }, { credentials: { ...credentialsFor(sandbox, { baseUrl: `${sandbox.baseUrl}/` }), pdfNoodleTriggerApi: { token: 'tok-f4' } } });
		sandbox.context.faults.push({ method: 'GET', pathPrefix: '/v1/pdf/status/', kind: 'status', status: 429, headers: { 'Retry-After': '30' }, times: 1 } as Fault);
		const stillLimited = { status: 503, json: { message: 'The render could not be confirmed: pdf noodle still answered 429 to its lookup within the 20 s it is tried for; send it again later' } };
		assert.deepEqual(await post(`${heldBack.url}?token=tok-f4`, forgedRender()), stillLimited);
		const lookupsSoFar = statusLookups().length;
		// The next call within those 30 s is answered the same at once: pdf noodle is not asked again before it said.
		assert.deepEqual(await post(`${heldBack.url}?token=tok-f4`, forgedRender()), stillLimited);
		assert.equal(statusLookups().length, lookupsSoFar, 'no lookup sent while the credential is held back');
		const wrongKey = { credentials: { ...credentialsFor(sandbox, { apiKey: 'not-the-key' }), pdfNoodleTriggerApi: { token: 't' } } };
		const misconfigured = await trigger({ events: ['render'] }, wrongKey);
		assert.deepEqual(await post(`${misconfigured.url}?token=t`, forgedRender()), {
			status: 502,
			json: { message: 'The render could not be confirmed: pdf noodle answered 401 to its lookup: check the API key of the PDF Noodle API credential' },
		});
		assert.deepEqual([down, server, heldBack, misconfigured].map((trigger) => trigger.executions.length), [0, 0, 0, 0]);
	});

	test('unconfirmed, Download File on: the workflow starts with the refusal on the item, and nothing is fetched', async () => {
		const server = await trigger({ events: ['render'], downloadFile: true }, secret('tok-f5'));
		assert.deepEqual(await post(`${server.url}?token=tok-f5`, forgedRender()), { status: 200, json: { received: true, started: true } });
		const [item] = server.executions[0];
		assert.equal(item.binary, undefined);
		assert.equal(
			item.json.downloadError,
			'data: Not downloaded: the call was not confirmed with pdf noodle, and the trigger fetches only confirmed files. Confirm calls with pdf noodle (Authentication: Confirm With PDF Noodle; in version 1, a PDF Noodle API credential with Confirm With PDF Noodle on), or turn on Download From Unconfirmed Payload URLs',
		);
		assert.deepEqual(internal.received, []);
		assert.deepEqual(statusLookups(), [], 'without the API credential nothing is looked up');
	});

	test('Download From Unconfirmed Payload URLs: n8n\'s egress filter refuses an address of n8n\'s own network (the credential\'s Base URL aside), and a redirect is not followed', async () => {
		const withoutApi = await trigger({ events: ['render'], downloadFile: true, downloadUnconfirmed: true }, secret('tok-f6'));
		await post(`${withoutApi.url}?token=tok-f6`, forgedRender());
		const origin = new URL(internalUrl).origin;
		const refusal = `data: Not downloaded: n8n's SSRF protection blocked ${origin} (The request was blocked because it resolves to a restricted IP address) (${OWN_NETWORK_ADVICE})`;
		assert.equal(withoutApi.executions[0][0].json.downloadError, refusal);
		const sandboxFile = { requestId: 'own-1', renderStatus: 'SUCCESS', signedUrl: await renderedFileUrl(), metadata: {} };
		await post(`${withoutApi.url}?token=tok-f6`, sandboxFile);
		assert.match(String(withoutApi.executions[1][0].json.downloadError), /^data: Not downloaded: n8n's SSRF protection blocked http:\/\/127\.0\.0\.1:\d+ /, 'no Base URL, no exception');

		const server = await trigger({ events: ['render'], downloadFile: true, ...UNCONFIRMED_DOWNLOADS }, confirmed('tok-f7'));
		await post(`${server.url}?token=tok-f7`, forgedRender());
		assert.equal(server.executions[0][0].json.downloadError, refusal, 'another port of the same host is not the Base URL');
		await post(`${server.url}?token=tok-f7`, sandboxFile);
		assert.ok((await pdfText(await binaryBytes(server.executions[1][0].binary?.data))).includes('Batch document'), 'a file on the Base URL is fetched');
		await withDownloadFault({ status: 302, headers: { Location: internalUrl } }, async () => await post(`${server.url}?token=tok-f7`, { ...sandboxFile, requestId: 'own-2' }));
		assert.match(String(server.executions[2][0].json.downloadError), /^data: Not downloaded: the file host of http:\/\/127\.0\.0\.1:\d+\/files\/\S+ redirected \(302\), and a file of an unconfirmed payload is fetched only from the URL it names$/);
		assert.deepEqual(internal.received, []);
		assert.deepEqual(statusLookups(), [], 'confirmation off: nothing is looked up');
	});

	test('n8n\'s egress filter resolves names and knows more than loopback: the machine\'s own interface address, a name resolving to 127.0.0.1, the documentation ranges', async () => {
		// The internal server on every interface, as services bound to 0.0.0.0 are.
		const exposedReceived: string[] = [];
		const exposed = createServer((request, response) => {
			exposedReceived.push(request.url ?? '/');
			response.end('secret');
		});
		await new Promise<void>((resolve) => exposed.listen(0, '0.0.0.0', resolve));
		const { port } = exposed.address() as AddressInfo;
		const interfaceAddress = Object.values(networkInterfaces()).flat().find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
		// A name that resolves to loopback, as 127.0.0.1.nip.io does on the internet: resolved here by the test.
		const loopbackName = 'loopback.pdf-noodle.test';
		const resolveBefore = dns.promises.lookup;
		dns.promises.lookup = (async (hostname: string, options: never) =>
			hostname === loopbackName ? ((options as { all?: boolean })?.all ? [{ address: '127.0.0.1', family: 4 }] : { address: '127.0.0.1', family: 4 }) : await resolveBefore(hostname, options)) as typeof dns.promises.lookup;
		try {
			// A name may be allowed by an admin; an address of n8n's own network the package refuses anyway.
			const probes = [
				...(interfaceAddress ? [{ url: `http://${interfaceAddress}:${port}/latest/meta-data/`, advice: OWN_NETWORK_ADVICE }] : []),
				// n8n names the address it blocked: allowing the name would not help, the package's rule refuses it.
				{ url: `http://${loopbackName}:${port}/admin`, advice: OWN_NETWORK_ADVICE },
				{ url: `http://198.51.100.7:${port}/x.pdf`, advice: OWN_NETWORK_ADVICE },
			];
			const server = await trigger({ events: ['render'], downloadFile: true, downloadUnconfirmed: true });
			for (const [index, { url }] of probes.entries()) {
				await post(server.url, { requestId: `probe-${index}`, renderStatus: 'SUCCESS', signedUrl: url, metadata: {} });
			}
			assert.deepEqual(
				server.executions.map(([item]) => item.json.downloadError),
				probes.map(({ url, advice }) => `data: Not downloaded: n8n's SSRF protection blocked ${new URL(url).origin} (The request was blocked because it resolves to a restricted IP address) (${advice})`),
			);
			assert.deepEqual(exposedReceived, [], 'nothing reached the internal server');
		} finally {
			dns.promises.lookup = resolveBefore;
			exposed.closeAllConnections();
			await new Promise<void>((resolve) => exposed.close(() => resolve()));
		}
	});
});

describe('each delivery starts once, and no call weighs more than a real one', () => {
	test('a confirmed delivery posted again (a replay) is answered "duplicate" and starts nothing', async () => {
		preparedDocuments();
		const server = await trigger({ events: ['render'] }, confirmed('tok-replay'));
		const requestId = await asyncRenderTo(`${server.url}?token=tok-replay`);
		const delivered = sandbox.context.webhookDeliveries.find((entry) => (entry.payload as { requestId?: string }).requestId === requestId)!;
		assert.deepEqual(await post(`${server.url}?token=tok-replay`, delivered.payload), { status: 200, json: { received: true, started: false, duplicate: true } });
		assert.equal(server.executions.length, 1, 'only the first delivery started the workflow');

		// Another trigger (another workflow) has a memory of its own: the same render starts it once.
		const other = await trigger({ events: ['render'] }, confirmed('tok-replay'));
		assert.deepEqual(await post(`${other.url}?token=tok-replay`, delivered.payload), { status: 200, json: { received: true, started: true } });
		assert.equal(other.executions.length, 1);
	});

	test('three renders and a batch, each delivered and then posted again after the others, start exactly four executions, and n8n\'s saved static data names all four', async () => {
		preparedDocuments();
		// Today's order of n8n's webhook server (test/harness/webhook.ts): a workflow whose static
		// data was saved before is reloaded on every call, and a run started before the save
		// clears its mark of a change. The first delivery alone would pass either way.
		const server = await trigger({ events: ['render', 'batch'] }, confirmed('tok-four'));
		const url = `${server.url}?token=tok-four`;
		const renders = [await asyncRenderTo(url), await asyncRenderTo(url), await asyncRenderTo(url, 'invoice')];
		const { json: started } = await callApi(sandbox, 'POST', '/v1/html-to-pdf/batch', { items: [{ html: '<p>One</p>' }, { html: '<p>Two</p>' }], webhook: url });
		const batchRequestId = String(started.batchRequestId);
		await waitForDelivery((payload) => payload.batchRequestId === batchRequestId);
		assert.equal(server.executions.length, 4, 'each first delivery started the workflow');

		for (const delivery of deliveriesOf([...renders, batchRequestId])) {
			assert.deepEqual(await post(url, delivery), { status: 200, json: { received: true, started: false, duplicate: true } });
		}
		assert.equal(server.executions.length, 4, 'no delivery posted again started the workflow again');
		assert.deepEqual(rememberedDeliveries(server), [...renders.map((id) => `render:${id}`), `batch:${batchRequestId}`], 'in the order they started');
	});

	test('deliveries of different renders arriving together each start once, and the memory n8n saves names every one', async () => {
		preparedDocuments();
		const source = await trigger({ events: ['render'] }, confirmed('tok-together'));
		const renders = [];
		for (let index = 0; index < 4; index++) renders.push(await asyncRenderTo(`${source.url}?token=tok-together`));
		// Another workflow gets the four deliveries at once: each call reads the memory before the others save it.
		const target = await trigger({ events: ['render'] }, confirmed('tok-together'));
		const answers = await Promise.all(deliveriesOf(renders).map(async (delivery) => await post(`${target.url}?token=tok-together`, delivery)));
		assert.deepEqual(answers.map(({ json }) => json), renders.map(() => ({ received: true, started: true })));
		assert.deepEqual([...(rememberedDeliveries(target) as string[])].sort(), renders.map((id) => `render:${id}`).sort());
	});

	test('deliveries of different renders whose saves reach n8n\'s database in the reverse order: the memory saved last still names both', async () => {
		preparedDocuments();
		const source = await trigger({ events: ['render'] }, confirmed('tok-reverse'));
		const renders = [await asyncRenderTo(`${source.url}?token=tok-reverse`), await asyncRenderTo(`${source.url}?token=tok-reverse`)];
		// Another workflow gets both at once; the first call's save is written after the second's.
		const target = await trigger({ events: ['render'] }, { ...confirmed('tok-reverse'), savesOutOfOrder: 2 });
		const answers = await Promise.all(deliveriesOf(renders).map(async (delivery) => await post(`${target.url}?token=tok-reverse`, delivery)));
		assert.deepEqual(answers.map(({ json }) => json), renders.map(() => ({ received: true, started: true })));
		assert.deepEqual([...(rememberedDeliveries(target) as string[])].sort(), renders.map((id) => `render:${id}`).sort());
	});

	test('copies of one delivery arriving at the same instant start the workflow once in one n8n', async () => {
		preparedDocuments();
		const first = await trigger({ events: ['render'] }, confirmed('tok-burst'));
		const requestId = await asyncRenderTo(`${first.url}?token=tok-burst`);
		const [delivery] = deliveriesOf([requestId]);
		// Another workflow has not seen the render: ten copies of its delivery sent to it at once.
		const other = await trigger({ events: ['render'] }, confirmed('tok-burst'));
		const answers = await Promise.all(Array.from({ length: 10 }, async () => await post(`${other.url}?token=tok-burst`, delivery)));
		assert.deepEqual(
			answers.map(({ json }) => (json?.started === true ? 'started' : json?.duplicate === true ? 'duplicate' : JSON.stringify(json))).sort(),
			['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'started'],
		);
		assert.equal(other.executions.length, 1);
		// The first workflow, five copies at once of what it has seen.
		const replays = await Promise.all(Array.from({ length: 5 }, async () => await post(`${first.url}?token=tok-burst`, delivery)));
		assert.ok(replays.every(({ json }) => json?.duplicate === true));
		assert.equal(first.executions.length, 1);
	});

	test('with "Start Once per Render or Batch" off, every call starts the workflow', async () => {
		preparedDocuments();
		const server = await trigger({ events: ['render'], startOnce: false }, confirmed('tok-every'));
		const requestId = await asyncRenderTo(`${server.url}?token=tok-every`);
		const delivered = sandbox.context.webhookDeliveries.find((entry) => (entry.payload as { requestId?: string }).requestId === requestId)!;
		assert.deepEqual(await post(`${server.url}?token=tok-every`, delivered.payload), { status: 200, json: { received: true, started: true } });
		assert.deepEqual(server.executions.map(([item]) => item.json.requestId), [requestId, requestId]);
	});

	test('a batch record with more results than a batch can have (21) is refused 413 before anything is looked up or fetched', async () => {
		const server = await trigger({ events: ['batch'], downloadFile: true, confirmWithService: false, downloadUnconfirmed: true });
		const files = await startReceiver();
		try {
			const results = Array.from({ length: 21 }, (_, index) => ({ requestId: `r${index}`, renderStatus: 'SUCCESS', signedUrl: `${files.url}/f${index}.pdf`, metadata: {} }));
			assert.deepEqual(await post(server.url, batchRecord('SUCCESS', results)), {
				status: 413,
				json: { message: 'The batch record names 21 results: a pdf noodle batch has at most 20, so it starts nothing' },
			});
			assert.equal(server.executions.length, 0);
			assert.equal(files.received.length, 0, 'no file was fetched');
			assert.equal((await post(server.url, batchRecord('SUCCESS', results.slice(0, 20)))).status, 200, '20 results are a batch');
		} finally {
			await files.close();
		}
	});

	test('a body over 1 MB is refused 413 by what was received, also when it comes chunked without a Content-Length', async () => {
		const server = await trigger({ events: ['render'] });
		const padded = JSON.stringify({ requestId: 'big-1', renderStatus: 'SUCCESS', signedUrl: '', metadata: { padding: 'x'.repeat(2_200_000) } });
		const response = await axios.post(server.url, Readable.from([Buffer.from(padded)]), {
			headers: { 'Content-Type': 'application/json' },
			validateStatus: () => true,
		});
		assert.equal(response.request.getHeader('content-length'), undefined, 'sent chunked');
		assert.equal(response.status, 413);
		assert.match(String(response.data.message), /^The payload is \d{7} bytes: a pdf noodle event is at most 1048576 bytes \(1 MB\), so it starts nothing$/);
		assert.equal(server.executions.length, 0);
	});
});

describe('a record ID is bounded: no call makes the trigger remember, look up or save more than a real one', () => {
	const render = (requestId: string) => ({ requestId, renderStatus: 'SUCCESS', signedUrl: '', metadata: {} });
	const refusal = (field: string, length: number) => ({ status: 400, json: { message: `${field} has ${length} characters: a pdf noodle ID has at most 128; the call starts nothing` } });

	test('a requestId or batchRequestId over 128 characters, or empty, and a batch result\'s requestId over them, are refused 400 naming the field and the bound, before anything is looked up, remembered or started', async () => {
		const server = await trigger({ events: ['render', 'batch'] }, confirmed('tok-id-bound'));
		const url = `${server.url}?token=tok-id-bound`;
		assert.deepEqual(await post(url, render('r'.repeat(129))), refusal('requestId', 129));
		assert.deepEqual(await post(url, render('')), { status: 400, json: { message: 'requestId is empty: a pdf noodle ID has 1 to 128 characters; the call starts nothing' } });
		assert.deepEqual(await post(url, { ...batchRecord('SUCCESS'), batchRequestId: 'b'.repeat(129) }), refusal('batchRequestId', 129));
		assert.deepEqual(await post(url, { ...batchRecord('SUCCESS'), batchRequestId: '' }), { status: 400, json: { message: 'batchRequestId is empty: a pdf noodle ID has 1 to 128 characters; the call starts nothing' } });
		const results = [render('r-1'), render('r'.repeat(129))];
		assert.deepEqual(await post(url, batchRecord('SUCCESS', results)), refusal('results[1].requestId', 129));
		assert.deepEqual(sandbox.context.requestLog, [], 'nothing reached pdf noodle');
		assert.equal(server.executions.length, 0);
		assert.equal(server.savedStaticData(), null, 'nothing remembered');
		// 128 characters are an ID: looked up (pdf noodle knows no such render).
		assert.equal((await post(url, render('r'.repeat(128)))).status, 403);
		assert.deepEqual(statusLookups(), [`GET /v1/pdf/status/${'r'.repeat(128)}`]);
	});

	test('40 calls at once with a 900 kB requestId to an unprotected trigger (version 1, no credentials): each answered 400, nothing started, the static data unchanged', async () => {
		const server = await trigger({ events: ['render'] });
		assert.deepEqual(await post(server.url, render('r-before')), { status: 200, json: { received: true, started: true } });
		const before = server.savedStaticData();
		assert.deepEqual(rememberedDeliveries(server), ['render:r-before']);
		const huge = render('r'.repeat(900 * 1024));
		const answers = await Promise.all(Array.from({ length: 40 }, async () => await post(server.url, huge)));
		assert.deepEqual(answers, Array(40).fill(refusal('requestId', 921_600)));
		assert.deepEqual(server.savedStaticData(), before);
		assert.equal(server.executions.length, 1);
		assert.deepEqual(sandbox.context.requestLog, [], 'nothing reached pdf noodle');
	});

	test('what a trigger remembers is bounded in bytes: after 1,010 deliveries with IDs of 128 characters its static data holds the newest 1,000 in at most 138 kB', async () => {
		const server = await trigger({ events: ['render'] });
		const id = (index: number) => String(index).padStart(128, 'r');
		for (let index = 0; index < 1010; index++) assert.equal((await post(server.url, render(id(index)))).status, 200);
		const remembered = rememberedDeliveries(server) as string[];
		assert.equal(remembered.length, 1000);
		assert.deepEqual([remembered[0], remembered.at(-1)], [`render:${id(10)}`, `render:${id(1009)}`], 'the oldest ten forgotten');
		const bytes = Buffer.byteLength(JSON.stringify(server.savedStaticData()), 'utf8');
		// 1,000 entries of "render:" and 128 characters, each quoted and separated: 138,000 bytes, and the object around them.
		assert.ok(bytes <= 138_100, `${bytes} bytes of static data`);
	});
});

describe('what is remembered stays in its mode', () => {
	test('a delivery tried on the Test URL while the editor listens claims nothing for production: the same ID posted to the Production URL later starts the workflow', async () => {
		const server = await trigger({ events: ['render'] });
		const delivery = { requestId: 'r-test-url', renderStatus: 'SUCCESS', signedUrl: '', metadata: {} };
		assert.deepEqual(await post(server.testUrl, delivery), { status: 200, json: { received: true, started: true } });
		assert.equal(server.testExecutions.length, 1);
		assert.equal(server.savedStaticData(), null, 'n8n saves no static data of a Test URL call');
		assert.deepEqual(await post(server.url, delivery), { status: 200, json: { received: true, started: true } });
		assert.deepEqual(server.executions.map(([item]) => item.json.requestId), ['r-test-url']);
		assert.deepEqual(rememberedDeliveries(server), ['render:r-test-url']);
		assert.deepEqual(await post(server.url, delivery), { status: 200, json: { received: true, started: false, duplicate: true } }, 'production remembers its own');
	});
});

describe('the webhook lifecycle: pdf noodle has no API to register webhooks', () => {
	test('activating and deactivating send nothing to pdf noodle, and the trigger keeps receiving calls', async () => {
		preparedDocuments();
		const server = await trigger({ events: ['render'] }, confirmed('tok-lifecycle-123456'));
		// Activation: checkExists says there is nothing to create; deactivation: nothing to delete.
		assert.equal(await server.lifecycle('checkExists'), true);
		assert.equal(await server.lifecycle('delete'), true);
		assert.equal(await server.lifecycle('checkExists'), true);
		assert.deepEqual(sandbox.context.requestLog, [], 'nothing was sent to pdf noodle');
		await asyncRenderTo(`${server.url}?token=tok-lifecycle-123456`);
		assert.equal(server.executions.length, 1, 'a delivery after that starts the workflow');
	});

	test('a secret credential whose token is empty or shorter than 16 characters is refused at activation, naming the credential and the reason', async () => {
		const description = 'Give the credential a random token of at least 16 characters, and add it to the Webhook URL as ?token=…';
		const empty = await trigger({ events: ['render'] }, secret(''));
		await assert.rejects(empty.lifecycle('checkExists'), {
			message: 'PDF Noodle Trigger Secret API credential "pdfNoodleTriggerApi account": The Secret Token is empty: the trigger would refuse every call',
			description,
		});
		const short = await trigger({ events: ['render'] }, secret('tok-short-15chr'));
		const shortReason = 'PDF Noodle Trigger Secret API credential "pdfNoodleTriggerApi account": The Secret Token has 15 characters: use at least 16 random ones, so that it cannot be guessed';
		await assert.rejects(short.lifecycle('checkExists'), { message: shortReason, description });
		const shortV2 = await trigger({ authentication: 'secretToken', events: ['render'] }, { typeVersion: 2, credentials: { pdfNoodleTriggerApi: { token: 'tok-short-15chr' } } });
		await assert.rejects(shortV2.lifecycle('checkExists'), { message: shortReason });
		assert.equal(await (await trigger({ events: ['render'] }, secret('tok-exactly-16ch'))).lifecycle('checkExists'), true, '16 characters are enough');
		const withoutSecret = await trigger({ events: ['render'] });
		assert.equal(await withoutSecret.lifecycle('checkExists'), true);
		assert.deepEqual(sandbox.context.requestLog, []);
	});
});

describe('the credential test of the PDF Noodle Trigger Secret API judges the token itself', () => {
	const testToken = async (token: unknown) =>
		await new PdfNoodleTrigger().methods.credentialTest.pdfNoodleTriggerSecretTest.call({} as never, { id: '1', name: 'secret', type: 'pdfNoodleTriggerApi', data: { token } } as never);

	test('an empty, a missing or a short token is refused with the reason; a long one passes', async () => {
		assert.deepEqual(await testToken(''), { status: 'Error', message: 'The Secret Token is empty: the trigger would refuse every call' });
		assert.deepEqual(await testToken(undefined), { status: 'Error', message: 'The Secret Token is empty: the trigger would refuse every call' });
		assert.deepEqual(await testToken('s3cret'), { status: 'Error', message: 'The Secret Token has 6 characters: use at least 16 random ones, so that it cannot be guessed' });
		assert.deepEqual(await testToken('k9Vq2xLr7TzW4mNp'), { status: 'OK', message: 'The token is long enough to protect the trigger' });
	});

	test('the trigger names it as the test of its secret credential (n8n runs it when the credential is saved)', () => {
		const secretCredential = new PdfNoodleTrigger().description.credentials?.find((credential) => credential.name === 'pdfNoodleTriggerApi');
		assert.equal(secretCredential?.testedBy, 'pdfNoodleTriggerSecretTest');
	});
});

describe('version 2: one credential at a time, chosen by Authentication', () => {
	/** Confirm With PDF Noodle, the default Authentication: the API credential alone. */
	const confirming = (): TriggerOptions => ({ typeVersion: 2, credentials: credentialsFor(sandbox) });
	/** Secret Token in the URL: the secret alone. */
	const tokenGuarded = (token: string): TriggerOptions => ({ typeVersion: 2, credentials: { pdfNoodleTriggerApi: { token } } });
	const forged = { requestId: 'forged-v2', renderStatus: 'SUCCESS', signedUrl: 'http://127.0.0.1:1/x.pdf', metadata: {} };

	test('confirming: an async render starts the workflow with pdf noodle\'s answer and file after one lookup, no token asked; a forged call and a replay start nothing', async () => {
		const server = await trigger({ events: ['render'], downloadFile: true }, confirming());
		const requestId = await asyncRenderTo(server.url);
		assert.deepEqual(statusLookups(), [`GET /v1/pdf/status/${requestId}`]);
		assert.equal(server.executions.length, 1);
		const [item] = server.executions[0];
		assert.deepEqual([item.json.event, item.json.requestId, item.json.renderStatus], ['render', requestId, 'SUCCESS']);
		assert.ok((await pdfText(await binaryBytes(item.binary?.data))).includes('Grace Hopper'));

		assert.deepEqual(await post(server.url, forged), { status: 403, json: { message: 'pdf noodle knows no render "forged-v2": the call is not confirmed and starts nothing' } });
		const [delivered] = deliveriesOf([requestId]);
		assert.deepEqual(await post(server.url, delivered), { status: 200, json: { received: true, started: false, duplicate: true } });
		assert.equal(server.executions.length, 1);
		assert.deepEqual(rememberedDeliveries(server), [`render:${requestId}`]);
	});

	test('secret token: without it or with a wrong one 401 and nothing looked up; with it the call\'s own data starts the workflow, its files fetched only when allowed', async () => {
		const token = 'tok-v2-secret-123456';
		const server = await trigger({ authentication: 'secretToken', events: ['render'], downloadFile: true }, tokenGuarded(token));
		assert.deepEqual(await post(server.url, forged), { status: 401, json: { message: 'Unauthorized' } });
		assert.equal((await post(`${server.url}?token=wrong`, forged)).status, 401);
		assert.deepEqual(await post(`${server.url}?token=${token}`, forged), { status: 200, json: { received: true, started: true } });
		assert.deepEqual(statusLookups(), [], 'nothing is confirmed in this Authentication');
		const [item] = server.executions[0];
		assert.equal(item.json.requestId, 'forged-v2');
		assert.equal(item.binary, undefined);
		assert.match(String(item.json.downloadError), /^data: Not downloaded: the call was not confirmed with pdf noodle, and the trigger fetches only confirmed files\. Confirm calls with pdf noodle \(Authentication: Confirm With PDF Noodle;/);

		// Allowed, the URL is fetched under n8n's egress policy, which refuses the sandbox's loopback
		// address: this Authentication has no API credential, so no Base URL to exempt.
		const downloading = await trigger({ authentication: 'secretToken', events: ['render'], downloadFile: true, downloadUnconfirmed: true }, tokenGuarded(token));
		const signedUrl = await renderedFileUrl();
		assert.equal((await post(`${downloading.url}?token=${token}`, { ...forged, requestId: 'unconfirmed-file', signedUrl })).status, 200);
		assert.equal(downloading.executions[0][0].binary, undefined);
		assert.match(String(downloading.executions[0][0].json.downloadError), new RegExp(`^data: Not downloaded: n8n's SSRF protection blocked ${new URL(signedUrl).origin}`));
		assert.deepEqual(statusLookups(), []);
	});

	test('without the credential its Authentication names, activation is refused with the reason, and a call is refused', async () => {
		const unconfirmable = await trigger({ events: ['render'] }, { typeVersion: 2 });
		await assert.rejects(unconfirmable.lifecycle('checkExists'), { message: 'The trigger has no PDF Noodle API credential', description: 'Every call would be refused. Select one, as its Authentication asks.' });
		assert.deepEqual(await post(unconfirmable.url, forged), { status: 500, json: { message: 'The trigger has no PDF Noodle API credential to confirm the call with: select one' } });
		const unguarded = await trigger({ authentication: 'secretToken', events: ['render'] }, { typeVersion: 2, credentials: credentialsFor(sandbox) });
		await assert.rejects(unguarded.lifecycle('checkExists'), { message: 'The trigger has no PDF Noodle Trigger Secret API credential' });
		assert.equal((await post(`${unguarded.url}?token=`, forged)).status, 401);
		assert.equal(unconfirmable.executions.length + unguarded.executions.length, 0);
		assert.equal(await (await trigger({ events: ['render'] }, confirming())).lifecycle('checkExists'), true);
		// A secret with an empty token left on a trigger that confirms is not read (n8n would refuse it, hidden): activation goes on.
		const leftOver = await trigger({ events: ['render'] }, { typeVersion: 2, credentials: { ...credentialsFor(sandbox), pdfNoodleTriggerApi: { token: '' } } });
		assert.equal(await leftOver.lifecycle('checkExists'), true);
		assert.equal(leftOver.credentialReads.pdfNoodleTriggerApi, undefined);
	});

	test('a trigger saved by version 1 (test/e2e/trigger-v1-saved.json: its parameters, both credentials) runs as before: the token checked, the call confirmed', async () => {
		const [saved] = JSON.parse(readFileSync(join(__dirname, '..', 'e2e', 'trigger-v1-saved.json'), 'utf8')).nodes;
		assert.deepEqual([saved.typeVersion, Object.keys(saved.credentials)], [1, ['pdfNoodleApi', 'pdfNoodleTriggerApi']]);
		const server = await trigger(saved.parameters, confirmed('tok-v1-saved'));
		assert.equal((await post(server.url, forged)).status, 401);
		assert.equal((await post(`${server.url}?token=tok-v1-saved`, forged)).status, 403);
		const requestId = await asyncRenderTo(`${server.url}?token=tok-v1-saved`);
		assert.deepEqual(statusLookups(), ['GET /v1/pdf/status/forged-v2', `GET /v1/pdf/status/${requestId}`]);
		assert.deepEqual(server.executions.map(([item]) => item.json.requestId), [requestId]);
		assert.ok((await pdfText(await binaryBytes(server.executions[0][0].binary?.data))).includes('Grace Hopper'));
	});
});

describe('a burst reads each credential about once a second, not once a call', () => {
	test('20 calls at once with the token share their reads of the secret; a changed token counts from a second after the change', async () => {
		const credentials = { pdfNoodleTriggerApi: { token: 'tok-shared-read-1' } };
		const server = await trigger({ authentication: 'secretToken', events: ['render'], startOnce: false }, { typeVersion: 2, credentials });
		const render = (index: number) => ({ requestId: `shared-${index}`, renderStatus: 'SUCCESS', signedUrl: '', metadata: {} });
		const answers = await Promise.all(Array.from({ length: 20 }, async (_, index) => await post(`${server.url}?token=tok-shared-read-1`, render(index))));
		assert.deepEqual(answers.map(({ status }) => status), Array(20).fill(200));
		assert.ok(server.credentialReads.pdfNoodleTriggerApi < 20, `${server.credentialReads.pdfNoodleTriggerApi} reads for 20 calls`);

		credentials.pdfNoodleTriggerApi.token = 'tok-shared-read-2';
		await new Promise((wait) => setTimeout(wait, 1100));
		assert.equal((await post(`${server.url}?token=tok-shared-read-1`, render(20))).status, 401, 'the old token, a second after the change');
		assert.equal((await post(`${server.url}?token=tok-shared-read-2`, render(21))).status, 200, 'the new token');
	});

	test('a decrypted credential kept for sharing is dropped when its second is up, without another call', async () => {
		const token = 'tok-dropped-in-time';
		const server = await trigger({ authentication: 'secretToken', events: ['render'] }, { typeVersion: 2, credentials: { pdfNoodleTriggerApi: { token } } });
		assert.equal((await post(`${server.url}?token=${token}`, { requestId: 'r-held', renderStatus: 'SUCCESS', signedUrl: '', metadata: {} })).status, 200);
		assert.ok(heldReads() >= 1, 'kept to be shared within its second');
		await new Promise((wait) => setTimeout(wait, SHARED_FOR_MS + 200));
		assert.equal(heldReads(), 0, 'dropped with no call after it');
	});

	test('20 confirmed calls at once read the API credential less often than they look up', async () => {
		const server = await trigger({ events: ['render'] }, { typeVersion: 2, credentials: credentialsFor(sandbox) });
		const results = await preparedBatchResults(20, 'Shared');
		const answers = await Promise.all(results.map(async (result) => await post(server.url, result)));
		assert.deepEqual(answers.map(({ status }) => status), Array(20).fill(200));
		assert.equal(statusLookups().length, 20, 'each call confirmed');
		assert.ok(server.credentialReads.pdfNoodleApi < 20, `${server.credentialReads.pdfNoodleApi} reads for 20 lookups`);
	});
});
