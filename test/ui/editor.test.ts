/**
 * The package in n8n's editor, driven in a headless Chromium: what only the editor runs (the
 * credential's test, the node panel, the Template picker and its search, the variable
 * mapper) and a step executed from it, checked by what the screen shows. With
 * DOCS_SCREENSHOTS set (`npm run docs:screenshots`) the run keeps the pictures README shows.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from '@jest/globals';
import type { ICredentialTestRequest } from 'n8n-workflow';
import type { Locator } from 'playwright-core';

import axios from 'axios';

import { PdfNoodleApi } from '../../dist/credentials/PdfNoodleApi.credentials.js';
import { AGENT_EXAMPLE, AGENT_EXAMPLE_CHAT_PATH, openAiCredential, renderAndSendTurns, smtpCredential } from '../e2e/agentWorkflow';
import { EXAMPLE_CREDENTIAL_ID } from '../e2e/examples';
import { pdfText } from '../support/pdf';
import { type ScriptedModel, startScriptedModel } from '../support/scriptedModel';
import { type SmtpReceiver, startSmtpReceiver } from '../support/smtpReceiver';
import { apiRequests, callApi } from '../support/sandbox';
import { newManualWorkflow, newWorkflow, nodeDetails, openApp, parameter } from './canvas';
import { type Editor, newPage, openSession, type Session, startEditor } from './editor';
import { operationsInReadme } from './readme';
import { choose, eventually, optionsOf, screenshot, shows } from './screen';

/** The resources of the PDF Noodle node, in the order its Resource list shows them. */
const RESOURCES = ['Batch', 'Document', 'PDF Tool', 'Template'];
/** The credential startEditor imports, pointing at the sandbox (see sandboxCredential). */
const SANDBOX_CREDENTIAL = 'PDF Noodle account';
/** Values for the variables of the sandbox's "certificate" template, by their dotted paths. */
const CERTIFICATE_VALUES = {
	recipient_name: 'Grace Hopper',
	'course.title': 'Compilers',
	'course.hours': '40',
	with_honors: 'false',
	issued_on: '1 May 2026',
};

let editor: Editor;
let session: Session;
/** The scripted model and the mail server of the example agent (examples/agent-render-and-send.json). */
let model: ScriptedModel;
let mail: SmtpReceiver;

beforeAll(async () => {
	model = await startScriptedModel();
	mail = await startSmtpReceiver();
	editor = await startEditor({ credentials: [openAiCredential(model.baseUrl), smtpCredential(mail.port)], activeWorkflows: [AGENT_EXAMPLE] });
	session = await openSession(editor.url);
});

afterAll(async () => {
	await session?.close();
	await editor?.close();
	await model?.close();
	await mail?.close();
});

/**
 * A workflow for the data check: a manual trigger whose pinned item has the fields of the
 * sandbox's certificate, and a render of the certificate that maps only recipient_name.
 */
function dataCheckWorkflow(item: Record<string, unknown>) {
	const trigger = 'Start';
	return {
		name: 'Data check',
		active: false,
		nodes: [
			{ id: 'start', name: trigger, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'render',
				name: 'Render certificate',
				type: 'n8n-nodes-pdf-noodle.pdfNoodle',
				typeVersion: 1,
				position: [300, 0],
				parameters: {
					resource: 'document',
					operation: 'renderFromTemplate',
					template: { __rl: true, mode: 'id', value: 'certificate' },
					dataMode: 'map',
					variables: { mappingMode: 'defineBelow', value: { recipient_name: '={{ $json.recipient_name }}' } },
				},
				credentials: { pdfNoodleApi: { id: EXAMPLE_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL } },
			},
		],
		connections: { [trigger]: { main: [[{ node: 'Render certificate', type: 'main', index: 0 }]] } },
		pinData: { [trigger]: [{ json: item }] },
		settings: { executionOrder: 'v1' },
	};
}

/** The message the credential's test rules give for an answer with this status. */
function credentialTestMessage(status: number): string {
	const rules = (new PdfNoodleApi().test as ICredentialTestRequest).rules ?? [];
	for (const rule of rules) {
		if (rule.type === 'responseCode' && rule.properties.value === status) return rule.properties.message;
	}
	throw new Error(`The credential has no test rule for ${status}`);
}

/**
 * Waits until the credential form gives this reason for its failed test. n8n folds the
 * reason under "More details" (the banner of an earlier failure may still show meanwhile).
 */
async function showsFailureReason(form: Locator, reason: string): Promise<void> {
	const moreDetails = form.getByText('More details');
	await eventually(
		async () => {
			if (await moreDetails.isVisible()) await moreDetails.click();
			return await form.getByText(reason).isVisible();
		},
		(shown) => assert.ok(shown, `the credential form shows the reason "${reason}"`),
	);
}

const sorted = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the credential in the editor', () => {
	test('its test names a wrong API key or Base URL as the cause, and connects with the right ones', async () => {
		const page = await newPage(session);
		await page.goto('/home/credentials/create');
		const chooser = page.getByRole('dialog').filter({ hasText: 'Add new credential' });
		await chooser.getByPlaceholder('Search for app...').fill('PDF Noodle');
		await page.getByRole('option', { name: 'PDF Noodle API', exact: true }).click();
		await chooser.getByRole('button', { name: 'Continue' }).click();

		const form = page.getByRole('dialog').filter({ has: page.getByTestId('credential-connection-parameter') });
		// Password fields have no ARIA role: the inputs are found inside their parameters.
		await form.getByTestId('apiKey').locator('input').fill('not-the-key');
		await form.getByTestId('baseUrl').locator('input').fill(editor.sandbox.baseUrl);
		await form.getByRole('button', { name: 'Save' }).click();
		await shows(form.getByText(/Couldn.t connect with these settings/), 'the failed connection test');
		const wrongKey = credentialTestMessage(401);
		assert.match(wrongKey, /API key/);
		await showsFailureReason(form, wrongKey);

		await form.getByTestId('apiKey').locator('input').fill(editor.sandbox.apiKey);
		await form.getByTestId('baseUrl').locator('input').fill(`${editor.sandbox.baseUrl}/not-the-api`);
		await form.getByRole('button', { name: 'Save' }).click();
		const wrongBaseUrl = credentialTestMessage(404);
		assert.match(wrongBaseUrl, /Base URL/);
		await showsFailureReason(form, wrongBaseUrl);

		await form.getByTestId('baseUrl').locator('input').fill(editor.sandbox.baseUrl);
		await form.getByRole('button', { name: 'Save' }).click();
		await shows(form.getByText('Connection tested successfully'), 'the successful connection test');
		assert.equal(await form.getByText(wrongBaseUrl).isVisible(), false, 'the failure\'s reason is gone');
		await page.close();
	});
});

describe('the PDF Noodle node in the editor', () => {
	test('the node panel lists its actions under its four resources, and the node each resource\'s operations as README names them', async () => {
		const page = await newPage(session);
		const panel = await newManualWorkflow(page);
		await openApp(panel, 'pdf', 'PDF Noodle');
		for (const resource of RESOURCES) {
			await shows(panel.getByText(new RegExp(`^${resource} actions$`, 'i')), `the group "${resource} actions"`);
		}
		await shows(panel.getByText('Render a template with data to PDF or PNG'), 'the action "Render a template with data to PDF or PNG"');
		await screenshot(page, 'node-panel');

		await panel.getByText('Render a template with data to PDF or PNG').click();
		const details = nodeDetails(page);
		assert.deepEqual(await optionsOf(page, parameter(details, 'resource')), RESOURCES);
		const documented = operationsInReadme(RESOURCES);
		for (const resource of RESOURCES) {
			await choose(page, parameter(details, 'resource'), resource);
			const offered = await optionsOf(page, parameter(details, 'operation'));
			assert.deepEqual(sorted(offered), sorted(documented[resource]), `the operations of ${resource}`);
		}
		await page.close();
	});

	test('Render From Template: the Template picker lists and searches the templates, Map Each Variable shows their variables, Execute step outputs the PDF, the canvas names the operation', async () => {
		const page = await newPage(session);
		const panel = await newManualWorkflow(page);
		await openApp(panel, 'pdf', 'PDF Noodle');
		await panel.getByText('Render a template with data to PDF or PNG').click();
		const details = nodeDetails(page);
		await choose(page, details.getByTestId('node-credentials-select'), SANDBOX_CREDENTIAL);

		// The picker lists the account's templates, and its search box filters them.
		const { json: account } = await callApi(editor.sandbox, 'GET', '/v1/integration/templates');
		const templateNames = (account.templates as Array<{ displayName: string }>).map((template) => template.displayName);
		assert.ok(templateNames.length > 1);
		await parameter(details, 'template').getByTestId('rlc-input').click();
		const listed = page.getByTestId('rlc-item');
		await eventually(() => listed.allInnerTexts(), (shown) => assert.deepEqual(sorted(shown), sorted(templateNames)));
		await screenshot(page, 'template-picker');
		await page.getByPlaceholder('Search...').fill('cert');
		await eventually(() => listed.allInnerTexts(), (shown) => assert.deepEqual(shown, ['Certificate of Completion']));
		await listed.getByText('Certificate of Completion', { exact: true }).click();
		const chosenTemplate = parameter(details, 'template').getByRole('textbox').first();
		await eventually(() => chosenTemplate.inputValue(), (shown) => assert.equal(shown, 'Certificate of Completion'));

		// One field per variable of the template, the nested ones as dotted paths.
		await choose(page, parameter(details, 'dataMode'), 'Map Each Variable');
		const mapper = details.getByTestId('resource-mapper-container');
		for (const variable of Object.keys(CERTIFICATE_VALUES)) {
			await shows(mapper.getByText(variable, { exact: true }), `the field of the variable ${variable}`);
		}
		await eventually(() => mapper.getByRole('textbox').count(), (count) => assert.equal(count, Object.keys(CERTIFICATE_VALUES).length));
		for (const [variable, value] of Object.entries(CERTIFICATE_VALUES)) {
			await parameter(mapper, variable).getByRole('textbox').fill(value);
		}
		// The picture shows the filled fields at rest: no field focused or hovered.
		await page.locator(':focus').blur();
		await details.getByTestId('ndv-input-panel').hover();
		await mapper.scrollIntoViewIfNeeded();
		await screenshot(page, 'variable-mapper');

		const executeStep = details.getByTestId('node-execute-button');
		await executeStep.click();
		const output = details.getByTestId('output-panel');
		await shows(output.getByText('application/pdf', { exact: true }), 'a PDF in the output');
		await shows(output.getByText('data', { exact: true }), 'the binary field "data"');
		// The button has its label back once the run has ended.
		await eventually(() => executeStep.innerText(), (label) => assert.equal(label.trim(), 'Execute step'));
		await screenshot(page, 'pdf-output');

		// What was typed reached the API as the template's data, nested again, and typed as meant:
		// `false` as a boolean and `40` as a number, so that the template's condition holds.
		const render = apiRequests(editor.sandbox).findLast((request) => request.path === '/v1/pdf/sync');
		assert.ok(render, 'the step sent a render');
		const body = render.body as { templateId: string; data: unknown };
		assert.equal(body.templateId, 'certificate');
		assert.deepEqual(body.data, {
			recipient_name: 'Grace Hopper',
			course: { title: 'Compilers', hours: 40 },
			with_honors: false,
			issued_on: '1 May 2026',
		});
		// The PDF the step downloaded: the certificate without the honors line.
		const download = editor.sandbox.context.requestLog.findLast((request) => request.method === 'GET' && request.path.startsWith('/files/'));
		const file = editor.sandbox.context.files.get(String(download?.path.split('/')[2]));
		const text = await pdfText(file?.bytes ?? Buffer.alloc(0));
		assert.ok(text.includes('Grace Hopper') && text.includes('40 hours'), text);
		assert.ok(!text.includes('with honors'), text);

		// On the canvas the node is subtitled with the names the user chose, not internal values.
		await details.getByTestId('ndv-close-button').click();
		const node = page.getByTestId('canvas-node').filter({ hasText: 'Render a template with data to PDF or PNG' });
		await shows(node.getByText('Render From Template: Document', { exact: true }), 'the subtitle "Render From Template: Document"');
		await page.close();
	});

	test('Check Data Against Template: a render whose data lacks variables warns above the output; Map Automatically sends the input item\'s fields and renders', async () => {
		// A workflow whose trigger gives one item with the certificate's fields (and one more), and
		// a render that maps only the recipient's name.
		const item = { recipient_name: 'Grace Hopper', course: { title: 'Compilers', hours: 40 }, with_honors: true, issued_on: '1 May 2026', crmId: 'c-42' };
		const created = await session.context.request.post('/rest/workflows', { data: dataCheckWorkflow(item) });
		assert.ok(created.ok(), await created.text());
		const { data: workflow } = (await created.json()) as { data: { id: string } };
		const page = await newPage(session);
		await page.goto(`/workflow/${workflow.id}`);
		await page.getByTestId('canvas-node').filter({ hasText: 'Render certificate' }).dblclick();
		const details = nodeDetails(page);
		const executeStep = details.getByTestId('node-execute-button');
		await executeStep.click();
		const output = details.getByTestId('output-panel');
		await shows(output.getByText('application/pdf', { exact: true }), 'a PDF in the output');
		const warning = 'Check Data Against Template: The data of 1 document lacks template variables, which render blank: course.title, course.hours, with_honors, issued_on.';
		await shows(details.getByTestId('node-hint').getByText(warning), 'the warning above the output');
		await eventually(() => executeStep.innerText(), (label) => assert.equal(label.trim(), 'Execute step'));
		// The picture shows the panel at rest: the pointer off the buttons.
		await details.getByTestId('ndv-input-panel').hover();
		await screenshot(page, 'data-check-warning');
		const warned = apiRequests(editor.sandbox).findLast((request) => request.path === '/v1/pdf/sync');
		assert.deepEqual((warned?.body as { data: unknown }).data, { recipient_name: 'Grace Hopper' });

		// Map Automatically: the item's fields named as the variables go, crmId stays behind.
		const mapper = details.getByTestId('resource-mapper-container');
		await choose(page, mapper.getByTestId('mapping-mode-select'), 'Map Automatically');
		const rendersBefore = apiRequests(editor.sandbox).filter((request) => request.path === '/v1/pdf/sync').length;
		await executeStep.click();
		await eventually(
			async () => apiRequests(editor.sandbox).filter((request) => request.path === '/v1/pdf/sync').length,
			(count) => assert.ok(count > rendersBefore, 'the second render was sent'),
		);
		await eventually(() => executeStep.innerText(), (label) => assert.equal(label.trim(), 'Execute step'));
		const automatic = apiRequests(editor.sandbox).findLast((request) => request.path === '/v1/pdf/sync');
		assert.deepEqual((automatic?.body as { data: unknown }).data, { recipient_name: 'Grace Hopper', course: { title: 'Compilers', hours: 40 }, with_honors: true, issued_on: '1 May 2026' });
		await shows(output.getByText('application/pdf', { exact: true }), 'a PDF in the output');
		assert.equal(await details.getByTestId('node-hint').getByText(/lacks template variables/).count(), 0, 'no warning once the data fits');
		await page.close();
	});

	test('the PDF Noodle Trigger shows its production URL and its parameters, and its test URL starts a test run', async () => {
		const page = await newPage(session);
		const panel = await newWorkflow(page);
		await openApp(panel, 'pdf', 'PDF Noodle');
		await panel.getByText('On render finished').click();
		const details = nodeDetails(page);

		await details.getByText('Webhook URLs').click();
		await details.getByRole('radio', { name: 'Production URL' }).click();
		const productionUrl = new RegExp(`^${escapeRegExp(editor.url)}/webhook/[0-9a-f-]+/pdf-noodle$`);
		await shows(details.getByText(productionUrl), `the production URL (${productionUrl})`);
		await shows(details.getByText(/Copy this node's Production URL/), 'the notice on where the URL goes');
		// Version 2: one credential at a time, chosen by Authentication; confirming is the default.
		await shows(details.getByTestId('input-label').getByText('Authentication', { exact: true }), 'the parameter Authentication');
		assert.equal(await parameter(details, 'authentication').locator('input').first().inputValue(), 'Confirm With PDF Noodle');
		await shows(parameter(details, 'events').getByText('Render Finished', { exact: true }), 'the chosen event');
		await screenshot(page, 'trigger');

		assert.deepEqual(sorted(await optionsOf(page, parameter(details, 'events'))), ['Batch Finished', 'Render Finished']);
		assert.deepEqual(await optionsOf(page, parameter(details, 'statusFilter')), ['All', 'With a Success', 'With a Failure']);
		await shows(details.getByTestId('input-label').getByText('Download File', { exact: true }), 'the parameter Download File');
		assert.equal(await parameter(details, 'downloadFile').getByRole('switch').isChecked(), false, 'Download File is off by default');

		// The editor selected a PDF Noodle API credential of the account for the trigger, so each call is confirmed.
		await eventually(
			async () => await details.getByTestId('node-credentials-select').first().locator('input').first().inputValue(),
			// The newest of the account's PDF Noodle API credentials (the credential test above saved one more).
			(selected) => assert.match(selected, new RegExp(`^${escapeRegExp(SANDBOX_CREDENTIAL)}`), 'a PDF Noodle API credential, selected'),
		);
		assert.equal(await details.getByTestId('node-credentials-select').count(), 1, 'one credential picker');
		assert.deepEqual(await optionsOf(page, parameter(details, 'authentication')), ['Confirm With PDF Noodle', 'Secret Token in the URL']);

		// Listening in the editor, the trigger takes a finished render that pdf noodle delivers to its test URL.
		await details.getByRole('radio', { name: 'Test URL' }).click();
		const testUrl = (await details.getByText(/\/webhook-test\/[0-9a-f-]+\/pdf-noodle$/).innerText()).trim();
		await details.getByTestId('node-execute-button').click();
		await shows(details.getByText('Listening for test event'), 'the trigger listening');
		const { json: ack } = await callApi(editor.sandbox, 'POST', '/v1/pdf/async', { templateId: 'letter', data: {}, webhook: testUrl });
		const requestId = String(ack.requestId);
		const delivery = await eventually(
			async () => editor.sandbox.context.webhookDeliveries.find((entry) => (entry.payload as { requestId?: string }).requestId === requestId),
			(found) => assert.ok(found, 'the delivery'),
		);
		assert.deepEqual([delivery?.status, delivery?.answer], [200, { received: true, started: true }]);
		assert.ok(apiRequests(editor.sandbox).some((request) => request.path === `/v1/pdf/status/${requestId}`), 'confirmed by a status call');
		const output = details.getByTestId('output-panel');
		await shows(output.getByText(requestId, { exact: true }), 'the event in the output');
		await shows(output.getByText('render', { exact: true }), 'the kind of event');

		// On the canvas the trigger is subtitled with the chosen events' names, not their values.
		await details.getByTestId('ndv-close-button').click();
		await shows(page.getByTestId('canvas-node').getByText('Render Finished', { exact: true }), 'the subtitle "Render Finished"');
		await page.close();
	});
});

describe('an AI agent with PDF Noodle tools, in the editor', () => {
	test('the example agent\'s run shows each tool it called marked successful', async () => {
		model.script(renderAndSendTurns('Grace Hopper', 'grace@example.com', 'INV-77'));
		const answer = await axios.post(`${editor.url}/webhook/${AGENT_EXAMPLE_CHAT_PATH}`, { action: 'sendMessage', sessionId: 'ui', chatInput: 'Invoice INV-77 for Grace Hopper to grace@example.com' });
		assert.match(String(answer.data.output), /^Sent: http:/);
		assert.equal(mail.mails.length, 1);
		const execution = editor.n8n.executions().find((record) => record.workflowId === AGENT_EXAMPLE.id);
		assert.equal(execution?.status, 'success');

		const page = await newPage(session);
		await page.goto(`/workflow/${AGENT_EXAMPLE.id}/executions/${execution!.id}`);
		await shows(page.getByText('Succeeded', { exact: true }), 'the run succeeded');
		// Each tool the model called ran once and succeeded; the model was asked five times.
		for (const node of ['AI Agent', 'List templates', 'Get variables', 'Render document', 'Send email', 'OpenAI Chat Model']) {
			await shows(page.getByTestId('canvas-node').filter({ hasText: node }).getByTestId('canvas-node-status-success'), `the node "${node}" marked successful`);
		}
		await shows(page.getByTestId('edge-label').getByText('5 items total', { exact: true }), 'the model\'s five answers');
		await screenshot(page, 'agent-run');
		await page.close();
	});
});
