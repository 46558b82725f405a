import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { FinishPaused } from '../../pause/callback';
import { eachItem, type RunOperation } from '../../runner/runner';
import { batchRenderFields, RENDER_HTML, RENDER_TEMPLATES, RESOURCE } from './fields';
import * as getStatus from './getStatus';
import { batchRender, resumeBatch } from './renderBatch';

const renderTemplatesOption: INodePropertyOptions = {
	name: 'Render Templates',
	value: RENDER_TEMPLATES,
	action: 'Render up to 20 templates with data as one batch',
	description: 'Render up to 20 template documents per batch, optionally merged into one PDF',
};

const renderHtmlOption: INodePropertyOptions = {
	name: 'Render HTML',
	value: RENDER_HTML,
	action: 'Render up to 20 HTML documents as one batch',
	description: 'Render up to 20 HTML documents per batch, optionally merged into one PDF',
};

export const batchDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [RESOURCE] } },
		options: [renderTemplatesOption, renderHtmlOption, getStatus.option],
		default: RENDER_TEMPLATES,
	},
	...batchRenderFields,
	...getStatus.description,
];

/** How each operation runs: the renders as batches of the whole run, Get Status for each item. */
export const batchOperations: Record<string, RunOperation> = {
	[RENDER_TEMPLATES]: batchRender('template'),
	[RENDER_HTML]: batchRender('html'),
	getStatus: eachItem(getStatus.execute),
};

/** How each render outputs its result when pdf noodle's call resumes a paused execution. */
export const batchResumes: Record<string, FinishPaused> = {
	[RENDER_TEMPLATES]: resumeBatch('template'),
	[RENDER_HTML]: resumeBatch('html'),
};
