/**
 * The PDF Noodle Trigger's webhook, called over real HTTP: by the sandbox's asynchronous
 * renders, and by forged calls that must start nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { binaryBytes, runPdfNoodle } from '../harness/engine';
import { startTriggerServer, type TriggerServer } from '../harness/webhook';
import { pdfText } from '../support/pdf';
import { callApi, credentialsFor, type Sandbox, startTestSandbox } from '../support/sandbox';

let sandbox: Sandbox;
const servers: TriggerServer[] = [];

before(async () => {
	sandbox = await startTestSandbox();
});

after(async () => {
	await Promise.all(servers.map(async (server) => await server.close()));
	await sandbox.close();
});

async function trigger(parameters: Record<string, unknown>): Promise<TriggerServer> {
	const server = await startTriggerServer(parameters as never);
	servers.push(server);
	return server;
}

async function post(url: string, body: unknown, contentType = 'application/json') {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'Content-Type': contentType },
		body: typeof body === 'string' ? body : JSON.stringify(body),
	});
	return { status: response.status, json: (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined };
}

/** Renders asynchronously through the action node with the trigger's URL as webhook. */
async function asyncRenderTo(webhook: string, template = 'letter') {
	const { items, error } = await runPdfNoodle(
		{
			resource: 'document',
			operation: 'renderFromTemplate',
			template: { __rl: true, mode: 'id', value: template },
			data: '{"recipient": {"name": "Grace Hopper"}}',
			mode: 'async',
			webhook,
			waitForCompletion: false,
		},
		{ credentials: credentialsFor(sandbox) },
	);
	assert.equal(error, undefined);
	const requestId = String(items[0].json.requestId);
	const job = sandbox.context.renders.get(requestId)!;
	await job.finished;
	// The delivery follows the end of the render.
	while (!sandbox.context.webhookDeliveries.some((delivery) => (delivery.payload as { requestId?: string }).requestId === requestId)) {
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	return requestId;
}

async function renderedFileUrl(): Promise<string> {
	const response = await callApi(sandbox, 'POST', '/v1/html-to-pdf/sync', { html: '<p>Batch document</p>' });
	return response.json.signedUrl;
}

describe('events', () => {
	test('a finished async render starts the workflow with the render result and "event": "render"', async () => {
		const server = await trigger({ events: ['render', 'batch'], downloadFile: true });
		const requestId = await asyncRenderTo(server.url);
		assert.equal(server.executions.length, 1);
		const [item] = server.executions[0];
		assert.equal(item.json.event, 'render');
		assert.equal(item.json.requestId, requestId);
		assert.equal(item.json.renderStatus, 'SUCCESS');
		assert.ok((await pdfText(await binaryBytes(item.binary?.data))).includes('Grace Hopper'));
		const delivery = sandbox.context.webhookDeliveries.at(-1)!;
		assert.equal(delivery.status, 200, 'the service got its answer at once');
	});

	test('a batch record starts the workflow with "event": "batch" and its files', async () => {
		const server = await trigger({ events: ['batch'], downloadFile: true, binaryPropertyName: 'file' });
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
		const answer = await post(server.url, batch);
		assert.equal(answer.status, 200);
		const [item] = server.executions[0];
		assert.equal(item.json.event, 'batch');
		assert.equal(item.json.batchRequestId, 'batch-1');
		assert.deepEqual(Object.keys(item.binary ?? {}).sort(), ['file', 'file_0', 'file_2']);
		assert.ok((await pdfText(await binaryBytes(item.binary?.file_2))).includes('Batch document'));
	});

	test('an event that is not selected is answered 200 and starts nothing', async () => {
		const server = await trigger({ events: ['batch'] });
		await asyncRenderTo(server.url);
		assert.equal(server.executions.length, 0);
		assert.equal(sandbox.context.webhookDeliveries.at(-1)!.status, 200);
	});
});

describe('status filter', () => {
	test('"Failed Only" ignores a success and takes a failure', async () => {
		const server = await trigger({ events: ['render'], statusFilter: 'failure' });
		await asyncRenderTo(server.url, 'letter');
		assert.equal(server.executions.length, 0);
		await asyncRenderTo(server.url, 'broken-layout');
		assert.equal(server.executions.length, 1);
		assert.equal(server.executions[0][0].json.renderStatus, 'FAILED');
	});

	test('"Successful Only" ignores a failure and takes a success', async () => {
		const server = await trigger({ events: ['render'], statusFilter: 'success' });
		await asyncRenderTo(server.url, 'broken-layout');
		assert.equal(server.executions.length, 0);
		await asyncRenderTo(server.url, 'letter');
		assert.equal(server.executions.length, 1);
	});
});

describe('refused calls start nothing', () => {
	const render = { requestId: 'r-1', renderStatus: 'SUCCESS', signedUrl: 'http://127.0.0.1:1/x.pdf', metadata: {} };

	test('the secret token: missing or wrong is 401, right is accepted', async () => {
		const server = await trigger({ events: ['render'], token: 's3cret-token' });
		assert.deepEqual(await post(server.url, render), { status: 401, json: { message: 'Unauthorized' } });
		assert.equal((await post(`${server.url}?token=wrong`, render)).status, 401);
		assert.equal((await post(`${server.url}?token=s3cret-toke`, render)).status, 401);
		assert.equal(server.executions.length, 0);
		assert.equal((await post(`${server.url}?token=s3cret-token`, render)).status, 200);
		assert.equal(server.executions.length, 1);
	});

	test('an async render to a URL with the token gets through', async () => {
		const server = await trigger({ events: ['render'], token: 'tok-42' });
		await asyncRenderTo(`${server.url}?token=tok-42`);
		assert.equal(server.executions.length, 1);
	});

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
