import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { printSettingsBody, printSettingsFields } from '../../shared/printSettings';
import { renderOptionsBody, renderOptionsField } from '../../shared/renderOptions';
import { requireBodyWithinLimit, requireHttpUrl, requireText } from '../../shared/validation';
import { waitSettings } from '../../shared/waiting';
import { renderModeFields } from '../../shared/renderMode';
import { RENDER_WAIT_DEFAULTS, renderOutput } from './output';

const OPERATION = 'renderFromHtml';
const show = { resource: ['document'], operation: [OPERATION] };

export const renderFromHtmlOperation: INodePropertyOptions = {
	name: 'Render From HTML',
	value: OPERATION,
	action: 'Render a document from HTML',
	description: 'Render your own HTML to a PDF or PNG',
	routing: {
		request: {
			method: 'POST',
			// The body builder switches to the asynchronous path when Mode says so.
			url: '/v1/html-to-pdf/sync',
		},
		send: { preSend: [buildRenderFromHtmlBody] },
		output: { postReceive: renderOutput },
	},
};

export const renderFromHtmlFields: INodeProperties[] = [
	{
		displayName: 'HTML',
		name: 'html',
		type: 'string',
		typeOptions: { editor: 'htmlEditor' },
		required: true,
		default: '',
		displayOptions: { show },
		description: 'The complete HTML document to render',
	},
	...renderModeFields('document', [OPERATION]),
	printSettingsFields('printSettings', 'Print Settings', show),
	renderOptionsField(show, 'html'),
];

async function buildRenderFromHtmlBody(
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body: IDataObject = { html: requireText(this, 'HTML', this.getNodeParameter('html')) };
	// "Pause Until Called Back" sends asynchronously too; the node gives the webhook itself.
	const mode = this.getNodeParameter('mode', 'sync');
	if (mode === 'async') {
		body.webhook = requireHttpUrl(this, 'Webhook URL', this.getNodeParameter('webhook', ''));
	}
	const pdfParams = printSettingsBody(this, 'printSettings', 'Print Settings');
	if (pdfParams) body.pdfParams = pdfParams;
	Object.assign(body, renderOptionsBody(this, 'html'));
	waitSettings(this, RENDER_WAIT_DEFAULTS);
	requireBodyWithinLimit(this, 'HTML', body);
	return { ...request, url: mode === 'sync' ? '/v1/html-to-pdf/sync' : '/v1/html-to-pdf/async', body };
}
