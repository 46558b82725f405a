import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { batchRenderFields, RENDER_HTML, RENDER_TEMPLATES, RESOURCE } from './fields';
import { getBatchStatusFields, getBatchStatusOperation } from './getStatus';
import { renderHtmlBatches, renderTemplateBatches } from './renderBatch';

const renderTemplatesOperation: INodePropertyOptions = {
	name: 'Render Templates',
	value: RENDER_TEMPLATES,
	action: 'Render many documents from templates',
	description: 'Render up to 20 template documents per batch, optionally merged into one PDF',
};

const renderHtmlOperation: INodePropertyOptions = {
	name: 'Render HTML',
	value: RENDER_HTML,
	action: 'Render many documents from HTML',
	description: 'Render up to 20 HTML documents per batch, optionally merged into one PDF',
};

export const batchDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [RESOURCE] } },
		options: [renderTemplatesOperation, renderHtmlOperation, getBatchStatusOperation],
		default: RENDER_TEMPLATES,
	},
	...batchRenderFields,
	...getBatchStatusFields,
];

/** The batch renders need several requests per run, so they are custom operations. */
export const batchCustomOperations = {
	[RESOURCE]: {
		[RENDER_TEMPLATES]: renderTemplateBatches,
		[RENDER_HTML]: renderHtmlBatches,
	},
};
