import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { downloadToBinary } from '../../shared/download';
import { throwOnErrorStatus } from '../../shared/errors';
import { checkPdfSource, type PdfSource, sourceUrl } from '../../shared/pdfSource';
import { awaitBackgroundWork } from '../../shared/polling';
import { requireHttpUrl, requireText } from '../../shared/validation';
import type { WaitDefaults } from '../../shared/waiting';
import { waitingFields, waitSettings } from '../../shared/waiting';
import { TEMPLATES_PATH, templatePath } from './paths';
import { pairWithInputItem } from '../../shared/pairing';

const OPERATION = 'createWithAi';
const show = { resource: ['template'], operation: [OPERATION] };

/** pdf noodle asks to poll a creation every 10 to 30 s; a creation usually takes a couple of minutes. */
export const CREATION_WAIT_DEFAULTS: WaitDefaults = { pollIntervalSeconds: 15, timeoutSeconds: 600, minPollIntervalSeconds: 10 };
/** A creation may not be in the creation queue yet right after it was accepted (404): so long that is no error. */
const NOT_IN_QUEUE_YET_MS = 30_000;

const IN_PROGRESS = ['ONGOING', 'PENDING'];

export const createWithAiOperation: INodePropertyOptions = {
	name: 'Create With AI',
	value: OPERATION,
	action: 'Create a template with AI',
	description: 'Describe a template in words; pdf noodle designs it',
	routing: {
		request: { method: 'POST', url: `${TEMPLATES_PATH}/create` },
		send: { preSend: [buildCreateBody] },
		output: { postReceive: [throwOnErrorStatus, awaitCreation, pairWithInputItem] },
	},
};

export const createWithAiFields: INodeProperties[] = [
	{
		displayName: 'Prompt',
		name: 'prompt',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: 'e.g. An invoice with our logo, the customer, a table of line items and the total',
		displayOptions: { show },
		description: 'What the template should look like and which data it shows',
	},
	{
		displayName: 'Display Name',
		name: 'displayName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Monthly Invoice',
		displayOptions: { show },
		description: 'The name of the new template',
	},
	{
		displayName: 'Reference File',
		name: 'referenceFileType',
		type: 'options',
		options: [
			{ name: 'From URL', value: 'url', description: 'A public URL of the file, or none' },
			{ name: 'From Binary Field', value: 'binary', description: 'A PDF of the input item, uploaded to pdf noodle first' },
		],
		// URL first: a workflow saved before this choice existed keeps its Reference File URL.
		default: 'url',
		displayOptions: { show },
		description: 'An example document the design should follow (optional)',
	},
	{
		displayName: 'Reference File URL',
		name: 'fileUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/old-invoice.pdf',
		displayOptions: { show: { ...show, referenceFileType: ['url'] } },
		description: 'A public URL of an example document the design should follow; leave empty for none',
	},
	{
		displayName: 'Input Binary Field',
		name: 'referenceBinaryField',
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: { show: { ...show, referenceFileType: ['binary'] } },
		hint: 'The name of the input binary field holding the reference PDF',
	},
	...waitingFields(show, CREATION_WAIT_DEFAULTS),
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		displayOptions: { show: { ...show, waitForCompletion: [true] } },
		description: 'Whether to leave out the HTML of the new template (its ID, name, status and preview stay). On by default for AI agents.',
	},
	{
		displayName: 'Download Preview PDF',
		name: 'downloadPreview',
		type: 'boolean',
		default: false,
		displayOptions: { show: { ...show, waitForCompletion: [true] } },
		description: 'Whether to download the preview that pdf noodle renders with sample data into binary data',
	},
	{
		displayName: 'Put Preview in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		displayOptions: { show: { ...show, waitForCompletion: [true], downloadPreview: [true] } },
		hint: 'The name of the output binary field to put the preview in',
	},
];

async function buildCreateBody(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body: IDataObject = {
		prompt: requireText(this, 'Prompt', this.getNodeParameter('prompt')),
		displayName: requireText(this, 'Display Name', this.getNodeParameter('displayName')).trim(),
	};
	const reference = await referenceFile(this);
	waitSettings(this, CREATION_WAIT_DEFAULTS);
	// Uploaded only once everything is checked: a refused item sends nothing.
	if (reference) body.fileUrl = await sourceUrl(this, reference);
	return { ...request, body };
}

/** The reference file, checked: a URL (none when empty), or a PDF of the input item to upload. */
async function referenceFile(context: IExecuteSingleFunctions): Promise<PdfSource | undefined> {
	if (context.getNodeParameter('referenceFileType', 'url') === 'binary') {
		const binaryPropertyName = context.getNodeParameter('referenceBinaryField', 'data') as string;
		return await checkPdfSource(context, { inputType: 'binary', binaryPropertyName }, '');
	}
	const fileUrl = String(context.getNodeParameter('fileUrl', '') ?? '').trim();
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

/**
 * Polls the new template until it is created or has failed. The lookup answers a
 * creation status record (`PENDING`/`ONGOING`, then `SUCCESS` or `FAILED`) and, once the
 * template is fully created, the template itself.
 */
async function awaitCreation(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const accepted = items[0].json;
	const templateId = String(accepted.templateId ?? '');
	const final = await awaitBackgroundWork(this, CREATION_WAIT_DEFAULTS, {
		requestId: templateId,
		statusPath: templatePath(templateId),
		statusUrl: accepted.fetchTemplateUrl,
		subject: 'template creation',
		isFinished: (body) => body.template !== undefined || !IN_PROGRESS.includes(String(body.status)),
		notFoundGraceMs: NOT_IN_QUEUE_YET_MS,
		// Looked at once, as before the other waits changed; waiting one interval first would
		// save a call per creation (README, What's next).
		justLookedUp: false,
	});
	if (!final) return items;
	if (final.template === undefined && final.status !== 'SUCCESS') {
		const reason = (final.metadata as IDataObject | undefined)?.errorMessage;
		throw new NodeApiError(this.getNode(), final as never, {
			message: `Creating the template failed: ${typeof reason === 'string' && reason ? reason : `status ${String(final.status)}`}`,
			description: `templateId ${templateId}. Change the prompt and try again.`,
			itemIndex: this.getItemIndex(),
		});
	}
	const created = createdTemplate(final, String(this.getNodeParameter('displayName')));
	if (this.getNodeParameter('simplify', false) === true) delete created.html;
	const item: INodeExecutionData = { json: created };
	const previewUrl = item.json.pdfPreviewUrl;
	if ((this.getNodeParameter('downloadPreview', false) as boolean) && typeof previewUrl === 'string' && previewUrl !== '') {
		const field = this.getNodeParameter('binaryPropertyName', 'data') as string;
		item.binary = { [field]: await downloadToBinary(this, previewUrl, undefined, `${templateId}-preview`) };
	}
	return [item];
}
