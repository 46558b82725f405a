import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodeProperties,
} from 'n8n-workflow';

import { apiJson } from './transport';
import { requireText } from './validation';
import type { ItemContext } from './itemContext';

/** The template picker used by every operation that takes a template: from the list, or by ID. */
export function templateLocatorField(show: { [key: string]: string[] }): INodeProperties {
	return {
		displayName: 'Template',
		name: 'template',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		displayOptions: { show },
		description: 'The stored template to use',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a template...',
				typeOptions: { searchListMethod: 'searchTemplates', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. invoice',
				hint: 'The template ID as shown in pdf noodle, or the ID returned by "Create with AI"',
			},
		],
	};
}

/** The chosen template's ID. */
export function templateIdOf(context: ItemContext): string {
	const value = context.getNodeParameter('template', '', { extractValue: true });
	return requireText(context, 'Template', value).trim();
}

/** Lists the account's templates for the picker, filtered by name or ID. */
export async function searchTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const response = await apiJson(this, { method: 'GET', url: '/v1/integration/templates' });
	const templates = (response.templates ?? []) as Array<{ id: string; displayName: string }>;
	const needle = (filter ?? '').trim().toLowerCase();
	return {
		results: templates
			.filter(({ id, displayName }) => !needle || `${displayName} ${id}`.toLowerCase().includes(needle))
			.map(({ id, displayName }) => ({ name: displayName || id, value: id })),
	};
}
