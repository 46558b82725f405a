/**
 * The tools `npm run bench:tools` measures: one per operation of the node's list (`OPERATIONS`),
 * each set as the operation's example (test/support/operationExamples.ts: what it needs to send
 * its request and finish against the sandbox). Both lists are kept whole by the unit layer, so a
 * new operation is measured without an edit here.
 */
import { OPERATIONS, RESOURCES } from '../dist/nodes/PdfNoodle/resources/index.js';
import { type ExampleWorld, exampleKey, exampleOf } from '../test/support/operationExamples';

/**
 * The parameters whose workflow default is measured beside the agent's: Simplify, on for an
 * agent (nodes/PdfNoodle/fields/toolDefaults.ts), which leaves a template's HTML out. Named by
 * parameter, not by operation: every operation that shows it gets the second call.
 */
const WORKFLOW_DEFAULTS_MEASURED = ['simplify'];

export interface Measured {
	/** The operation as the node panel names it: "Resource → Operation". */
	operation: string;
	/** Parameters of the tool node (the agent's defaults apply to what is not set). */
	parameters: Record<string, unknown>;
	/** The same operation with the node's workflow defaults, where they differ for agents. */
	workflowDefaults?: Record<string, unknown>;
}

/** One tool per operation, in `world` (PDFs the sandbox serves, work it has started). */
export function measuredTools(world: ExampleWorld): Measured[] {
	return OPERATIONS.map((operation) => {
		const resource = RESOURCES.find((candidate) => candidate.option.value === operation.resource)!;
		const differing = operation.fields.filter((field) => WORKFLOW_DEFAULTS_MEASURED.includes(field.name));
		return {
			operation: `${resource.option.name} → ${operation.option.name}`,
			parameters: exampleOf(exampleKey(operation), {}, world),
			...(differing.length > 0 && { workflowDefaults: Object.fromEntries(differing.map((field) => [field.name, field.default])) }),
		};
	});
}
