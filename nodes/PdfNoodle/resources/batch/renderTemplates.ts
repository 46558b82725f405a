import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { dataCheckField } from '../../dataCheck/field';
import { renderOptionsField } from '../../fields/renderOptions';
import { templateDataFields } from '../../fields/templateData';
import { templateLocatorField } from '../../fields/templateLocator';
import type { Operation } from '../operation';
import { batchRender, resumeBatch } from './batch';
import { entriesField, FROM_ITEMS, RESOURCE } from './fields';
import { BATCH_DOCUMENT } from './plan';

const fields: INodeProperties[] = [
	...updateDisplayOptions(FROM_ITEMS, [
		templateLocatorField(),
		...templateDataFields(BATCH_DOCUMENT.data, 'The values for the template\'s variables as a JSON object, usually the whole item: {{ JSON.stringify($json) }}'),
		renderOptionsField('template', true),
	]),
	entriesField(
		'A list of 1 to 20 entries as the API takes them, e.g. [{"templateId": "invoice", "data": {"invoice_number": "1"}}]; each may also carry convertToImage, metadata, hasCover, debug, externalId, s3_bucket, s3_key',
	),
	dataCheckField(),
];

/** Batch → Render Templates: template documents in batches of up to 20, for the whole run (or paused). */
export const renderTemplates: Operation = {
	resource: RESOURCE,
	option: {
		name: 'Render Templates',
		value: 'renderTemplates',
		action: 'Render up to 20 templates with data as one batch',
		description: 'Render up to 20 template documents per batch, optionally merged into one PDF',
	},
	fields,
	forWholeRun: batchRender('template'),
	resume: resumeBatch,
};
