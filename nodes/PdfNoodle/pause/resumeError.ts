import type { IExecuteData, IExecuteFunctions, IWebhookFunctions, NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * The error a paused node fails with when its execution resumes.
 *
 * n8n resumes a paused execution in two ways, and on its own neither lets the node fail well:
 * - when the Timeout passes without a call back, n8n treats the paused node as it treats the
 *   Wait node: skipped, its input items passed on as if it had succeeded. For a render that
 *   hides that no PDF came;
 * - when the node's `webhook` throws (a FAILED render without "Continue On Fail"), n8n ends the
 *   execution with that error but drops the output of every node before it.
 *
 * n8n's engine has one way to fail a node on resume: an error left on the node's entry of the
 * execution stack (`resumeError` in the task metadata, n8n-workflow's ITaskMetadata), which it
 * raises when the execution resumes, with the node's "On Error" setting applied and the other
 * nodes' output kept. n8n sets it itself for an Execute Workflow node whose sub-workflow failed
 * while it waited. So the pause leaves the timeout's error there, and the call back replaces it
 * with the render's error or takes it away.
 */

/** The node's stack entry as an n8n context holds it: the field n8n's contexts share. */
function stackEntryHeldBy(context: IExecuteFunctions | IWebhookFunctions): IExecuteData | undefined {
	// Not in IWebhookFunctions: its context holds the entry all the same (n8n-core's
	// NodeExecutionContext), and only through it can a call back reach the entry.
	const entry = (context as unknown as { executeData?: IExecuteData }).executeData;
	return entry !== null && typeof entry === 'object' ? entry : undefined;
}

/**
 * Leaves on the paused node the error its Timeout ends in. Only where the call back will be
 * able to take it away again (the contexts hold the stack entry as n8n 2.x's do); elsewhere
 * n8n's own behaviour stays: the input items pass on.
 */
export function failAtDeadline(n8n: IExecuteFunctions, error: NodeOperationError): void {
	if (stackEntryHeldBy(n8n) !== n8n.getExecuteData()) return;
	n8n.setMetadata({ resumeError: error });
}

/** The call back resumes the node with its output: the timeout's error comes off. */
export function resumeWithoutError(webhook: IWebhookFunctions): void {
	const metadata = stackEntryHeldBy(webhook)?.metadata;
	if (metadata) delete metadata.resumeError;
}

/**
 * The call back resumes the node to fail with `error`. False where the stack entry is out of
 * reach: the webhook must then throw, n8n's other way to fail it.
 */
export function resumeWithError(webhook: IWebhookFunctions, error: NodeApiError | NodeOperationError): boolean {
	const entry = stackEntryHeldBy(webhook);
	if (!entry) return false;
	entry.metadata = { ...entry.metadata, resumeError: error };
	return true;
}
