import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/**
 * Values read item by item, by key: one value where every item that has one agrees (`all`),
 * else each input item's (`each`, null for an item without one).
 */
export type KeptValues = Record<string, { all: unknown } | { each: unknown[] }>;

/**
 * What a paused run decided, kept with the execution so that its resume builds the output
 * from it instead of planning the items again (their expressions, `$now` included, would be
 * evaluated anew, and the data of each template looked up again):
 * - `sent`: the input item of each document sent, in the order the request lists them
 *   (at most 20: one render, or one batch);
 * - `settings`: the item whose settings the batch took (its first);
 * - `refused`: the error items of the items refused before sending (under Continue On Fail);
 * - `checks`: each sent document's `dataCheck`, where it has one;
 * - `output`: each sent item's output settings as the operation read them when it planned
 *   (a render's Download File, its field and File Name; a batch's also its Files and Also
 *   Output the Single Files), by the reader's keys;
 * - `node`: the node's settings (Request Options, Requests at Once) as the run read them.
 * pausedPlan.ts keeps it; planText.ts writes it compactly, every value once, so that an
 * ordinary run of 20 items takes a few of the entries n8n gives (docs/waiting-and-pausing.md).
 */
export interface PausedPlan {
	sent: number[];
	settings?: number;
	refused?: INodeExecutionData[];
	checks?: Array<IDataObject | null>;
	output: KeptValues;
	node: KeptValues;
}
