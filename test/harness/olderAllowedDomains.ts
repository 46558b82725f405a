/**
 * n8n-workflow's `getCredentialAllowedDomains` in the shapes it had before n8n-workflow 2.36.4 /
 * 2.37.1 (credentialOwnedSurface, nodeEndpointUrl), put in place of the real one for the test
 * file that imports this module first (before the engine and the node load n8n-workflow):
 * Jest's mock registry holds for every later `require('n8n-workflow')` of the file, n8n's own
 * included. Everything else of n8n-workflow is the real module. The shapes are written from
 * the published packages' behaviour (test/engine/allowedDomains.test.ts says which versions).
 */
import { jest } from '@jest/globals';
import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';

export type AllowedDomainsHelper = (...args: unknown[]) => string | undefined;

/** n8n-workflow 2.20.0 to 2.22.0 (and 1.120.31): the credential data as the first argument. */
function credentialDataFirst(credentialData: unknown): string | undefined {
	const data = credentialData as ICredentialDataDecryptedObject | undefined;
	if (data?.allowedHttpRequestDomains !== 'domains' || typeof data.allowedDomains !== 'string') return undefined;
	return data.allowedDomains.trim() || undefined;
}

/** n8n-workflow 2.22.3 to 2.37.0: an options object, without the node's own endpoint. */
function withoutOwnSurface(options: unknown): string | undefined {
	const { node, credentialData, surface = 'HTTP Request' } = options as { node: INode; credentialData: ICredentialDataDecryptedObject; surface?: string };
	// n8n-workflow's own error class, as that helper throws it.
	const { NodeOperationError } = jest.requireActual<typeof import('n8n-workflow')>('n8n-workflow');
	if (credentialData.allowedHttpRequestDomains === 'none') {
		throw new NodeOperationError(node, `This credential is configured to prevent use within an ${surface} node`);
	}
	if (credentialData.allowedHttpRequestDomains !== 'domains') return undefined;
	const list = typeof credentialData.allowedDomains === 'string' ? credentialData.allowedDomains.trim() : '';
	if (list === '') throw new NodeOperationError(node, 'No allowed domains specified. Configure allowed domains or change restriction setting.');
	return list;
}

/** Each older shape, named by the n8n releases that ship it. */
export const ALLOWED_DOMAINS_SHAPES: Array<[string, AllowedDomainsHelper]> = [
	['({ node, credentialData }) of n8n 2.22.6 and 2.23.0 to 2.37.1', withoutOwnSurface as AllowedDomainsHelper],
	['(credentialData) of n8n 2.20.0 to 2.22.0 and 1.123.81', credentialDataFirst as AllowedDomainsHelper],
];

let current: AllowedDomainsHelper = withoutOwnSurface as AllowedDomainsHelper;

/** The shape n8n-workflow's helper has from now on in this test file. */
export function useAllowedDomainsShape(helper: AllowedDomainsHelper): void {
	current = helper;
}

jest.mock('n8n-workflow', () => ({
	...jest.requireActual<object>('n8n-workflow'),
	getCredentialAllowedDomains: (...args: unknown[]) => current(...args),
}));
