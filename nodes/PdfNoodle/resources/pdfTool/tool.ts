/**
 * The PDF tool family, in the one shape of every family of work (waiting/family.ts): its plan
 * (`ToolPlan`, `toolPlan`: the body, the waiting with `TOOL_WAIT_DEFAULTS` and the output
 * settings), its work kind (`TOOL_WORK`), its send and its output (`toolOutput`): `TOOLS`, run
 * by `runTool`; the files it outputs are output.ts, the Tool Options common.ts.
 */
import type { IDataObject, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { failed, namedIdOf } from '../../../shared/api/records';
import { singlePdfSource, sourceUrl } from '../../fields/pdfSource';
import type { ItemContext } from '../../runner/itemContext';
import { type PlanOfWork, runWork, type WorkFamily } from '../../waiting/family';
import { type WaitDefaults, waitSettings } from '../../waiting/settings';
import { outcomeOfWork, sendWork, type SentWork } from '../../waiting/waiting';
import { workKindOf } from '../../waiting/workKind';
import { toolOptionsBody } from './common';
import { toolFiles, type ToolOutputSettings, toolOutputSettingsOf } from './output';

/** Tools finish in seconds; the API moves anything over 30 s to the background. */
export const TOOL_WAIT_DEFAULTS: WaitDefaults = { pollIntervalSeconds: 2, timeoutSeconds: 300 };

/** A PDF tool job going on in the background, as the waits and Get Status look it up. */
export const TOOL_WORK = workKindOf('tool', TOOL_WAIT_DEFAULTS);

/** What a tool sends, checked before anything is uploaded or sent, how the node waits for it and what its output is made with. */
export interface ToolPlan extends PlanOfWork<ToolOutputSettings> {
	body: IDataObject;
}

/** A tool's plan with where it goes and the PDFs' URLs, once uploaded: what its send sends. */
interface ToolJob extends ToolPlan {
	path: string;
}

/**
 * A tool's plan: its own fields (`fields`, checked by the operation) with the Tool Options read
 * back (`toolOptionsBody`: Output File Name, Run in Background, URL Lifetime) and the waiting
 * parameters, all checked.
 */
export function toolPlan(context: ItemContext, fields: IDataObject): ToolPlan {
	return { body: { ...fields, ...toolOptionsBody(context) }, wait: waitSettings(context, TOOL_WAIT_DEFAULTS), output: toolOutputSettingsOf(context) };
}

/** Sends a tool's request (its plan, `toolPlan`; `sources`: the PDFs' URLs, once uploaded) and gives its output items. */
export async function runTool(context: ItemContext, path: string, plan: ToolPlan, sources: IDataObject = {}): Promise<INodeExecutionData[]> {
	return await runWork(TOOLS, context, { ...plan, path, body: { ...sources, ...plan.body } });
}

/**
 * Runs a tool on the PDF of its Input PDF parameters: the source is checked first, then the
 * tool's own fields (`fieldsOf` reads and checks them) with the Tool Options and the waiting,
 * and only then is a binary uploaded and the tool sent with the PDF's URL.
 */
export async function runToolOnInputPdf(context: ItemContext, path: string, fieldsOf: (context: ItemContext) => IDataObject): Promise<INodeExecutionData[]> {
	const source = await singlePdfSource(context);
	const plan = toolPlan(context, fieldsOf(context));
	return await runTool(context, path, plan, { url: await sourceUrl(context, source) });
}

/** A tool job that ended FAILED: an error of its item with the service's reason. */
function toolFailedError(context: ItemContext, record: IDataObject): NodeApiError {
	const reason = (record.metadata as IDataObject | undefined)?.errorMessage;
	const requestId = namedIdOf('tool', record);
	return new NodeApiError(context.getNode(), record as JsonObject, {
		message: `The PDF tool failed: ${typeof reason === 'string' && reason ? reason : 'no reason given'}`,
		description: requestId && `requestId ${requestId}`,
		itemIndex: context.getItemIndex(),
	});
}

/**
 * What every tool does with the answer: errors first, then waiting for a tool that runs in the
 * background (an asynchronous call, or one answered 202 after 30 s), then the files. The item's
 * JSON is the tool's result in one shape whatever the timing: `requestId` (null for a
 * synchronous answer, which names none) and the answer's fields (from the background: the
 * status record's `result`, the answer the call would have given). With "Wait for Completion"
 * off, the answer of work still going is output as it is.
 */
async function toolOutput(context: ItemContext, sent: SentWork, { wait, output }: ToolPlan): Promise<INodeExecutionData[]> {
	const outcome = await outcomeOfWork(context, TOOL_WORK, wait, sent, (answer, statusCode) =>
		statusCode === 202 || (typeof answer.requestId === 'string' && answer.status === undefined) ? String(answer.requestId) : undefined,
	);
	if (outcome.done === 'atOnce') return await toolFiles(context, { requestId: null, ...outcome.answer }, output);
	if (outcome.done === 'notWaited') return await toolFiles(context, outcome.answer, output);
	if (failed('tool', outcome.record)) throw toolFailedError(context, outcome.record);
	return await toolFiles(context, { requestId: String(outcome.answer.requestId), ...((outcome.record.result ?? {}) as IDataObject) }, output);
}

/** The PDF tool family: plan (`toolPlan`) → send → output. */
const TOOLS: WorkFamily<ToolJob> = {
	kind: TOOL_WORK,
	send: async (context, job) => await sendWork(context, { method: 'POST', url: job.path, body: job.body }),
	output: toolOutput,
};
