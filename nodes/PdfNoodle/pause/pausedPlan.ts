import type { IDataObject, INodeExecutionData, IWorkflowExecutionCustomData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { FILE_OUTPUT } from '../../shared/files/fileOutput';
import type { RunContext } from '../runner/runContext';
import { REQUESTS_AT_ONCE_PARAMETER } from '../runner/requestsAtOnce';
import { packedPlan, type PausedPlan, unpackedPlan } from './planText';

export type { PausedPlan } from './planText';

/**
 * The parameters read when the output is built (the operation, the file, its name and field,
 * the batch's output options, the requests' options), and nothing else: a parameter not kept here is not
 * read on resume (the webhook's view answers its fallback, as n8n does for a parameter the
 * operation does not have).
 */
export const RESUME_PARAMETERS = ['resource', 'operation', 'requestOptions', REQUESTS_AT_ONCE_PARAMETER, 'downloadFile', 'binaryPropertyName', 'fileName', FILE_OUTPUT, 'batchOptions'];

/** The custom data entries holding the plan, in order: n8n keeps at most 512 characters in one. */
const PLAN_KEY = 'pdfNoodlePlan';
const CHARACTERS_PER_ENTRY = 512;
/** n8n keeps at most 10 custom data entries per execution; one names the awaited request. */
const MOST_PLAN_ENTRIES = 8;
const CUSTOM_DATA_ENTRIES = 10;

function planKey(part: number): string {
	return part === 0 ? PLAN_KEY : `${PLAN_KEY}${part + 1}`;
}

/** Each parameter's value for every input item, as the paused run evaluates it. */
function parametersOf(run: RunContext): PausedPlan['parameters'] {
	const parameters: PausedPlan['parameters'] = {};
	const count = run.getInputData().length;
	for (const name of RESUME_PARAMETERS) {
		const values: unknown[] = [];
		try {
			for (let itemIndex = 0; itemIndex < count; itemIndex++) values.push(run.getNodeParameter(name, itemIndex));
		} catch {
			// The operation has no such parameter: on resume its fallback holds, as now.
			continue;
		}
		// n8n answered no value: on resume the reader's fallback holds, as now.
		if (values.every((value) => value === undefined)) continue;
		const first = JSON.stringify(values[0]);
		parameters[name] = values.every((value) => JSON.stringify(value) === first) ? { all: values[0] } : { each: values };
	}
	return parameters;
}

/**
 * What the resume needs of the documents sent (each one's input item and data check, in the
 * order the request lists them), of the items refused before sending, and of the output's
 * parameters; `settings`: the item whose settings a batch took, where that is not its first.
 */
export function pausedPlanOf(run: RunContext, sent: Array<{ itemIndex: number; dataCheck?: IDataObject }>, refused: INodeExecutionData[], settings?: number): PausedPlan {
	const plan: PausedPlan = { sent: sent.map(({ itemIndex }) => itemIndex), parameters: parametersOf(run) };
	if (settings !== undefined) plan.settings = settings;
	if (refused.length > 0) plan.refused = refused;
	if (sent.some(({ dataCheck }) => dataCheck)) plan.checks = sent.map(({ dataCheck }) => dataCheck ?? null);
	return plan;
}

/**
 * Keeps the plan in the execution's custom data, before the request is sent: where it does
 * not fit, nothing is sent and the node says why.
 */
export function rememberPlan(run: RunContext, customData: IWorkflowExecutionCustomData, plan: PausedPlan): void {
	const text = packedPlan(plan);
	const parts: string[] = [];
	for (let start = 0; start < text.length; start += CHARACTERS_PER_ENTRY) parts.push(text.slice(start, start + CHARACTERS_PER_ENTRY));
	const others = Object.keys(customData.getAll()).filter((key) => !key.startsWith(PLAN_KEY));
	const room = Math.min(MOST_PLAN_ENTRIES, CUSTOM_DATA_ENTRIES - others.length - 1);
	if (parts.length > room) {
		throw new NodeOperationError(run.getNode(), 'Mode "Pause Until Called Back" cannot keep what these items send with the execution', {
			description: `The execution keeps the items' plan in its custom data: ${text.length} characters, ${parts.length} entries of ${CHARACTERS_PER_ENTRY} needed, ${Math.max(room, 0)} free. What takes the room is mostly the File Name of each item and each document's data check. Send fewer items per run (e.g. with a "Loop Over Items" node), shorten File Name, or choose another Mode. Nothing was sent to pdf noodle.`,
		});
	}
	parts.forEach((part, index) => customData.set(planKey(index), part));
	// An earlier pause of the same execution may have kept a longer plan: its tail is cleared.
	for (let part = parts.length; part < MOST_PLAN_ENTRIES; part++) {
		if (customData.get(planKey(part)) !== undefined) customData.set(planKey(part), '');
	}
	if (planOf(customData) === undefined) {
		throw new NodeOperationError(run.getNode(), 'Mode "Pause Until Called Back" could not keep what these items send with the execution', {
			description: "n8n did not keep the execution's custom data as given. Choose another Mode. Nothing was sent to pdf noodle.",
		});
	}
}

/** The plan the paused run kept, or undefined where there is none (or it is not whole). */
export function planOf(customData: IWorkflowExecutionCustomData | undefined): PausedPlan | undefined {
	if (!customData) return undefined;
	let text = '';
	for (let part = 0; part < MOST_PLAN_ENTRIES; part++) {
		const value = customData.get(planKey(part));
		if (value === undefined || value === '') break;
		text += String(value);
	}
	return unpackedPlan(text);
}

/** A kept parameter's value for one item, or `fallbackValue` where the run kept none. */
export function keptParameter(plan: PausedPlan, name: string, itemIndex: number, fallbackValue: unknown): unknown {
	const kept = plan.parameters[name];
	if (!kept) return fallbackValue;
	if ('all' in kept) return kept.all ?? fallbackValue;
	return kept.each[itemIndex] ?? fallbackValue;
}
