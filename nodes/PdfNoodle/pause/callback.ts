import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { eventOf } from '../../shared/api/events';
import { isFinished, postedIdsRule, recordIdOf } from '../../shared/api/records';
import { asNodeError } from '../../shared/errors/errors';
import { confirmWithService } from '../../shared/transport/confirmation';
import { type RunContext, runContextOf } from '../runner/runContext';
import { type AwaitedWork, awaitedWorkOf, keptPlanOf } from './pause';
import type { PausedPlan } from './plan';
import { resumeWithError, resumeWithoutError } from './resumeError';
import { executeViewOfWebhook } from './webhookExecuteView';

/** The output of a paused operation, from the finished work's status record. */
export type FinishPaused = (run: RunContext, awaited: AwaitedWork, record: IDataObject, plan: PausedPlan) => Promise<INodeExecutionData[]>;

/**
 * Answers the call without resuming the execution. A `webhook` method that throws would
 * end the paused execution with that error, so a call that is not the awaited result only
 * gets an answer; the execution keeps waiting for the right one.
 */
function answerWithoutResuming(webhook: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	webhook.getResponseObject().status(status).json({ received: status < 300, resumed: false, message });
	return { noWebhookResponse: true };
}

/**
 * A call to the resume URL of an execution paused by "Pause Until Called Back". n8n has
 * already checked the URL's signature. Here:
 * 1. the body must be the result pdf noodle posts (a render result or a batch record),
 *    final, and for the very request the execution waits for;
 * 2. the result is then confirmed at the service as the trigger confirms its calls
 *    (shared/transport/confirmation.ts): looked up with the credential, and only that answer
 *    is used, so a body that imitates one cannot put files or states into the workflow;
 * 3. the output is what the polling path gives for the same items, and the execution resumes;
 *    or, where the polling path would fail the node, the node fails as the execution resumes.
 */
export async function resumeOnCallback(webhook: IWebhookFunctions, finish: FinishPaused): Promise<IWebhookResponseData> {
	const awaited = awaitedWorkOf(webhook);
	const plan = keptPlanOf(webhook);
	if (!awaited || !plan) return answerWithoutResuming(webhook, 409, 'This execution is not waiting for pdf noodle');

	const body = webhook.getBodyData();
	const event = eventOf(body);
	if (event !== awaited.kind) {
		return answerWithoutResuming(webhook, 400, `Expected the ${awaited.kind === 'render' ? 'render result' : 'batch record'} that pdf noodle posts`);
	}
	// As the trigger refuses it: no ID longer than pdf noodle issues is compared, named in an answer or looked up.
	const badId = postedIdsRule(event, body);
	if (badId) return answerWithoutResuming(webhook, 400, `${badId}; the execution keeps waiting`);
	const id = recordIdOf(event, body);
	if (id !== awaited.id) return answerWithoutResuming(webhook, 403, `This execution waits for ${awaited.kind} ${awaited.id}, not ${id}`);
	if (!isFinished(event, body)) return answerWithoutResuming(webhook, 422, `The ${event} is still ONGOING: only its final result resumes the execution`);

	const run = runContextOf(executeViewOfWebhook(webhook, plan));
	const context = run.item(0);
	// The node's own context: its Request Options (proxy, timeout) hold for the lookup as for the run's requests.
	const confirmation = await confirmWithService(context, event, body, 'leaves the execution waiting');
	if ('refusal' in confirmation) return answerWithoutResuming(webhook, confirmation.refusal.status, confirmation.refusal.message);
	const record = confirmation.record;
	const resumed = { received: true, resumed: true };
	try {
		const items = await finish(run, awaited, record, plan);
		resumeWithoutError(webhook);
		return { workflowData: [items], webhookResponse: resumed };
	} catch (error) {
		// The work failed, and the node does not continue on fail: the node fails on resume,
		// and the execution keeps what the nodes before it output (see resumeError.ts).
		const nodeError = asNodeError(context, error);
		if (!resumeWithError(webhook, nodeError)) throw nodeError;
		return { workflowData: [run.getInputData()], webhookResponse: resumed };
	}
}
