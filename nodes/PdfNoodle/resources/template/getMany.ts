import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { throwOnErrorStatus } from '../../shared/errors';
import { requireWholeNumber } from '../../shared/validation';
import { TEMPLATES_PATH } from './paths';
import { pairWithInputItem } from '../../shared/pairing';

const show = { resource: ['template'], operation: ['getMany'] };

export const getManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many templates',
	description: 'List the templates of your account, sorted by name',
	routing: {
		request: { method: 'GET', url: TEMPLATES_PATH },
		output: { postReceive: [throwOnErrorStatus, templatesAsItems, pairWithInputItem] },
	},
};

export const getManyFields: INodeProperties[] = [
	{
		displayName: 'Name Filter',
		name: 'nameFilter',
		type: 'string',
		default: '',
		placeholder: 'e.g. invoice',
		displayOptions: { show },
		description: 'Only templates whose name or ID contains this text (not case-sensitive)',
	},
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		displayOptions: { show },
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		displayOptions: { show: { ...show, returnAll: [false] } },
		description: 'Max number of results to return',
	},
];

/** One item per template `{id, displayName}`, filtered by name and limited. */
async function templatesAsItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const templates = ((items[0]?.json.templates ?? []) as IDataObject[]).filter(Boolean);
	const needle = String(this.getNodeParameter('nameFilter', '')).trim().toLowerCase();
	const matching = needle
		? templates.filter((template) => `${template.displayName ?? ''} ${template.id ?? ''}`.toLowerCase().includes(needle))
		: templates;
	const returnAll = this.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll ? matching.length : requireWholeNumber(this, 'Limit', this.getNodeParameter('limit', 50), 1);
	return matching.slice(0, limit).map((template) => ({ json: template }));
}
