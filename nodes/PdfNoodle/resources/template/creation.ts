/**
 * The template creation family, in the one shape of every family of work (waiting/family.ts):
 * its plan (`CreationPlan`, `creationPlan`: the body, the reference file, the waiting with
 * `CREATION_WAIT_DEFAULTS` and the output settings, the preview's download), its work kind
 * (`CREATION_WORK`), its send and its output (`creationOutput`): `CREATIONS`, run by `runCreation`.
 */
import type { IDataObject, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { TEMPLATE_CREATION_PATH } from '../../../shared/api/endpoints';
import { recordStatusOf, STATE, succeeded } from '../../../shared/api/records';
import { requireHttpUrl, requireText } from '../../../shared/errors/validation';
import { downloadToBinary } from '../../../shared/files/download';
import { checkPdfSource, type PdfSource, pdfSourceParametersOf, REFERENCE_FILE, sourceUrl } from '../../fields/pdfSource';
import type { ItemContext } from '../../runner/itemContext';
import { type PlanOfWork, runWork, type WorkFamily } from '../../waiting/family';
import { type WaitDefaults, waitSettings } from '../../waiting/settings';
import { outcomeOfWork, sendWork, type SentWork } from '../../waiting/waiting';
import { workKindOf } from '../../waiting/workKind';

/** pdf noodle asks to poll a creation every 10 to 30 s; a creation usually takes a couple of minutes. */
export const CREATION_WAIT_DEFAULTS: WaitDefaults = { pollIntervalSeconds: 15, timeoutSeconds: 600, minPollIntervalSeconds: 10 };
/** A creation may not be in the creation queue yet right after it was accepted (404): so long that is no error. */
const NOT_IN_QUEUE_YET_MS = 30_000;

/**
 * A template being created, as the wait looks it up: the template's own lookup answers a
 * creation status record (`PENDING`/`ONGOING`, then `SUCCESS` or `FAILED`) and, once the
 * template is fully created, the template itself. The creation's answer names the lookup as
 * `fetchTemplateUrl`.
 */
export const CREATION_WORK = workKindOf('creation', CREATION_WAIT_DEFAULTS, {
	statusUrlField: 'fetchTemplateUrl',
	notFoundGraceMs: NOT_IN_QUEUE_YET_MS,
	// Asked at once, unlike the other families' first lookup, which waits one interval: waiting
	// here too would save a call per creation (CONTRIBUTING.md, What's next).
	justLookedUp: false,
});

/** Whether the new template's preview is downloaded, and into which binary field (createWithAi.ts reads it). */
export interface PreviewDownload {
	download: boolean;
	field: string;
}

/** What a creation sends, every parameter checked, how the node waits for it and whether it downloads the preview (its output settings). */
export interface CreationPlan extends PlanOfWork<PreviewDownload> {
	body: IDataObject;
	/** The reference file, uploaded (a binary) only when the plan is sent. */
	reference?: PdfSource;
}

/** The reference file, checked: a URL (none when empty), or a PDF of the input item to upload. */
async function referenceFileOf(context: ItemContext): Promise<PdfSource | undefined> {
	const parameters = pdfSourceParametersOf(REFERENCE_FILE, (name, fallback) => context.getNodeParameter(name, name === REFERENCE_FILE.choice ? 'url' : fallback));
	if (parameters.inputType === 'binary') return await checkPdfSource(context, parameters, '');
	const fileUrl = String(parameters.url ?? '').trim();
	return fileUrl === '' ? undefined : { url: requireHttpUrl(context, 'Reference File URL', fileUrl) };
}

/** The creation's plan: its prompt, name and reference file, and the waiting, all checked before anything is sent. */
export async function creationPlan(context: ItemContext, preview: PreviewDownload): Promise<CreationPlan> {
	const body: IDataObject = {
		prompt: requireText(context, 'Prompt', context.getNodeParameter('prompt')),
		displayName: requireText(context, 'Display Name', context.getNodeParameter('displayName')).trim(),
	};
	const reference = await referenceFileOf(context);
	return { body, reference, wait: waitSettings(context, CREATION_WAIT_DEFAULTS), output: preview };
}

/** Sends the creation, its reference file uploaded first, once everything is checked. */
async function sendCreation(context: ItemContext, plan: CreationPlan): Promise<SentWork> {
	const body = plan.reference ? { ...plan.body, fileUrl: await sourceUrl(context, plan.reference) } : plan.body;
	return await sendWork(context, { method: 'POST', url: TEMPLATE_CREATION_PATH, body });
}

/** A creation always goes on in the background (its ID is the new template's): the new template once waited for, else the answer. */
async function creationOutput(context: ItemContext, sent: SentWork, { wait, output }: CreationPlan): Promise<INodeExecutionData[]> {
	const outcome = await outcomeOfWork(context, CREATION_WORK, wait, sent, (answer) => String(answer.templateId ?? ''));
	return outcome.done === 'waited' ? await createdTemplateItems(context, String(outcome.answer.templateId ?? ''), outcome.record, output) : [{ json: outcome.answer }];
}

/** The template creation family: plan (`creationPlan`) → send → output. */
const CREATIONS: WorkFamily<CreationPlan> = { kind: CREATION_WORK, send: sendCreation, output: creationOutput };

/** Sends the creation and gives its output items. */
export async function runCreation(context: ItemContext, plan: CreationPlan): Promise<INodeExecutionData[]> {
	return await runWork(CREATIONS, context, plan);
}

/**
 * The created template as output, with the same fields whatever the timing: the lookup
 * answers the creation status record (with the preview URL) until the template is fully
 * created, then the template itself, which no longer names a preview (an empty URL then).
 */
function createdTemplate(final: IDataObject, displayName: string): IDataObject {
	const template = final.template as IDataObject | undefined;
	return {
		templateId: template?.id ?? final.templateId,
		displayName: template?.displayName ?? displayName,
		html: template ? (template.html ?? template.htmlTemplate) : final.templateHtml,
		status: STATE.success,
		pdfPreviewUrl: typeof final.pdfPreviewUrl === 'string' ? final.pdfPreviewUrl : '',
		metadata: (final.metadata as IDataObject | undefined) ?? {},
	};
}

/** The new template, once its creation is over (`final`, its last status): FAILED is the item's error. */
async function createdTemplateItems(context: ItemContext, templateId: string, final: IDataObject, { download, field }: PreviewDownload): Promise<INodeExecutionData[]> {
	if (final.template === undefined && !succeeded('creation', final)) {
		const reason = (final.metadata as IDataObject | undefined)?.errorMessage;
		throw new NodeApiError(context.getNode(), final as JsonObject, {
			message: `Creating the template failed: ${typeof reason === 'string' && reason ? reason : `status ${recordStatusOf('creation', final)}`}`,
			description: `templateId ${templateId}. Change the prompt and try again.`,
			itemIndex: context.getItemIndex(),
		});
	}
	const created = createdTemplate(final, String(context.getNodeParameter('displayName')));
	if (context.getNodeParameter('simplify', false) === true) delete created.html;
	const item: INodeExecutionData = { json: created };
	const previewUrl = item.json.pdfPreviewUrl;
	if (download && typeof previewUrl === 'string' && previewUrl !== '') {
		item.binary = { [field]: await downloadToBinary(context, previewUrl, undefined, `${templateId}-preview`) };
	}
	return [item];
}
