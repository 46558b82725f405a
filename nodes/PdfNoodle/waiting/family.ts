/**
 * The one shape of every family of work (renders, document/render.ts; batches, batch/batch.ts;
 * PDF tool jobs, pdfTool/tool.ts; template creations, template/creation.ts), as a type the
 * compiler checks: a plan made first, every parameter checked, with how the node waits for the
 * work (read with the family's waiting defaults) and what its output is made with; then its
 * send, then its output of what the send and the wait gave, each taking the same arguments.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import type { ItemContext } from '../runner/itemContext';
import type { RunContext } from '../runner/runContext';
import type { WaitSettings } from './settings';
import type { SentWork } from './waiting';
import type { WorkKind } from './workKind';

/** What every family's plan holds besides its request: the waiting, and the output settings read with the rest. */
export interface PlanOfWork<OutputSettings = unknown> {
	wait: WaitSettings;
	output: OutputSettings;
}

/**
 * A family: its work kind (where its status is looked up, when it is over, its waiting
 * defaults), its send (`sendWork`, waiting/waiting.ts, with the family's request) and its
 * output (through `outcomeOfWork`). `Context` is an item's, or for a batch, which answers for
 * several items, the node run's.
 */
export interface WorkFamily<Plan extends PlanOfWork, Context extends ItemContext | RunContext = ItemContext> {
	kind: WorkKind;
	send(context: Context, plan: Plan): Promise<SentWork>;
	output(context: Context, sent: SentWork, plan: Plan): Promise<INodeExecutionData[]>;
}

/** A plan sent and output by its family: plan → send → output. */
export async function runWork<Plan extends PlanOfWork, Context extends ItemContext | RunContext>(family: WorkFamily<Plan, Context>, context: Context, plan: Plan): Promise<INodeExecutionData[]> {
	return await family.output(context, await family.send(context, plan), plan);
}
