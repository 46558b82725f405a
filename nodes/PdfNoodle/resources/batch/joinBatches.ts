import type { IDataObject, IBinaryData, INodeExecutionData } from 'n8n-workflow';

import { TOOL_PATHS } from '../../../shared/api/endpoints';
import { invalidParameter } from '../../../shared/errors/validation';
import { downloadToBinary } from '../../../shared/files/download';
import { type AnswerFile, filesAsItems } from '../../../shared/files/fileOutput';
import { oneBatchLifetime } from '../../fields/renderOptions';
import { Outcome } from '../../runner/outcome';
import type { RunContext } from '../../runner/runContext';
import { runTool, type ToolPlan } from '../pdfTool/tool';
import { batchOutput, failedEntriesOf, inputsOf, pairedWith, throwOnFailedEntries } from './batchOutput';
import type { BatchToSend } from './batch';
import { type BatchOutputSettings, entriesFromList } from './fields';
import { MAX_ENTRIES } from './plan';

/** The merge tool's range of `expiration` (api-spec.md), which the one PDF's URL takes from Signed URL Lifetime. */
const TOOL_LIFETIME = { min: 60, max: 604800 };

/** How the batches' merged files become one: the merge tool's plan, the item whose parameters it uses, and its output settings. */
export interface JoinPlan {
	tool: ToolPlan;
	settingsIndex: number;
	output: BatchOutputSettings;
}

/**
 * The join of the batches' merged files, when Merge Into One PDF has more than one batch to
 * merge (entries from input items: a list per item is that item's own batch), its settings
 * checked before anything is sent; undefined when there is nothing to join. The join needs
 * every batch's finished record, so it is refused where the node would not wait for them
 * (Wait for Completion off), and where pdf noodle would post each batch, with only its own
 * merged file, to a Webhook URL. The merge tool takes any number of URLs from 2 (the spec
 * states no upper bound), so one request joins them all.
 */
export function joinPlanOf(run: RunContext, batches: BatchToSend[]): JoinPlan | undefined {
	const fromItems = !entriesFromList(run.item(0));
	if (!fromItems || batches.length < 2 || !batches.some((batch) => batch.fields.merge === true)) return undefined;
	const why = `"Merge Into One PDF" joins the ${batches.length} batches these items make (up to ${MAX_ENTRIES} documents each) into one PDF`;
	const fewerItems = `give the node at most ${MAX_ENTRIES} items per run (e.g. with a "Loop Over Items" node before it)`;
	for (const batch of batches) {
		const context = run.item(batch.settingsIndex);
		if (batch.fields.merge !== true) throw invalidParameter(context, 'Merge Into One PDF', `must be the same for every item: ${why}`);
		if (!batch.wait.waitForCompletion) {
			throw invalidParameter(context, 'Wait for Completion', `must be on: ${why} once every batch has finished`, `Turn "Wait for Completion" on, or ${fewerItems}.`);
		}
		if (batch.fields.webhook !== undefined) {
			throw invalidParameter(context, 'Webhook URL', `cannot be used: ${why}, and pdf noodle would post each batch to the webhook with only its own merged file`, `Leave "Webhook URL" empty and use this node's output, or ${fewerItems}.`);
		}
	}
	const context = run.item(batches[0].settingsIndex);
	const lifetime = oneBatchLifetime(context, batches.map((batch) => batch.fields.signedUrlExpiresIn as number | undefined), 'whose documents are merged into one PDF');
	if (lifetime !== undefined && (lifetime < TOOL_LIFETIME.min || lifetime > TOOL_LIFETIME.max)) {
		throw invalidParameter(context, 'Signed URL Lifetime (Seconds)', `must be from ${TOOL_LIFETIME.min} to ${TOOL_LIFETIME.max} (the merge tool's range), not ${lifetime}: ${why}, whose URL lasts as long`);
	}
	return { tool: { body: lifetime === undefined ? {} : { expiration: lifetime }, wait: batches[0].wait }, settingsIndex: batches[0].settingsIndex, output: batches[0].output };
}

/** A batch of a joined run with its finished record, and how many entries the batches before it had. */
interface FinishedBatch {
	batch: BatchToSend;
	record: IDataObject;
	offset: number;
}

/**
 * Sends the batches side by side (`send`: one batch in its turn, to its finished record), then
 * joins their merged files with pdf noodle's merge tool, by URL (nothing downloaded or uploaded
 * in between), in input order. Out come the one PDF's item, paired with every input item of the
 * batches, then what each batch gives besides (its documents with Also Output the Single
 * Files, its failed entries as errors of their items), as a single batch's output would.
 */
export async function renderJoined(
	run: RunContext,
	plan: JoinPlan,
	batches: BatchToSend[],
	inFlight: number,
	send: (batch: BatchToSend) => Promise<IDataObject>,
): Promise<INodeExecutionData[]> {
	const outcome = new Outcome(run);
	// Each batch's documents are numbered on from those of the batches before it, sent or not.
	const offsets = new Map(batches.map((batch, index) => [batch, batches.slice(0, index).reduce((count, before) => count + before.entries.length, 0)]));
	const settled = await outcome.settled(batches, inFlight, send, inputsOf);
	const finished: FinishedBatch[] = settled.map(({ value: batch, result: record }) => ({ batch, record, offset: offsets.get(batch) ?? 0 }));
	// Without "Continue On Fail", entries that did not render fail the node before anything is fetched or joined.
	throwOnFailedEntries(run, finished.flatMap(({ batch, record }) => failedEntriesOf(run, batch, record)));
	const documents = new Outcome(run);
	const files: Array<AnswerFile & { number: number }> = [];
	for (const { batch, record, offset } of finished) await batchOutput(run, batch, record, documents, { files, offset });
	if (finished.length > 0) await addOnePdf(run, plan, finished, files, outcome);
	outcome.add(...documents.items);
	return outcome.items;
}

/**
 * The item of the one PDF: the merge tool's result (`runTool`, as PDF Tool → Merge PDFs sends
 * and waits for it) for two or more merged files, the one file itself when the other batches
 * rendered nothing. Its JSON: `mergedUrl` (as a single batch's merged item has it), the merge
 * tool's `fileName`, `urlValidUntil` and `mergeRequestId`, and each batch's summary.
 */
async function addOnePdf(run: RunContext, plan: JoinPlan, finished: FinishedBatch[], files: Array<AnswerFile & { number: number }>, outcome: Outcome): Promise<void> {
	const context = run.item(plan.settingsIndex);
	const { field, download, fileOutput } = plan.output;
	const pairedItem = finished.flatMap(({ batch }) => pairedWith(batch));
	const urls = finished.map(({ record }) => record.mergedUrl).filter((url): url is string => typeof url === 'string' && url !== '');
	const batches = finished.map(({ record: { batchRequestId, status, total, completed, mergedUrl } }) => ({ batchRequestId, status, total, completed, mergedUrl }));
	const json: IDataObject = { mergedUrl: urls[0] ?? '', batches };
	try {
		let binary: IBinaryData | undefined;
		if (urls.length >= 2) {
			await run.nextTurn();
			const [merged] = await runTool(context, TOOL_PATHS.mergePdfs, plan.tool, { urls });
			const { requestId, url, fileName, urlValidUntil } = merged.json;
			Object.assign(json, { mergedUrl: url, fileName, urlValidUntil, mergeRequestId: requestId });
			binary = merged.binary?.[field];
		} else if (urls.length === 1 && download) {
			binary = await downloadToBinary(context, urls[0], undefined, `${String(batches.find((batch) => batch.mergedUrl === urls[0])?.batchRequestId)}-merged`);
		}
		const onOneItem = download && fileOutput === 'oneItem';
		const answer = { json, whole: binary ? { json, binary } : undefined, files };
		outcome.add(...filesAsItems(onOneItem ? 'oneItem' : 'itemPerFile', answer, field, pairedItem));
	} catch (error) {
		outcome.fail(pairedItem.map(({ item }) => item), error, { batches });
	}
}
