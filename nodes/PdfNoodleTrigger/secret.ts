import { createHash, timingSafeEqual } from 'crypto';
import type { ICredentialsDecrypted, ICredentialTestFunctions, IDataObject, IHookFunctions, INodeCredentialTestResult, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The optional credential with the token; the description names it literally, for the linter's check. */
export const SECRET_CREDENTIAL = 'pdfNoodleTriggerApi';

function sameSecret(given: string, expected: string): boolean {
	// Hashing first gives equal lengths, so the comparison time says nothing about the token.
	const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
	return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Whether the call's `?token=` is the secret credential's token. No credential selected, a
 * credential that cannot be read (it throws: n8n answers 500) or an empty token (a bare
 * `?token=` would pass) never let a call through.
 */
export async function tokenAccepted(webhook: IWebhookFunctions): Promise<boolean> {
	if (!webhook.getNode().credentials?.[SECRET_CREDENTIAL]) return false;
	const { token } = await webhook.getCredentials<{ token?: unknown }>(SECRET_CREDENTIAL);
	const given = (webhook.getQueryData() as IDataObject).token;
	return typeof token === 'string' && token !== '' && typeof given === 'string' && sameSecret(given, token);
}

/** Fewer characters than this can be guessed: the token is all that keeps strangers off the trigger's URL. */
export const MIN_TOKEN_LENGTH = 16;

/** Why a token does not protect the trigger, or undefined when it does. */
export function weakTokenReason(token: unknown): string | undefined {
	if (typeof token !== 'string' || token === '') return 'The Secret Token is empty: the trigger would refuse every call';
	if (token.length < MIN_TOKEN_LENGTH) {
		return `The Secret Token has ${token.length} characters: use at least ${MIN_TOKEN_LENGTH} random ones, so that it cannot be guessed`;
	}
	return undefined;
}

/**
 * The credential test of the PDF Noodle Trigger Secret API. pdf noodle never sees the token (it
 * only calls the URL it was given), so there is no request to try: the test judges the token
 * itself, as n8n shows when the credential is saved.
 */
export async function pdfNoodleTriggerSecretTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const reason = weakTokenReason(credential.data?.token);
	return reason ? { status: 'Error', message: reason } : { status: 'OK', message: 'The token is long enough to protect the trigger' };
}

/**
 * Refuses to activate a trigger whose secret credential's token does not protect it
 * (`weakTokenReason`): an empty one would refuse every call pdf noodle makes, and the workflow
 * would silently never start; a short one can be guessed, and the token is all that keeps
 * strangers off the trigger's URL. n8n shows the credential test's verdict only when the
 * credential is saved, so the refusal is made here too, naming the credential.
 */
export async function assertSecretStrong(hook: IHookFunctions): Promise<void> {
	const selected = hook.getNode().credentials?.[SECRET_CREDENTIAL];
	if (!selected) return;
	const { token } = await hook.getCredentials<{ token?: unknown }>(SECRET_CREDENTIAL);
	const reason = weakTokenReason(token);
	if (!reason) return;
	throw new NodeOperationError(hook.getNode(), `PDF Noodle Trigger Secret API credential "${selected.name}": ${reason}`, {
		description: `Give the credential a random token of at least ${MIN_TOKEN_LENGTH} characters, and add it to the Webhook URL as ?token=…`,
	});
}
