import type { INodeProperties } from 'n8n-workflow';

import { downloadFields } from '../../shared/download';
import { renderFromHtmlFields, renderFromHtmlOperation } from './renderFromHtml';
import { renderFromTemplateFields, renderFromTemplateOperation } from './renderFromTemplate';

const operations = [renderFromTemplateOperation, renderFromHtmlOperation];

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
	...downloadFields({
		resource: ['document'],
		operation: operations.map((operation) => operation.value as string),
	}),
];
