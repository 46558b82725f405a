import type { IDataObject, INodeExecutionData, IWorkflowExecutionCustomData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { NODE_SETTINGS } from '../runner/nodeSettings';
import type { RunContext } from '../runner/runContext';
import type { KeptValues, PausedPlan } from './plan';
import { packedPlan, unpackedPlan } from './planText';

/** The documents a pause sends: each one's input item (in the request's order) and what its data check found. */
export type SentDocuments = Array<{ itemIndex: number; dataCheck?: IDataObject }>;

/** The custom data entries holding the plan, in order: n8n keeps at most 512 characters in one. */
const PLAN_KEY = 'pdfNoodlePlan';
const CHARACTERS_PER_ENTRY = 512;
/** n8n keeps at most 10 custom data entries per execution; one names the awaited request. */
const MOST_PLAN_ENTRIES = 8;
const CUSTOM_DATA_ENTRIES = 10;

function planKey(part: number): string {
	return part === 0 ? PLAN_KEY : `${PLAN_KEY}${part + 1}`;
}

/**
 * Values read item by item as kept: by key, one value where every item that has values agrees.
 * `perItem` holds each input item's values (undefined: none, e.g. an item not sent).
 */
export function keptValuesOf(perItem: Array<Record<string, unknown> | undefined>): KeptValues {
	const kept: KeptValues = {};
	const keys = new Set(perItem.flatMap((values) => Object.keys(values ?? {})));
	for (const key of keys) {
		const each = perItem.map((values) => (values && values[key] !== undefined ? values[key] : null));
		const present = each.filter((_, itemIndex) => perItem[itemIndex]?.[key] !== undefined);
		const first = JSON.stringify(present[0]);
		kept[key] = present.every((value) => JSON.stringify(value) === first) ? { all: present[0] } : { each };
	}
	return kept;
}

/** One item's values as `keptValuesOf` kept them. */
export function keptValuesFor(kept: KeptValues, itemIndex: number): Record<string, unknown> {
	return Object.fromEntries(Object.entries(kept).map(([key, value]) => [key, 'all' in value ? value.all : (value.each[itemIndex] ?? undefined)]));
}

/** Each node setting (`NODE_SETTINGS`) as the paused run evaluates it, item by item. */
function nodeSettingsOf(run: RunContext): KeptValues {
	const perItem = run.getInputData().map((_, itemIndex) => {
		const values: Record<string, unknown> = {};
		for (const { name, default: fallbackValue } of NODE_SETTINGS) values[name] = run.getNodeParameter(name, itemIndex, fallbackValue);
		return values;
	});
	return keptValuesOf(perItem);
}

/**
 * What the resume needs of the documents sent (each one's input item and data check, in the
 * order the request lists them), of the items refused before sending, of each sent item's
 * output settings (`outputs`, by input item, as the operation read them) and of the node's
 * settings; `settings`: the item whose settings a batch took, where that is not its first.
 */
export function pausedPlanOf(run: RunContext, sent: SentDocuments, refused: INodeExecutionData[], outputs: Map<number, object>, settings?: number): PausedPlan {
	const output = keptValuesOf(run.getInputData().map((_, itemIndex) => outputs.get(itemIndex) as Record<string, unknown> | undefined));
	const plan: PausedPlan = { sent: sent.map(({ itemIndex }) => itemIndex), output, node: nodeSettingsOf(run) };
	if (settings !== undefined && settings !== plan.sent[0]) plan.settings = settings;
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

/** The output settings the paused run read for one input item, with the type its operation reads them as. */
export function keptOutputOf<Settings>(plan: PausedPlan, itemIndex: number): Settings {
	return keptValuesFor(plan.output, itemIndex) as Settings;
}
