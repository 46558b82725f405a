/**
 * "Pause Until Called Back" in a real n8n: the execution is put to wait (n8n's executions say
 * `waiting`) while pdf noodle renders, resumes on the sandbox's call to its resume URL, and
 * its output is the polling path's output for the same input. Calls that are not that result
 * are refused and leave the execution waiting. On n8n 1.x the mode is refused with a reason.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from '@jest/globals';

import axios from 'axios';

import { pdfPageCount, pdfText } from '../support/pdf';
import { waitFor } from '../support/processes';
import { apiRequests, type Sandbox, startTestSandbox, takeContractViolations } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';
import { EXAMPLE_CREDENTIAL_ID, example, sandboxCredential } from './examples';
import { type ExecutionRecord, N8N_MAJOR, N8n } from './n8n';
import { describeOnN8n2 } from './versions';

const RENDER_NODE = 'Render certificates';
const PEOPLE = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'];

const sandbox = useSandbox();
let n8n: N8n;
let baseUrl: string;

/**
 * A pdf noodle that renders longer than any test waits, so it never calls back in time: the
 * timeout test's own, beside the file's sandbox, whose timing the other tests change.
 */
let neverInTime: Sandbox | undefined;
const NEVER_IN_TIME_CREDENTIAL = { id: 'pdfNoodleNeverInTime', name: 'PDF Noodle that never calls back in time' };

beforeAll(async () => {
	n8n = new N8n();
	await n8n.installThisPackage();
	// n8n 1.x only refuses the mode: its test needs no running n8n to resume anything. n8n starts
	// before the credential is imported: an import first would, under the 3.x profile, start and
	// stop n8n once more only to install the package and make the encryption key.
	if (N8N_MAJOR >= 2) baseUrl = await n8n.start();
	neverInTime = await startTestSandbox({ renderDelayMs: 180_000 });
	await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl), { ...sandboxCredential(neverInTime.apiKey, neverInTime.baseUrl), ...NEVER_IN_TIME_CREDENTIAL }]);
});

afterAll(async () => {
	await n8n?.dispose();
	await neverInTime?.close();
});

/** The example workflow under its own id, for these people, with the render node's parameters changed. */
function pauseWorkflow(id: string, people: string[], parameters: Record<string, unknown> = {}): any {
	const workflow = example('pause-until-called-back');
	workflow.id = id;
	// The example's list node (Edit Fields; no Code node, which n8n 3.x runs only with a task-runner sidecar).
	const list = workflow.nodes.find((node: { name: string }) => node.name === 'People');
	list.parameters.jsonOutput = JSON.stringify({ people: people.map((name) => ({ name, course: 'Compilers', hours: 3 })) });
	const render = workflow.nodes.find((node: { name: string }) => node.name === RENDER_NODE);
	Object.assign(render.parameters, parameters);
	return workflow;
}

/** The example's render node turned into Batch → Render Templates (merged, and each file), in `mode`. */
function asBatch(workflow: any, mode: Record<string, unknown>): any {
	const render = workflow.nodes.find((node: { name: string }) => node.name === RENDER_NODE);
	render.parameters = {
		resource: 'batch',
		operation: 'renderTemplates',
		documentData: '={{ JSON.stringify({ recipient_name: $json.name, course: { title: $json.course, hours: $json.hours } }) }}',
		batchOptions: { merge: true, alsoSingleFiles: true },
		...mode,
		template: render.parameters.template,
	};
	return workflow;
}

/** The render node with "Continue (using error output)". */
function withErrorOutput(workflow: any): any {
	workflow.nodes.find((node: { name: string }) => node.name === RENDER_NODE).onError = 'continueErrorOutput';
	return workflow;
}

/** Grace Hopper's certificate gets a template that fails to render. */
const FAILING_HOPPER = { template: { __rl: true, mode: 'id', value: "={{ $json.name === 'Grace Hopper' ? 'broken-layout' : 'certificate' }}" } };

/** The same workflow on the polling path: asynchronous, awaited inside the node. */
function pollingWorkflow(id: string, people: string[]): any {
	// The webhook is required in this mode; nobody listens there, and the node polls.
	return pauseWorkflow(id, people, { mode: 'async', waitForCompletion: true, pollInterval: 1, webhook: 'http://127.0.0.1:9/nobody' });
}

function executionsOf(workflowId: string): ExecutionRecord[] {
	return n8n.executions().filter((execution) => execution.workflowId === workflowId);
}

function renderOutput(execution: ExecutionRecord): any[] {
	const runs = execution.data.resultData.runData[RENDER_NODE];
	assert.ok(runs, `the render node ran; error: ${JSON.stringify(execution.data.resultData.error?.message)}`);
	return runs[runs.length - 1].data.main[0];
}

/** What a user compares: the fields and states, the pairing, the file's name and type, whose certificate it is. */
async function comparable(items: any[]): Promise<unknown[]> {
	return await Promise.all(
		items.map(async (item) => {
			const text = item.binary ? await pdfText(n8n.readBinary(item.binary.data)) : '';
			return {
				fields: Object.keys(item.json).sort(),
				renderStatus: item.json.renderStatus,
				metadata: Object.keys(item.json.metadata ?? {}).sort(),
				pairedItem: item.pairedItem,
				file: item.binary && { fileName: item.binary.data.fileName, mimeType: item.binary.data.mimeType },
				person: PEOPLE.find((name) => text.includes(name)),
			};
		}),
	);
}

/** Starts the workflow in the running n8n, as its editor does, and returns the execution once it is parked. */
async function startPaused(workflowId: string): Promise<ExecutionRecord> {
	const executionId = await n8n.startManually(baseUrl, workflowId);
	return await waitFor('the paused execution', () => executionsOf(workflowId).find((execution) => execution.id === executionId && execution.status === 'waiting'), 60_000);
}

/** The resume URL the node gave pdf noodle as the webhook of its request. */
function webhookSentFor(executionId: number): string {
	const sent = apiRequests(sandbox)
		.map((request) => (request.body as { webhook?: string } | undefined)?.webhook)
		.find((webhook) => webhook?.includes(`/webhook-waiting/${executionId}`));
	assert.ok(sent, `a request carried the resume URL of execution ${executionId}`);
	return sent;
}

const onN8n1 = N8N_MAJOR === 1 ? describe : describe.skip;

describeOnN8n2('Pause Until Called Back in a running n8n', () => {
	/**
	 * The timeout test's two executions, paused first: n8n's wait tracker looks for executions
	 * due to resume once a minute, and the other tests run meanwhile instead of the file
	 * waiting that minute out. Their renders go to `neverInTime`.
	 */
	let timeoutRuns: Promise<{ paused: ExecutionRecord }>;
	beforeAll(async () => {
		const timingOut = (id: string) => {
			const workflow = pauseWorkflow(id, PEOPLE.slice(0, 1), { pauseTimeout: 2 });
			const render = workflow.nodes.find((node: { name: string }) => node.name === RENDER_NODE);
			assert.equal(render.credentials.pdfNoodleApi.id, EXAMPLE_CREDENTIAL_ID);
			render.credentials = { pdfNoodleApi: NEVER_IN_TIME_CREDENTIAL };
			return workflow;
		};
		// Every workflow of these tests in one import (one n8n CLI start, not one per workflow).
		await n8n.importWorkflows([
			timingOut('pdfNoodlePauseTimeout'),
			withErrorOutput(timingOut('pdfNoodlePauseTimeoutErrorOutput')),
			pauseWorkflow('pdfNoodlePauseOne', PEOPLE.slice(0, 1)),
			pollingWorkflow('pdfNoodlePollOne', PEOPLE.slice(0, 1)),
			pauseWorkflow('pdfNoodlePauseThree', PEOPLE),
			pollingWorkflow('pdfNoodlePollThree', PEOPLE),
			pauseWorkflow('pdfNoodlePauseForged', PEOPLE.slice(0, 1)),
			asBatch(pauseWorkflow('pdfNoodlePauseBatch', PEOPLE), { mode: 'pause' }),
			asBatch(pauseWorkflow('pdfNoodlePollBatch', PEOPLE), { mode: 'async', waitForCompletion: true, pollInterval: 1 }),
			withErrorOutput(pauseWorkflow('pdfNoodlePauseErrorOutput', PEOPLE, FAILING_HOPPER)),
			pauseWorkflow('pdfNoodlePauseFails', PEOPLE, FAILING_HOPPER),
		]);
		// Awaited, so no other test's run starts beside them; a failure is the timeout test's, not every test's.
		timeoutRuns = (async () => {
			const paused = await startPaused('pdfNoodlePauseTimeout');
			await startPaused('pdfNoodlePauseTimeoutErrorOutput');
			return { paused };
		})();
		await timeoutRuns.catch(() => undefined);
	});

	test('one item: waiting while pdf noodle renders, resumed by its call, output as on the polling path', async () => {
		sandbox.context.settings.renderDelayMs = 5000;
		try {
			const paused = await startPaused('pdfNoodlePauseOne');
			const resumeUrl = webhookSentFor(paused.id);
			assert.match(resumeUrl, new RegExp(`^${baseUrl}/webhook-waiting/${paused.id}\\?signature=`), 'the resume URL with n8n\'s signature');
			const request = apiRequests(sandbox).find((entry) => (entry.body as { webhook?: string } | undefined)?.webhook === resumeUrl);
			assert.equal(request?.path, '/v1/pdf/async', 'one item: a single asynchronous render');
			assert.equal(paused.data.resultData.metadata?.pdfNoodleWaitingFor?.startsWith('render:'), true, 'the request is in the execution\'s custom data');

			const resumed = await waitFor('the resumed execution', () => executionsOf('pdfNoodlePauseOne').find((execution) => execution.status === 'success'), 60_000);
			const delivery = sandbox.context.webhookDeliveries.find((entry) => entry.url === resumeUrl);
			assert.deepEqual([delivery?.status, delivery?.answer], [200, { received: true, resumed: true }]);

			const polled = await n8n.runManually(baseUrl, 'pdfNoodlePollOne');
			assert.equal(polled.status, 'success', JSON.stringify(polled.data?.resultData?.error));
			const [item] = renderOutput(resumed);
			assert.equal(item.binary.data.fileName, 'lovelace.pdf');
			assert.deepEqual(await comparable(renderOutput(resumed)), await comparable(renderOutput(polled)));
		} finally {
			sandbox.context.settings.renderDelayMs = 0;
		}
	});

	test('three items go as one batch: the execution resumes once, one document per item in order, as on the polling path', async () => {
		sandbox.context.settings.renderDelayMs = 3000;
		try {
			const paused = await startPaused('pdfNoodlePauseThree');
			const resumeUrl = webhookSentFor(paused.id);
			const sent = apiRequests(sandbox).filter((entry) => (entry.body as { webhook?: string } | undefined)?.webhook === resumeUrl);
			assert.deepEqual(sent.map((entry) => [entry.path, (entry.body as { items: unknown[] }).items.length]), [['/v1/pdf/batch', 3]]);

			const resumed = await waitFor('the resumed execution', () => executionsOf('pdfNoodlePauseThree').find((execution) => execution.status === 'success'), 60_000);
			assert.equal(sandbox.context.webhookDeliveries.filter((entry) => entry.url === resumeUrl).length, 1, 'one call back');
			const polled = await n8n.runManually(baseUrl, 'pdfNoodlePollThree');
			assert.equal(polled.status, 'success', JSON.stringify(polled.data?.resultData?.error));
			const output = await comparable(renderOutput(resumed));
			assert.deepEqual(output.map((item: any) => [item.person, item.file.fileName, item.pairedItem]), [
				['Ada Lovelace', 'lovelace.pdf', { item: 0 }],
				['Grace Hopper', 'hopper.pdf', { item: 1 }],
				['Alan Turing', 'turing.pdf', { item: 2 }],
			]);
			assert.deepEqual(output, await comparable(renderOutput(polled)));
		} finally {
			sandbox.context.settings.renderDelayMs = 0;
		}
	});

	test('calls that are not the awaited result are refused and leave the execution waiting', async () => {
		sandbox.context.settings.renderDelayMs = 12_000;
		try {
			const paused = await startPaused('pdfNoodlePauseForged');
			const resumeUrl = webhookSentFor(paused.id);
			const requestId = String(paused.data.resultData.metadata.pdfNoodleWaitingFor).replace('render:', '');
			const call = async (url: string, body: unknown) => {
				const response = await axios.post(url, body, { validateStatus: () => true });
				return [response.status, response.data?.message ?? response.data?.error];
			};
			const result = { requestId, renderStatus: 'SUCCESS', signedUrl: 'https://attacker.example/evil.pdf', metadata: {} };
			assert.deepEqual(await call(resumeUrl.replace(/\?.*$/, ''), result), [401, 'Invalid token'], 'n8n refuses a call without the signature');
			assert.deepEqual(await call(resumeUrl, { hello: 'world' }), [400, 'Expected the render result that pdf noodle posts']);
			assert.deepEqual(await call(resumeUrl, { ...result, requestId: 'someone-else' }), [403, `This execution waits for render ${requestId}, not someone-else`]);
			assert.deepEqual(await call(resumeUrl, { ...result, renderStatus: 'ONGOING' }), [422, 'The render is still ONGOING: only its final result resumes the execution']);
			// The right id and a final state, before pdf noodle has finished: the service is asked, and says otherwise.
			assert.deepEqual(await call(resumeUrl, result), [409, `The call says render "${requestId}" is SUCCESS, but pdf noodle shows it as ONGOING: it leaves the execution waiting`]);
			assert.equal(executionsOf('pdfNoodlePauseForged').find((execution) => execution.id === paused.id)?.status, 'waiting');

			const resumed = await waitFor('the resumed execution', () => executionsOf('pdfNoodlePauseForged').find((execution) => execution.status === 'success'), 60_000);
			const [item] = renderOutput(resumed);
			assert.equal(item.json.requestId, requestId);
			assert.notEqual(item.json.signedUrl, result.signedUrl, 'the file is the one the service names');
			assert.equal(await comparable([item]).then(([entry]: any[]) => entry.person), 'Ada Lovelace');
		} finally {
			sandbox.context.settings.renderDelayMs = 0;
		}
	});

	test('Batch resource: the merged PDF and each document, as the polling path gives them', async () => {
		sandbox.context.settings.renderDelayMs = 3000;
		try {
			await startPaused('pdfNoodlePauseBatch');
			const resumed = await waitFor('the resumed execution', () => executionsOf('pdfNoodlePauseBatch').find((execution) => execution.status === 'success'), 60_000);
			const polled = await n8n.runManually(baseUrl, 'pdfNoodlePollBatch');
			assert.equal(polled.status, 'success', JSON.stringify(polled.data?.resultData?.error));

			const shape = async (items: any[]) =>
				await Promise.all(
					items.map(async (item) => ({
						fields: Object.keys(item.json).sort(),
						entryNumber: item.json.entryNumber,
						pages: await pdfPageCount(n8n.readBinary(item.binary.data)),
					})),
				);
			const resumedItems = renderOutput(resumed);
			assert.equal(resumedItems.length, 4, 'the merged PDF, then one item per document');
			const merged = await pdfText(n8n.readBinary(resumedItems[0].binary.data));
			assert.ok(PEOPLE.every((name) => merged.includes(name)), 'the merged PDF has every certificate');
			assert.deepEqual(await shape(resumedItems), await shape(renderOutput(polled)));
		} finally {
			sandbox.context.settings.renderDelayMs = 0;
		}
	});

	test('a failed render: an item on the error output with "Continue (using error output)"; without, the execution\'s error', async () => {
		// As long as the other tests' renders: the executions wait long enough to be seen waiting.
		// (The sandbox's settings are as they were at the start again before the next test.)
		sandbox.context.settings.renderDelayMs = 3000;
		const paused = await startPaused('pdfNoodlePauseErrorOutput');
		const resumed = await waitFor('the resumed execution', () => executionsOf('pdfNoodlePauseErrorOutput').find((execution) => !['new', 'running', 'waiting'].includes(execution.status)), 60_000);
		const delivery = sandbox.context.webhookDeliveries.find((entry) => entry.url === webhookSentFor(paused.id));
		assert.equal(resumed.status, 'success', `ended ${resumed.status}: ${JSON.stringify(resumed.data.resultData.error?.message)}; the call back was answered ${delivery?.status} ${JSON.stringify(delivery?.answer)}`);
		const [success, failure] = resumed.data.resultData.runData[RENDER_NODE].at(-1).data.main;
		assert.deepEqual(
			(await comparable(success)).map((item: any) => [item.person, item.pairedItem]),
			[['Ada Lovelace', { item: 0 }], ['Alan Turing', { item: 2 }]],
		);
		assert.equal(failure.length, 1);
		assert.match(failure[0].json.error, /^The render failed \(requestId [\w-]+\)$/);
		assert.deepEqual(failure[0].pairedItem, { item: 1 });

		await startPaused('pdfNoodlePauseFails');
		const failed = await waitFor('the failed execution', () => executionsOf('pdfNoodlePauseFails').find((execution) => execution.status === 'error'), 60_000);
		assert.match(failed.data.resultData.error.message, /^The render failed \(requestId [\w-]+\)$/);
		assert.equal(failed.data.resultData.lastNodeExecuted, RENDER_NODE);
		// The node fails as the execution resumes (not in its webhook, after which n8n would drop
		// the output of the nodes before it), so the execution keeps what they output.
		assert.equal(failed.data.resultData.runData.People?.length, 1);
		const answered = await waitFor('the answer to the call back', () => sandbox.context.webhookDeliveries.find((entry) => entry.url.includes(`/webhook-waiting/${failed.id}`)), 10_000);
		assert.deepEqual(answered.answer, { received: true, resumed: true }, 'pdf noodle hears that its call was taken');
	});

	test('past its Timeout without a call back, the node fails with an error naming the request; with "Continue (using error output)" that error is an item there', async () => {
		// Started before the other tests (beforeAll above); by now n8n's wait tracker has looked at least once since.
		const { paused } = await timeoutRuns;
		const awaited = String(paused.data.resultData.metadata.pdfNoodleWaitingFor);
		assert.match(awaited, /^render:[\w-]+$/);
		const requestId = awaited.slice('render:'.length);

		const failed = await waitFor('the timed-out execution', () => executionsOf('pdfNoodlePauseTimeout').find((execution) => !['new', 'running', 'waiting'].includes(execution.status)), 150_000);
		assert.equal(failed.status, 'error');
		const error = failed.data.resultData.error;
		assert.equal(error.message, `pdf noodle did not call back within 2 s for render ${requestId}`);
		assert.match(error.description, new RegExp(`Document → Get Status and the ID ${requestId}`));
		assert.equal(failed.data.resultData.lastNodeExecuted, RENDER_NODE);
		assert.equal(failed.data.resultData.metadata.pdfNoodleWaitingFor, awaited, 'the request stays in the custom data too');
		assert.equal(failed.data.resultData.runData.People?.length, 1, 'the nodes before it keep their output');

		const continued = await waitFor('the timed-out execution with an error output', () => executionsOf('pdfNoodlePauseTimeoutErrorOutput').find((execution) => !['new', 'running', 'waiting'].includes(execution.status)), 150_000);
		assert.equal(continued.status, 'success');
		const [success, failure] = continued.data.resultData.runData[RENDER_NODE].at(-1).data.main;
		assert.deepEqual(success, []);
		assert.equal(failure.length, 1);
		assert.match(failure[0].json.error, /^pdf noodle did not call back within 2 s for render [\w-]+$/);
		assert.deepEqual(failure[0].pairedItem, [{ item: 0 }]);
		assert.deepEqual(takeContractViolations(neverInTime!), [], 'what the node sent pdf noodle kept to the contract');
	});
});

onN8n1('Pause Until Called Back on n8n 1.x', () => {
	test('is refused with the reason, before anything is sent', async () => {
		await n8n.importWorkflow(pauseWorkflow('pdfNoodlePauseOnOne', PEOPLE.slice(0, 1)));
		const before = apiRequests(sandbox).length;
		const run = await n8n.execute('pdfNoodlePauseOnOne');
		assert.equal(run.data.resultData.error?.message, 'Mode "Pause Until Called Back" needs n8n 2.0 or later');
		assert.equal(apiRequests(sandbox).length, before);
	});
});
