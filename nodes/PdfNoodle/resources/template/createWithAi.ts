import type { IDataObject, INodeExecutionData, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { TEMPLATE_CREATION_PATH, templatePath } from '../../../shared/api/endpoints';
import { requireHttpUrl, requireText } from '../../../shared/errors/validation';
import { downloadToBinary } from '../../../shared/files/download';
import { checkPdfSource, type PdfSource, pdfSourceFields, pdfSourceParametersOf, REFERENCE_FILE, sourceUrl } from '../../fields/pdfSource';
import type { ItemContext } from '../../runner/itemContext';
import { type WaitDefaults, waitingFields, waitSettings } from '../../waiting/settings';
import { outcomeOfWork, sendWork, type WorkKind } from '../../waiting/waiting';
import type { Operation } from '../operation';

/** pdf noodle asks to poll a creation every 10 to 30 s; a creation usually takes a couple of minutes. */
export const CREATION_WAIT_DEFAULTS: WaitDefaults = { pollIntervalSeconds: 15, timeoutSeconds: 600, minPollIntervalSeconds: 10 };
/** A creation may not be in the creation queue yet right after it was accepted (404): so long that is no error. */
const NOT_IN_QUEUE_YET_MS = 30_000;

const IN_PROGRESS = ['ONGOING', 'PENDING'];

/**
 * A template being created, as the wait looks it up: the template's own lookup answers a
 * creation status record (`PENDING`/`ONGOING`, then `SUCCESS` or `FAILED`) and, once the
 * template is fully created, the template itself.
 */
const CREATION_WORK: WorkKind = {
	subject: 'template creation',
	defaults: CREATION_WAIT_DEFAULTS,
	statusPath: templatePath,
	statusUrlField: 'fetchTemplateUrl',
	isFinished: (record) => record.template !== undefined || !IN_PROGRESS.includes(String(record.status)),
	notFoundGraceMs: NOT_IN_QUEUE_YET_MS,
	// Looked at once, as before the other waits changed; waiting one interval first would
	// save a call per creation (CONTRIBUTING.md, What's next).
	justLookedUp: false,
};

const option = {
	name: 'Create With AI',
	value: 'createWithAi',
	action: 'Create a template with AI from a description',
	description: 'Describe a template in words; pdf noodle designs it',
};

/** An example document: a URL (none when empty) or a PDF of the input item. */
const referenceFile = pdfSourceFields(REFERENCE_FILE, {
	choice: {
		displayName: 'Reference File',
		options: [
			{ name: 'From URL', value: 'url', description: 'A public URL of the file, or none' },
			{ name: 'From Binary Field', value: 'binary', description: 'A PDF of the input item, uploaded to pdf noodle first' },
		],
		// URL first: a workflow saved before this choice existed keeps its Reference File URL.
		default: 'url',
		description: 'An example document the design should follow (optional)',
	},
	url: {
		displayName: 'Reference File URL',
		placeholder: 'e.g. https://example.com/old-invoice.pdf',
		description: 'A public URL of an example document the design should follow; leave empty for none',
	},
	binary: { required: true, hint: 'The name of the input binary field holding the reference PDF' },
});

const properties: INodeProperties[] = [
	{
		displayName: 'Prompt',
		name: 'prompt',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: 'e.g. An invoice with our logo, the customer, a table of line items and the total',
		description: 'What the template should look like and which data it shows',
	},
	{
		displayName: 'Display Name',
		name: 'displayName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Monthly Invoice',
		description: 'The name of the new template',
	},
	referenceFile.choice,
	referenceFile.url,
	referenceFile.binary,
	...waitingFields(CREATION_WAIT_DEFAULTS),
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		displayOptions: { show: { waitForCompletion: [true] } },
		description: 'Whether to leave out the HTML of the new template (its ID, name, status and preview stay). On by default for AI agents.',
	},
	{
		displayName: 'Download Preview PDF',
		name: 'downloadPreview',
		type: 'boolean',
		default: false,
		displayOptions: { show: { waitForCompletion: [true] } },
		description: 'Whether to download the preview that pdf noodle renders with sample data into binary data',
	},
	{
		displayName: 'Put Preview in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		displayOptions: { show: { waitForCompletion: [true], downloadPreview: [true] } },
		hint: 'The name of the output binary field to put the preview in',
	},
];

/** The preview's download as the two fields above declare it: whether, and into which binary field. */
function previewDownloadOf(context: ItemContext): { download: boolean; field: string } {
	return { download: context.getNodeParameter('downloadPreview', false) as boolean, field: context.getNodeParameter('binaryPropertyName', 'data') as string };
}

async function createTemplate(context: ItemContext): Promise<INodeExecutionData[]> {
	const body: IDataObject = {
		prompt: requireText(context, 'Prompt', context.getNodeParameter('prompt')),
		displayName: requireText(context, 'Display Name', context.getNodeParameter('displayName')).trim(),
	};
	const reference = await referenceFileOf(context);
	const wait = waitSettings(context, CREATION_WAIT_DEFAULTS);
	// Uploaded only once everything is checked: a refused item sends nothing.
	if (reference) body.fileUrl = await sourceUrl(context, reference);
	const sent = await sendWork(context, { method: 'POST', url: TEMPLATE_CREATION_PATH, body });
	// A creation always goes on in the background: its ID is the new template's.
	const outcome = await outcomeOfWork(context, CREATION_WORK, wait, sent, (answer) => String(answer.templateId ?? ''));
	return outcome.done === 'waited' ? await createdTemplateItems(context, String(outcome.answer.templateId ?? ''), outcome.record) : [{ json: outcome.answer }];
}

/** The reference file, checked: a URL (none when empty), or a PDF of the input item to upload. */
async function referenceFileOf(context: ItemContext): Promise<PdfSource | undefined> {
	const parameters = pdfSourceParametersOf(REFERENCE_FILE, (name, fallback) => context.getNodeParameter(name, name === REFERENCE_FILE.choice ? 'url' : fallback));
	if (parameters.inputType === 'binary') return await checkPdfSource(context, parameters, '');
	const fileUrl = String(parameters.url ?? '').trim();
	return fileUrl === '' ? undefined : { url: requireHttpUrl(context, 'Reference File URL', fileUrl) };
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
		status: 'SUCCESS',
		pdfPreviewUrl: typeof final.pdfPreviewUrl === 'string' ? final.pdfPreviewUrl : '',
		metadata: (final.metadata as IDataObject | undefined) ?? {},
	};
}

/** The new template, once its creation is over (`final`, its last status): FAILED is the item's error. */
async function createdTemplateItems(context: ItemContext, templateId: string, final: IDataObject): Promise<INodeExecutionData[]> {
	if (final.template === undefined && final.status !== 'SUCCESS') {
		const reason = (final.metadata as IDataObject | undefined)?.errorMessage;
		throw new NodeApiError(context.getNode(), final as JsonObject, {
			message: `Creating the template failed: ${typeof reason === 'string' && reason ? reason : `status ${String(final.status)}`}`,
			description: `templateId ${templateId}. Change the prompt and try again.`,
			itemIndex: context.getItemIndex(),
		});
	}
	const created = createdTemplate(final, String(context.getNodeParameter('displayName')));
	if (context.getNodeParameter('simplify', false) === true) delete created.html;
	const item: INodeExecutionData = { json: created };
	const previewUrl = item.json.pdfPreviewUrl;
	const { download, field } = previewDownloadOf(context);
	if (download && typeof previewUrl === 'string' && previewUrl !== '') {
		item.binary = { [field]: await downloadToBinary(context, previewUrl, undefined, `${templateId}-preview`) };
	}
	return [item];
}

/** Template → Create With AI. */
export const createWithAi: Operation = { resource: 'template', option, fields: properties, forEachItem: createTemplate };
