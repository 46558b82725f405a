import type { INodeProperties } from 'n8n-workflow';

import { downloadFields } from '../../shared/download';
import { waitingFields } from '../../shared/waiting';
import { getStatusFields, getStatusOperation } from './getStatus';
import { RENDER_WAIT_DEFAULTS } from './output';
import { renderFromHtmlFields, renderFromHtmlOperation } from './renderFromHtml';
import { renderFromTemplateFields, renderFromTemplateOperation } from './renderFromTemplate';

const operations = [renderFromTemplateOperation, renderFromHtmlOperation, getStatusOperation];
const renderOperations = [renderFromTemplateOperation.value as string, renderFromHtmlOperation.value as string];

export const documentDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['document'] } },
		options: operations,
		default: 'renderFromTemplate',
	},
	...renderFromTemplateFields,
	...renderFromHtmlFields,
	...getStatusFields,
	...waitingFields({ resource: ['document'], operation: renderOperations }, RENDER_WAIT_DEFAULTS, { hasMode: true }),
	...downloadFields({
		resource: ['document'],
		operation: operations.map((operation) => operation.value as string),
	}),
];
