import type { INodeProperties } from 'n8n-workflow';

import { createWithAiFields, createWithAiOperation } from './createWithAi';
import { getFields, getOperation } from './get';
import { getManyFields, getManyOperation } from './getMany';
import { getVariablesFields, getVariablesOperation } from './getVariables';

export const templateDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['template'] } },
		options: [createWithAiOperation, getOperation, getManyOperation, getVariablesOperation],
		default: 'getMany',
	},
	...getManyFields,
	...getFields,
	...getVariablesFields,
	...createWithAiFields,
];
