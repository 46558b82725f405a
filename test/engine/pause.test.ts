/**
 * "Pause Until Called Back" in n8n's engine, up to the pause: what is sent (one render, or one
 * batch for several items, with the resume URL as its webhook), the execution put to wait
 * until its Timeout, and the request remembered in the execution's custom data; then calls to
 * the resume URL, confirmed at the service as the trigger confirms its calls (harness/resume.ts).
 * The whole round trip, pdf noodle's own call included, runs in a real n8n (test/e2e/pause.test.ts,
 * test/queue).
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';
import type { INodeExecutionData } from 'n8n-workflow';

import type { PausedPlan } from '../../dist/nodes/PdfNoodle/pause/plan.js';
import { unpackedPlan } from '../../dist/nodes/PdfNoodle/pause/planText.js';
import { runPdfNoodle } from '../harness/engine';
import { callResumeUrl } from '../harness/resume';
import { apiRequests, callApi, clearRequestLog, credentialsFor } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

// Every render is the sandbox's prepared one-page PDF, not Chromium's: the tests check what is
// sent, kept with the paused execution and output on the resume (paths, IDs, file names,
// MIME types), never a document's text; most of the renders (20 in one test) finish after the
// test, where nobody waits for them but Chromium would still take the machine's time.
const sandbox = useSandbox({ fixedRender: true });

const template = { __rl: true, mode: 'id', value: 'certificate' };
const data = '={{ JSON.stringify({ recipient_name: $json.name, course: { title: "Queues", hours: 2 } }) }}';
/** Render From Template paused, with the items' data and File Name expressions. */
const pausedTemplateRenders = (data: string, fileName: string) => ({ resource: 'document', operation: 'renderFromTemplate', template, data, fileName, mode: 'pause' });
const people = (...names: string[]) => names.map((name) => ({ json: { name } }));
// The harness runs without an execution ID; n8n signs the URL with the execution's resume token.
const RESUME_URL = /^http:\/\/localhost:5678\/webhook-waiting\/[\w-]+\?signature=[0-9a-f]{64}$/;

/** The execution's pause: when n8n will resume it, and what it waits for. */
function pauseOf(run: Awaited<ReturnType<typeof runPdfNoodle>>['run']): { inSeconds: number; waitingFor: unknown } {
	assert.ok(run.waitTill, 'the execution was put to wait');
	return { inSeconds: Math.round((run.waitTill.getTime() - Date.now()) / 1000), waitingFor: run.data.resultData.metadata?.pdfNoodleWaitingFor };
}

describe('Pause Until Called Back: the request and the pause', () => {
	test('one item: a single asynchronous render with the resume URL as its webhook; the execution waits for its Timeout', async () => {
		const { run, error } = await sandbox.run(
			{ resource: 'document', operation: 'renderFromTemplate', template, data, mode: 'pause', pauseTimeout: 120 },
			people('Ada Lovelace'),
		);
		assert.equal(error, undefined);
		// The certificate's variables are looked up first (Check Data Against Template), then the render sent.
		const [lookup, request] = apiRequests(sandbox);
		assert.equal(lookup.path, '/v1/integration/templates/certificate/variables');
		assert.equal(request.path, '/v1/pdf/async');
		const body = request.body as { templateId: string; data: { recipient_name: string }; webhook: string };
		assert.deepEqual([body.templateId, body.data.recipient_name], ['certificate', 'Ada Lovelace']);
		assert.match(body.webhook, RESUME_URL);
		const { inSeconds, waitingFor } = pauseOf(run);
		assert.equal(inSeconds, 120);
		const requestId = /^render:(.+)$/.exec(String(waitingFor))?.[1];
		assert.ok(requestId && sandbox.context.renders.get(requestId), 'the render the service started');
	});

	test('three items: one batch of three HTML documents, the URL lifetime once for the batch', async () => {
		const { run, error } = await sandbox.run(
			{ resource: 'document', operation: 'renderFromHtml', html: '=<p>{{ $json.name }}</p>', mode: 'pause', options: { signedUrlExpiresIn: 600 } },
			people('Ada', 'Grace', 'Alan'),
		);
		assert.equal(error, undefined);
		const [request] = apiRequests(sandbox);
		assert.equal(request.path, '/v1/html-to-pdf/batch');
		const body = request.body as { items: Array<{ html: string }>; async: boolean; webhook: string; signedUrlExpiresIn: number };
		assert.deepEqual(body.items.map((item) => item.html), ['<p>Ada</p>', '<p>Grace</p>', '<p>Alan</p>']);
		assert.deepEqual([body.async, body.signedUrlExpiresIn], [true, 600]);
		assert.match(body.webhook, RESUME_URL);
		assert.match(String(pauseOf(run).waitingFor), /^batch:[\w-]+$/);
		assert.equal(pauseOf(run).inSeconds, 3600, 'the default Timeout');
	});

	test('Batch resource: the items\' batch, merged, with the resume URL in place of a Webhook URL', async () => {
		const { run, error } = await sandbox.run(
			{ resource: 'batch', operation: 'renderTemplates', template, documentData: data, mode: 'pause', batchOptions: { merge: true } },
			people('Ada', 'Grace'),
		);
		assert.equal(error, undefined);
		const [lookup, request] = apiRequests(sandbox);
		assert.equal(lookup.path, '/v1/integration/templates/certificate/variables', 'one lookup for both items');
		const body = request.body as { items: unknown[]; merge: boolean; async: boolean; webhook: string };
		assert.deepEqual([request.path, body.items.length, body.merge, body.async], ['/v1/pdf/batch', 2, true, true]);
		assert.match(body.webhook, RESUME_URL);
		assert.match(String(pauseOf(run).waitingFor), /^batch:[\w-]+$/);
	});

	test('an item refused before sending: under Continue On Fail the others are paused, without it nothing is sent', async () => {
		const parameters = { resource: 'document', operation: 'renderFromTemplate', template, data: '={{ $json.name === "Grace" ? "[1]" : JSON.stringify({ recipient_name: $json.name }) }}', mode: 'pause' };
		const continued = await sandbox.run(parameters, people('Ada', 'Grace'), { onError: 'continueRegularOutput' });
		assert.equal(continued.error, undefined);
		assert.deepEqual(apiRequests(sandbox).map((request) => request.path), ['/v1/integration/templates/certificate/variables', '/v1/pdf/async'], 'Ada alone: a single render');
		assert.match(String(pauseOf(continued.run).waitingFor), /^render:/);

		clearRequestLog(sandbox);
		const stopped = await sandbox.run(parameters, people('Ada', 'Grace'));
		assert.match(stopped.error?.message ?? '', /^Invalid "Data \(JSON\)"/);
		assert.deepEqual(apiRequests(sandbox), []);
	});

	test('a request the service refuses: the node\'s error, worded as when it waits, and the execution is not paused', async () => {
		const { run, error } = await sandbox.run(
			{ resource: 'document', operation: 'renderFromTemplate', template: { ...template, value: 'no-such-template' }, data: '{}', mode: 'pause' },
			people('Ada'),
		);
		assert.equal(error?.message, 'Template "no-such-template" could not be found');
		assert.match(String(error?.description), /Template → Get Many lists the templates/);
		assert.equal(run.waitTill, undefined);
	});
});

describe('Pause Until Called Back: the call to the resume URL', () => {
	/** A render paused for Ada Lovelace, and the ID of the render it waits for. */
	async function pausedRender() {
		const paused = await sandbox.run(
			{ resource: 'document', operation: 'renderFromTemplate', template, data, mode: 'pause' },
			people('Ada Lovelace'),
		);
		assert.equal(paused.error, undefined);
		const requestId = String(pauseOf(paused.run).waitingFor).replace(/^render:/, '');
		return { paused, requestId };
	}

	test('the awaited render, once pdf noodle shows it finished, resumes the execution with its file', async () => {
		const { paused, requestId } = await pausedRender();
		await sandbox.context.renders.get(requestId)!.finished;
		const result = (await callApi(sandbox, 'GET', `/v1/pdf/status/${requestId}`)).json;

		const answer = await callResumeUrl(paused, result, credentialsFor(sandbox));
		assert.deepEqual([answer.status, answer.json], [200, { received: true, resumed: true }]);
		assert.equal(answer.items?.[0].json.requestId, requestId);
		assert.equal(answer.items?.[0].binary?.data.mimeType, 'application/pdf');
	});

	test('a lookup that answers with another render\'s record is refused 502 and leaves the execution waiting', async () => {
		const { paused, requestId } = await pausedRender();
		await sandbox.context.renders.get(requestId)!.finished;
		const result = (await callApi(sandbox, 'GET', `/v1/pdf/status/${requestId}`)).json;
		const another = { ...result, requestId: 'another-render' };
		sandbox.context.faults.push({ method: 'GET', pathPrefix: '/v1/pdf/status/', kind: 'status', status: 200, body: another, times: 1 });

		const answer = await callResumeUrl(paused, result, credentialsFor(sandbox));
		assert.deepEqual([answer.status, answer.json], [
			502,
			{ received: false, resumed: false, message: `The render could not be confirmed: pdf noodle's answer to its lookup is not the render "${requestId}"` },
		]);
		assert.equal(answer.items, undefined, 'nothing is output: the execution keeps waiting');
	});

	test('a call that says SUCCESS while pdf noodle still renders is refused 409 and leaves the execution waiting', async () => {
		sandbox.context.settings.renderDelayMs = 5000;
		const { paused, requestId } = await pausedRender();
		const claimed = { requestId, renderStatus: 'SUCCESS', signedUrl: 'https://attacker.example/evil.pdf', metadata: {} };

		const answer = await callResumeUrl(paused, claimed, credentialsFor(sandbox));
		assert.deepEqual([answer.status, answer.json], [
			409,
			{ received: false, resumed: false, message: `The call says render "${requestId}" is SUCCESS, but pdf noodle shows it as ONGOING: it leaves the execution waiting` },
		]);
		assert.equal(answer.items, undefined);
	});
});

describe('Pause Until Called Back: a call back naming an ID no pdf noodle record could have', () => {
	test('a requestId of 900 kB, or an empty one, is refused 400 naming the field and the bound; nothing is looked up and the execution keeps waiting', async () => {
		const paused = await sandbox.run({ resource: 'document', operation: 'renderFromTemplate', template, data, mode: 'pause' }, people('Ada Lovelace'));
		assert.equal(paused.error, undefined);
		clearRequestLog(sandbox);
		const huge = { requestId: 'r'.repeat(900 * 1024), renderStatus: 'SUCCESS', signedUrl: '', metadata: {} };

		const answer = await callResumeUrl(paused, huge, credentialsFor(sandbox));
		assert.deepEqual([answer.status, answer.json], [
			400,
			{ received: false, resumed: false, message: 'requestId has 921600 characters: a pdf noodle ID has at most 128; the execution keeps waiting' },
		]);
		assert.equal(answer.items, undefined, 'nothing is output: the execution keeps waiting');
		const empty = await callResumeUrl(paused, { ...huge, requestId: '' }, credentialsFor(sandbox));
		assert.deepEqual([empty.status, empty.json], [
			400,
			{ received: false, resumed: false, message: 'requestId is empty: a pdf noodle ID has 1 to 128 characters; the execution keeps waiting' },
		]);
		assert.deepEqual(sandbox.context.requestLog, [], 'nothing reached pdf noodle');
	});
});

describe('Pause Until Called Back: the resume builds on what the paused run kept', () => {
	/** The plan the paused run kept in the execution's custom data (pause/pausedPlan.ts), whole again. */
	function keptPlan(run: Awaited<ReturnType<typeof runPdfNoodle>>['run']): PausedPlan {
		const metadata = run.data.resultData.metadata ?? {};
		const parts = Object.keys(metadata).filter((key) => key.startsWith('pdfNoodlePlan')).sort().map((key) => metadata[key]);
		const plan = unpackedPlan(parts.join(''));
		assert.ok(plan, 'the paused run kept its plan');
		return plan;
	}

	test('an item refused and two sent: the resume outputs the kept items and file names ($now as the paused run saw it), looking up no template again', async () => {
		const paused = await sandbox.run(
			pausedTemplateRenders('={{ $json.name === "Grace" ? "[1]" : JSON.stringify({ recipient_name: $json.name }) }}', '={{ $json.name + "-" + $now.toMillis() }}'),
			people('Ada', 'Grace', 'Alan'),
			{ onError: 'continueRegularOutput' },
		);
		assert.equal(paused.error, undefined);
		const plan = keptPlan(paused.run);
		assert.deepEqual(plan.sent, [0, 2], 'Ada and Alan went as one batch; Grace was refused');
		const names = (plan.output.fileName as { each: Array<string | null> }).each;
		assert.deepEqual(names.map((name) => name && name.replace(/-\d+$/, '')), ['Ada', null, 'Alan'], 'the output settings of the items sent: Grace was refused');

		const batchId = String(pauseOf(paused.run).waitingFor).replace(/^batch:/, '');
		await sandbox.context.batches.get(batchId)!.finished;
		const record = (await callApi(sandbox, 'GET', `/v1/pdf/batch/status/${batchId}`)).json;
		const pausedAt = Number(names[0]?.replace(/^Ada-/, ''));
		assert.ok(Date.now() > pausedAt, '$now evaluated again would name the files otherwise');

		clearRequestLog(sandbox);
		const answer = await callResumeUrl(paused, record, credentialsFor(sandbox));
		assert.deepEqual([answer.status, answer.json], [200, { received: true, resumed: true }]);
		const items = answer.items ?? [];
		assert.deepEqual(
			items.map((item) => [item.pairedItem, item.binary?.data?.fileName ?? item.json.error]),
			[
				[{ item: 0 }, names[0]],
				[{ item: 1 }, items[1].json.error],
				[{ item: 2 }, names[2]],
			],
		);
		assert.match(String(items[1].json.error), /^Invalid "Data \(JSON\)"/);
		assert.deepEqual(
			apiRequests(sandbox).filter((request) => request.path.includes('/variables')),
			[],
			'the template\'s variables are not looked up again: nothing is planned anew',
		);
	});

	/** Resumes a paused batch (also several paused renders) with its record, once pdf noodle has finished it. */
	async function resumedBatch(paused: Awaited<ReturnType<typeof runPdfNoodle>>) {
		const batchId = String(pauseOf(paused.run).waitingFor).replace(/^batch:/, '');
		await sandbox.context.batches.get(batchId)!.finished;
		const record = (await callApi(sandbox, 'GET', `/v1/pdf/batch/status/${batchId}`)).json;
		const answer = await callResumeUrl(paused, record, credentialsFor(sandbox));
		assert.deepEqual([answer.status, answer.json], [200, { received: true, resumed: true }]);
		return answer.items ?? [];
	}

	/** Each item's binary fields and their file names. */
	const filesOf = (items: INodeExecutionData[]) => items.map((item) => Object.fromEntries(Object.entries(item.binary ?? {}).map(([field, file]) => [field, file.fileName])));

	test('every output setting of a paused render survives the pause: Download File, Put Output File in Field and File Name, item by item', async () => {
		const paused = await sandbox.run(
			{ resource: 'document', operation: 'renderFromHtml', html: '=<p>{{ $json.name }}</p>', mode: 'pause', downloadFile: '={{ $json.name !== "Grace" }}', binaryPropertyName: 'document', fileName: '={{ $json.name }}-letter.pdf' },
			people('Ada', 'Grace', 'Alan'),
		);
		assert.equal(paused.error, undefined);
		// Every key of the output settings (fields/fields.ts, downloadSettingsOf) is kept, and each is checked below.
		assert.deepEqual(Object.keys(keptPlan(paused.run).output).sort(), ['download', 'field', 'fileName']);
		const items = await resumedBatch(paused);
		assert.deepEqual(filesOf(items), [{ document: 'Ada-letter.pdf' }, {}, { document: 'Alan-letter.pdf' }]);
		assert.equal(typeof items[1].json.signedUrl, 'string', 'Grace\'s result without its file');
	});

	test('every output setting of a paused batch survives the pause: Files, Also Output the Single Files, the field, each item\'s File Name; and Download File off', async () => {
		const merged = await sandbox.run(
			{ resource: 'batch', operation: 'renderHtml', documentHtml: '=<p>{{ $json.name }}</p>', mode: 'pause', batchOptions: { merge: true, alsoSingleFiles: true }, fileOutput: 'oneItem', binaryPropertyName: 'pdf', fileName: '={{ $json.name }}.pdf' },
			people('Ada', 'Grace'),
		);
		assert.equal(merged.error, undefined);
		// Every key of a batch's output settings (fields/batchSettings.ts, batchOutputSettingsOf) is kept, and each is checked below.
		assert.deepEqual(Object.keys(keptPlan(merged.run).output).sort(), ['alsoSingleFiles', 'download', 'field', 'fileName', 'fileOutput']);
		const [one, ...others] = await resumedBatch(merged);
		assert.deepEqual(others, [], 'All Files on One Item: one item');
		assert.deepEqual(filesOf([one]), [{ pdf: one.binary?.pdf.fileName, pdf_1: 'Ada.pdf', pdf_2: 'Grace.pdf' }]);
		assert.match(String(one.binary?.pdf.fileName), /-merged\.pdf$/);

		const unfetched = await sandbox.run({ resource: 'batch', operation: 'renderHtml', documentHtml: '=<p>{{ $json.name }}</p>', mode: 'pause', downloadFile: false }, people('Ada', 'Grace'));
		const items = await resumedBatch(unfetched);
		assert.deepEqual(filesOf(items), [{}, {}]);
		assert.deepEqual(items.map((item) => typeof item.json.signedUrl), ['string', 'string']);
	});

	test('an ordinary run fits with room: 20 items, file names of about 60 characters, a different data check on each', async () => {
		const paused = await sandbox.run(
			pausedTemplateRenders('={{ JSON.stringify(Object.fromEntries([["recipient_name", $json.name], ["course", { title: "Queues", hours: 2 }], ["note_" + $itemIndex, 1]])) }}', '={{ "invoice-2026-11-" + $json.name.replace(" ", "-") + "-customer-account-statement-final.pdf" }}'),
			people(...Array.from({ length: 20 }, (_, index) => `Person ${index}`)),
		);
		assert.equal(paused.error, undefined);
		assert.ok(paused.run.waitTill, 'the execution was put to wait');
		const metadata = paused.run.data.resultData.metadata ?? {};
		const entries = Object.keys(metadata).filter((key) => key.startsWith('pdfNoodlePlan'));
		assert.ok(entries.length <= 4, `the plan takes ${entries.length} of the 8 entries it may: room is left for the workflow's own custom data`);
		const plan = keptPlan(paused.run);
		assert.deepEqual(plan.sent, Array.from({ length: 20 }, (_, index) => index));
		const names = (plan.output.fileName as { each: string[] }).each;
		assert.equal(names[13], 'invoice-2026-11-Person-13-customer-account-statement-final.pdf');
		assert.deepEqual(plan.checks?.[13], { templateId: 'certificate', missing: ['with_honors', 'issued_on'], unknown: ['note_13'], listExpected: [], valueExpected: [] });
	});

	test('a plan too large for the execution\'s custom data (20 File Names of 400 characters, each its own) is refused by name before anything is sent', async () => {
		const { run, error } = await sandbox.run(
			{ resource: 'document', operation: 'renderFromHtml', html: '=<p>{{ $json.name }}</p>', fileName: '={{ $json.name.repeat(50) }}', mode: 'pause' },
			people(...Array.from({ length: 20 }, (_, index) => `Person ${index}`)),
		);
		assert.equal(error?.message, 'Mode "Pause Until Called Back" cannot keep what these items send with the execution');
		assert.match(String((error as { description?: string } | undefined)?.description), /: \d+ characters, \d+ entries of 512 needed, 8 free\. .*shorten File Name/);
		assert.deepEqual(apiRequests(sandbox), [], 'nothing was sent to pdf noodle');
		assert.equal(run.waitTill, undefined);
	});
});
