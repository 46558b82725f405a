import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { withDocumentFiles } from '../../fields/documentFiles';
import { BATCH_HTML_SOURCE, documentSourceFields } from '../../fields/documentSource';
import { printSettingsFields } from '../../fields/printSettings';
import { renderOptionsField } from '../../fields/renderOptions';
import type { Operation } from '../operation';
import { batchRender, resumeBatch } from './batch';
import { entriesField, FROM_ITEMS, RESOURCE } from './fields';

const fields: INodeProperties[] = [
	...updateDisplayOptions(FROM_ITEMS, [
		...documentSourceFields(BATCH_HTML_SOURCE, {
			displayName: 'HTML',
			name: 'documentHtml',
			type: 'string',
			typeOptions: { editor: 'htmlEditor' },
			required: true,
			default: '',
			description: 'The HTML of this item\'s document',
		}),
		printSettingsFields('printSettings', 'Print Settings'),
		renderOptionsField('html', true),
	]),
	entriesField(
		'A list of 1 to 20 entries as the API takes them, e.g. [{"html": "<h1>One</h1>"}]; each may also carry pdfParams, convertToImage, metadata, hasCover, debug, s3_bucket, s3_key',
	),
];

/** Batch → Render HTML: HTML documents in batches of up to 20, for the whole run (or paused). */
export const renderHtml: Operation = {
	resource: RESOURCE,
	option: {
		name: 'Render HTML',
		value: 'renderHtml',
		action: 'Render up to 20 HTML documents as one batch',
		description: 'Render up to 20 HTML documents per batch, optionally merged into one PDF',
	},
	fields,
	forWholeRun: withDocumentFiles(BATCH_HTML_SOURCE, batchRender('html')),
	resume: resumeBatch,
};
