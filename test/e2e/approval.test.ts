/**
 * examples/approve-before-sending.json in a running n8n: a PNG preview of a quote, then the
 * execution waits (a Wait node) until a person opens the approve or the reject link, both
 * `$execution.resumeUrl` with the decision in the query. Each branch is resumed by a real
 * HTTP call to that URL: on approve the PDF is rendered and handed on; on reject nothing more
 * reaches pdf noodle.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from '@jest/globals';

import axios from 'axios';

import { isPdf, pdfProperties, pdfText, pngSize } from '../support/pdf';
import { waitFor } from '../support/processes';
import { apiRequests } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';
import { example, sandboxCredential } from './examples';
import { type ExecutionRecord, N8n } from './n8n';

const WORKFLOW_ID = 'pdfNoodleApproveBeforeSending';

const sandbox = useSandbox();
let n8n: N8n;
let baseUrl: string;

beforeAll(async () => {
	n8n = new N8n();
	await n8n.installThisPackage();
	// The Wait node resumes in the running n8n, on the call to its resume URL. It starts before the
	// imports: an import first would, under the 3.x profile, start and stop n8n once more only to
	// install the package and make the encryption key.
	baseUrl = await n8n.start();
	await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl)]);
	await n8n.importWorkflow(example('approve-before-sending'));
});

afterAll(async () => {
	await n8n?.dispose();
});

const executions = () => n8n.executions().filter((execution) => execution.workflowId === WORKFLOW_ID);

/** The items a node output in an execution, or undefined when it did not run. */
function outputOf(execution: ExecutionRecord, node: string): any[] | undefined {
	return execution.data.resultData.runData[node]?.at(-1)?.data.main[0];
}

/** The render requests that reached the sandbox, each as its output: PNG or PDF. */
const renders = () => apiRequests(sandbox).filter((request) => request.path === '/v1/html-to-pdf/sync').map((request) => ((request.body as { convertToImage?: boolean }).convertToImage ? 'PNG' : 'PDF'));

/**
 * Starts the workflow (`n8n execute` returns once the execution waits), checks what the
 * approver is shown, and calls the link of `decision` as a person's browser would; returns
 * the finished execution.
 */
async function decide(decision: 'approve' | 'reject'): Promise<ExecutionRecord> {
	const before = executions().length;
	await n8n.execute(WORKFLOW_ID).catch(() => undefined);
	const waiting = await waitFor('the execution waiting for approval', () => executions().slice(before).find((execution) => execution.status === 'waiting'), 60_000);
	assert.deepEqual(renders(), ['PNG'], 'only the preview is rendered before the decision');
	const [shown] = outputOf(waiting, 'Approval links')!;
	const preview = n8n.readBinary(shown.binary.data);
	assert.equal(shown.binary.data.fileName, 'Q-2026-031-preview.png');
	assert.ok(pngSize(preview).width > 0, 'the preview is a PNG');
	for (const link of [shown.json.approveUrl, shown.json.rejectUrl]) assert.ok(String(link).startsWith(`${baseUrl}/webhook-waiting/${waiting.id}`), link);

	const answer = await axios.get(shown.json[`${decision}Url`], { validateStatus: () => true });
	assert.equal(answer.status, 200, JSON.stringify(answer.data));
	return await waitFor('the resumed execution', () => executions().find((execution) => execution.id === waiting.id && !['new', 'running', 'waiting'].includes(execution.status)), 60_000);
}

test('approve: the resume call with decision=approve renders the PDF and hands it on', async () => {
	const finished = await decide('approve');
	assert.equal(finished.status, 'success', JSON.stringify(finished.data.resultData.error?.message));
	assert.equal(outputOf(finished, 'Rejected: nothing is sent'), undefined);
	const [handedOn] = outputOf(finished, 'Send the quote')!;
	assert.equal(handedOn.binary.data.fileName, 'Q-2026-031.pdf');
	const bytes = n8n.readBinary(handedOn.binary.data);
	assert.ok(isPdf(bytes));
	const text = await pdfText(bytes);
	assert.ok(text.includes('Quote Q-2026-031') && text.includes('Grace Hopper') && text.includes('Training workshop') && text.includes('3900.00'), text);
	assert.equal((await pdfProperties(bytes)).title, 'Quote Q-2026-031');
	assert.deepEqual(renders(), ['PNG', 'PDF']);
});

test('reject: the resume call with decision=reject stops the workflow, and no PDF is rendered', async () => {
	const finished = await decide('reject');
	assert.equal(finished.status, 'success', JSON.stringify(finished.data.resultData.error?.message));
	const [stopped] = outputOf(finished, 'Rejected: nothing is sent')!;
	assert.equal(stopped.json.query.decision, 'reject');
	assert.equal(outputOf(finished, 'Render the approved PDF'), undefined);
	assert.equal(outputOf(finished, 'Send the quote'), undefined);
	assert.deepEqual(renders(), ['PNG'], 'no PDF render request reached pdf noodle');
});
