import type { INodeProperties } from 'n8n-workflow';

import { eachItem, type RunOperation } from '../../runner/runner';
import * as createWithAi from './createWithAi';
import * as get from './get';
import * as getMany from './getMany';
import * as getVariables from './getVariables';

export const templateDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['template'] } },
		options: [createWithAi.option, get.option, getMany.option, getVariables.option],
		default: 'getMany',
	},
	...getMany.description,
	...get.description,
	...getVariables.description,
	...createWithAi.description,
];

/** How each operation runs: each for each item. */
export const templateOperations: Record<string, RunOperation> = {
	createWithAi: eachItem(createWithAi.execute),
	get: eachItem(get.execute),
	getMany: eachItem(getMany.execute),
	getVariables: eachItem(getVariables.execute),
};
