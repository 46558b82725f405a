import type { IHookFunctions, INode, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../shared/transport/transport';
import type { Protections } from './receive';
import { SECRET_CREDENTIAL } from './secret';

/**
 * Which protections a call to the trigger goes through, by version. Version 2 has one
 * credential at a time, named by its Authentication: the PDF Noodle API credential confirms
 * each call, or the secret's token guards the URL. Version 1 has both side by side: each one
 * selected turns its protection on (the confirmation unless Confirm With PDF Noodle is off).
 */

export const AUTHENTICATION = 'authentication';
export type Authentication = 'confirmWithService' | 'secretToken';
/** Version 1's parameter that turns the confirmation off (it is on when the API credential is selected). */
export const CONFIRM = 'confirmWithService';

const CREDENTIAL_OF: Record<Authentication, { type: string; name: string }> = {
	confirmWithService: { type: CREDENTIAL_TYPE, name: 'PDF Noodle API' },
	secretToken: { type: SECRET_CREDENTIAL, name: 'PDF Noodle Trigger Secret API' },
};

const selected = (node: INode, type: string) => Boolean(node.credentials?.[type]);

export function protectionsOf(webhook: IWebhookFunctions): Protections {
	const node = webhook.getNode();
	if (node.typeVersion < 2) {
		return { token: selected(node, SECRET_CREDENTIAL), confirm: selected(node, CREDENTIAL_TYPE) && (webhook.getNodeParameter(CONFIRM, true) as boolean) };
	}
	const authentication = webhook.getNodeParameter(AUTHENTICATION, 'confirmWithService') as Authentication;
	return { token: authentication === 'secretToken', confirm: authentication === 'confirmWithService' };
}

/** Whether the trigger checks the secret's token: version 1 with the secret selected, version 2 by its Authentication. */
export function usesSecret(hook: IHookFunctions): boolean {
	const node = hook.getNode();
	if (node.typeVersion < 2) return selected(node, SECRET_CREDENTIAL);
	return hook.getNodeParameter(AUTHENTICATION, 'confirmWithService') === 'secretToken';
}

/**
 * Refuses to activate a version-2 trigger without the credential its Authentication names:
 * it would refuse every call (the credentials are not `required` in the description, since
 * version 1, in the same description, runs with either alone).
 */
export function assertCredentialOfAuthentication(hook: IHookFunctions): void {
	const node = hook.getNode();
	if (node.typeVersion < 2) return;
	const needed = CREDENTIAL_OF[hook.getNodeParameter(AUTHENTICATION, 'confirmWithService') as Authentication];
	if (selected(node, needed.type)) return;
	throw new NodeOperationError(node, `The trigger has no ${needed.name} credential`, {
		description: 'Every call would be refused. Select one, as its Authentication asks.',
	});
}
