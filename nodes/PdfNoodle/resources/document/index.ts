import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { downloadFields } from '../../fields/fields';
import type { FinishPaused } from '../../pause/callback';
import { eachItem, type RunOperation } from '../../runner/runner';
import { waitingFields } from '../../waiting/settings';
import * as getStatus from './getStatus';
import { pausableRender, resumeRenders } from './pause';
import { RENDER_WAIT_DEFAULTS } from './render';
import * as renderFromHtml from './renderFromHtml';
import * as renderFromTemplate from './renderFromTemplate';

const RESOURCE = 'document';
const renders = [renderFromTemplate.option.value as string, renderFromHtml.option.value as string];

export const documentDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [RESOURCE] } },
		options: [renderFromTemplate.option, renderFromHtml.option, getStatus.option],
		default: 'renderFromTemplate',
	},
	...renderFromTemplate.description,
	...renderFromHtml.description,
	...getStatus.description,
	...updateDisplayOptions({ show: { resource: [RESOURCE], operation: renders } }, waitingFields(RENDER_WAIT_DEFAULTS, { hasMode: true })),
	...updateDisplayOptions({ show: { resource: [RESOURCE], operation: [...renders, getStatus.option.value as string] } }, downloadFields()),
];

/** How each operation runs: the renders for each item (or paused, all together), Get Status for each item. */
export const documentOperations: Record<string, RunOperation> = {
	renderFromTemplate: pausableRender('template', renderFromTemplate.request, eachItem(renderFromTemplate.execute)),
	renderFromHtml: pausableRender('html', renderFromHtml.request, eachItem(renderFromHtml.execute)),
	getStatus: eachItem(getStatus.execute),
};

/** How each render outputs its result when pdf noodle's call resumes a paused execution. */
export const documentResumes: Record<string, FinishPaused> = {
	renderFromTemplate: resumeRenders(renderFromTemplate.request),
	renderFromHtml: resumeRenders(renderFromHtml.request),
};
