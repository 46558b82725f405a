import type { Resource } from '../operation';
import { createWithAi } from './createWithAi';
import { get } from './get';
import { getMany } from './getMany';
import { getVariables } from './getVariables';

/** Template: its operations, each with its own fields only. */
export const templateResource: Resource = {
	option: { name: 'Template', value: 'template' },
	operations: [createWithAi, get, getMany, getVariables],
	defaultOperation: getMany,
	fields: [getMany, get, getVariables, createWithAi],
};
