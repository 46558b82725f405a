/**
 * Every operation words the service's error statuses for a person, whichever way it runs (for
 * each item, or for the whole run): a wrong API key says to check the credential, and an
 * operation on a template that does not exist names the template and where the IDs are.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { OPERATIONS, RESOURCES } from '../../dist/nodes/PdfNoodle/resources/index.js';
import { runPdfNoodle } from '../harness/engine';
import { exampleKey, exampleOf, templateById } from '../support/operationExamples';
import { apiRequests, credentialsFor } from '../support/sandbox';
import { useSandbox } from '../support/useSandbox';

const sandbox = useSandbox({ textRender: true });

/** The node's list of operations, each named as the editor shows it (e.g. "Document → Get Status"), with its example. */
const everyOperation = OPERATIONS.map((operation): [string, string] => {
	const resource = RESOURCES.find((candidate) => candidate.option.value === operation.resource);
	return [`${resource?.option.name} → ${operation.option.name}`, exampleKey(operation)];
});

describe('an error status, worded for a person', () => {
	test.each(everyOperation)('%s with a wrong API key says to check the credential', async (_, key) => {
		const { items, error } = await runPdfNoodle(exampleOf(key) as never, { credentials: credentialsFor(sandbox, { apiKey: 'not-the-key' }) });
		assert.equal(error?.message, 'Authorization failed: check the API key of your PDF Noodle API credential');
		assert.equal(items.length, 0);
		assert.equal(apiRequests(sandbox).length, 1, 'one request, answered 401, and nothing after it');
	});

	const onTemplates = ['document/renderFromTemplate', 'template/get', 'template/getVariables'].map((key) => everyOperation.find((operation) => operation[1] === key) ?? [key, key]);
	test.each(onTemplates)('%s names a template that does not exist and where the IDs are', async (_, key) => {
		const parameters = exampleOf(key, { template: templateById('no-such-template') });
		const { error } = await runPdfNoodle(parameters as never, { credentials: credentialsFor(sandbox) });
		assert.equal(error?.message, 'Template "no-such-template" could not be found');
		assert.match(String(error?.description), /^Check the template ID: Template → Get Many lists the templates of the account/);
	});
});
