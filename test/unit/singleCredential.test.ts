/**
 * n8n's rule `single-credential-per-node` ("A node can use only one credential at a time. Use
 * mutually exclusive displayOptions for alternative authentication methods."), checked for its
 * intent on what n8n loads: the built description of every node, at every version it has. n8n's
 * rule reads the source's object literals; this asks n8n's own `displayParameter`, for every
 * setting of the parameters the credentials' display options name, which credentials the editor
 * shows and n8n lets the node read, so that `hide`, `@version` and helpers count as they run.
 */
import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import type { INodeParameters, INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';
import { PdfNoodleTrigger } from '../../dist/nodes/PdfNoodleTrigger/PdfNoodleTrigger.node.js';

const versionsOf = (description: INodeTypeDescription): number[] => (Array.isArray(description.version) ? description.version : [description.version]);

/** The values a parameter can take that the check tries: every option, both booleans, else its default. */
function valuesOf(property: INodeProperties): unknown[] {
	const options = (property.options ?? []) as INodePropertyOptions[];
	if (property.type === 'options') return options.map((option) => option.value);
	if (property.type === 'multiOptions') return [...options.map((option) => [option.value]), options.map((option) => option.value)];
	if (property.type === 'boolean') return [true, false];
	return [property.default];
}

/** Every setting of the named parameters (as shown at `version`), over the version's defaults. */
function settings(description: INodeTypeDescription, version: number, names: string[]): INodeParameters[] {
	const node = { typeVersion: version };
	const defaults = NodeHelpers.getNodeParameters(description.properties, {}, true, false, node, description) ?? {};
	let all: INodeParameters[] = [defaults];
	for (const name of names) {
		const shown = description.properties.filter((property) => property.name === name && NodeHelpers.displayParameter(defaults, property, node, description));
		if (shown.length === 0) continue;
		const values = [...new Set(shown.flatMap(valuesOf).map((value) => JSON.stringify(value)))].map((value) => JSON.parse(value) as INodeParameters[string]);
		all = all.flatMap((setting) => values.map((value) => ({ ...setting, [name]: value })));
	}
	return all;
}

/**
 * The credentials of `description` that are shown together at some setting of its parameters,
 * per version: `[]` for a version that uses one credential at a time.
 */
export function credentialsShownTogether(description: INodeTypeDescription): Array<{ version: number; credentials: string[] }> {
	const credentials = description.credentials ?? [];
	const names = [...new Set(credentials.flatMap((credential) => Object.keys({ ...credential.displayOptions?.show, ...credential.displayOptions?.hide })))].filter((name) => !name.startsWith('@'));
	const found: Array<{ version: number; credentials: string[] }> = [];
	for (const version of versionsOf(description)) {
		for (const setting of settings(description, version, names)) {
			const shown = credentials.filter((credential) => NodeHelpers.displayParameter(setting, credential, { typeVersion: version }, description)).map((credential) => credential.name);
			if (shown.length > 1) {
				found.push({ version, credentials: shown });
				break;
			}
		}
	}
	return found;
}

const trigger = new PdfNoodleTrigger().description;

test('every version of every node but the trigger\'s version 1 uses one credential at a time', () => {
	assert.deepEqual(credentialsShownTogether(new PdfNoodle().description), []);
	assert.deepEqual(versionsOf(trigger), [1, 2]);
	assert.deepEqual(credentialsShownTogether(trigger), [{ version: 1, credentials: ['pdfNoodleApi', 'pdfNoodleTriggerApi'] }]);
});

test('version 2 shows the one credential its Authentication names', () => {
	const shown = (authentication: string) =>
		(trigger.credentials ?? []).filter((credential) => NodeHelpers.displayParameter({ authentication }, credential, { typeVersion: 2 }, trigger)).map((credential) => credential.name);
	assert.deepEqual(shown('confirmWithService'), ['pdfNoodleApi']);
	assert.deepEqual(shown('secretToken'), ['pdfNoodleTriggerApi']);
});

test('the check finds two credentials shown together: the trigger as its version 1 was built before version 2', () => {
	// The trigger's description up to this change, in what the check reads: one version, two credentials, no display options.
	const before: INodeTypeDescription = {
		...trigger,
		version: 1,
		defaultVersion: undefined,
		credentials: [
			{ name: 'pdfNoodleApi', required: false },
			{ name: 'pdfNoodleTriggerApi', required: false, testedBy: 'pdfNoodleTriggerSecretTest' },
		],
		properties: trigger.properties.filter((property) => property.name !== 'authentication'),
	};
	assert.deepEqual(credentialsShownTogether(before), [{ version: 1, credentials: ['pdfNoodleApi', 'pdfNoodleTriggerApi'] }]);
	// Display options that only look exclusive: shown for one value, but hidden for none.
	const overlapping: INodeTypeDescription = {
		...trigger,
		credentials: [
			{ name: 'pdfNoodleApi', displayOptions: { show: { authentication: ['confirmWithService', 'secretToken'] } } },
			{ name: 'pdfNoodleTriggerApi', displayOptions: { show: { authentication: ['secretToken'] } } },
		],
	};
	assert.deepEqual(credentialsShownTogether(overlapping), [{ version: 2, credentials: ['pdfNoodleApi', 'pdfNoodleTriggerApi'] }]);
});
