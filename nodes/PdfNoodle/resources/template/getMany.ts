import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { TEMPLATES_PATH } from '../../../shared/api/endpoints';
import { requireWholeNumber } from '../../../shared/errors/validation';
import { apiJsonWithinRateLimit } from '../../../shared/transport/rateLimit';
import type { ItemContext } from '../../runner/itemContext';
import type { Operation } from '../operation';

const option = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many templates',
	description: 'List the templates of your account, sorted by name',
};

const properties: INodeProperties[] = [
	{
		displayName: 'Name Filter',
		name: 'nameFilter',
		type: 'string',
		default: '',
		placeholder: 'e.g. invoice',
		description: 'Only templates whose name or ID contains this text (not case-sensitive)',
	},
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		displayOptions: { show: { returnAll: [false] } },
		description: 'Max number of results to return',
	},
];

/** One item per template `{id, displayName}`, filtered by name and limited. */
async function listTemplates(context: ItemContext): Promise<INodeExecutionData[]> {
	const needle = String(context.getNodeParameter('nameFilter', '')).trim().toLowerCase();
	const returnAll = context.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll ? Infinity : requireWholeNumber(context, 'Limit', context.getNodeParameter('limit', 50), 1);
	const answer = await apiJsonWithinRateLimit(context, { method: 'GET', url: TEMPLATES_PATH });
	const templates = ((answer.templates ?? []) as IDataObject[]).filter(Boolean);
	const matching = needle
		? templates.filter((template) => `${template.displayName ?? ''} ${template.id ?? ''}`.toLowerCase().includes(needle))
		: templates;
	return matching.slice(0, limit).map((template) => ({ json: template }));
}

/** Template → Get Many. */
export const getMany: Operation = { resource: 'template', option, fields: properties, forEachItem: listTemplates };
