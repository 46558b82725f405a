import type { IN8nHttpFullResponse, ILoadOptionsFunctions, INodeListSearchResult, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { TEMPLATES_PATH } from '../../shared/api/endpoints';
import { serviceMessageOf } from '../../shared/errors/errors';
import { requireText } from '../../shared/errors/validation';
import { apiJson } from '../../shared/transport/transport';
import type { ItemContext } from '../runner/itemContext';

/** The template picker used by every operation that takes a template: from the list, or by ID. */
export function templateLocatorField(): INodeProperties {
	return {
		displayName: 'Template',
		name: 'template',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
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

/**
 * What an operation on a template does first with the answer: a 404 names the template and
 * where to find the right ID, so that a person, or a model calling the node as a tool, knows
 * what to do next. `templateId`: the one asked for when it is not the Template parameter's (a batch entry's).
 */
export function throwOnMissingTemplate(context: ItemContext, response: IN8nHttpFullResponse, templateId?: string): void {
	if (response.statusCode !== 404) return;
	const serviceMessage = serviceMessageOf(response.body) ?? 'Not found';
	// The service's reason when it says more than "could not be found" (e.g. still being created).
	const reason = serviceMessage.replace(/^template could not be found:?\s*/i, '');
	throw new NodeApiError(context.getNode(), response.body && typeof response.body === 'object' ? (response.body as JsonObject) : { message: serviceMessage }, {
		httpCode: '404',
		message: `Template "${templateId ?? templateIdOf(context)}" could not be found${reason === '' ? '' : `: ${reason}`}`,
		description: `Check the template ID: Template → Get Many lists the templates of the account (a template being created with AI is found once its creation is done). pdf noodle answered: ${serviceMessage}`,
		itemIndex: context.getItemIndex(),
	});
}

/** Lists the account's templates for the picker, filtered by name or ID. */
export async function searchTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const response = await apiJson(this, { method: 'GET', url: TEMPLATES_PATH });
	const templates = (response.templates ?? []) as Array<{ id: string; displayName: string }>;
	const needle = (filter ?? '').trim().toLowerCase();
	return {
		results: templates
			.filter(({ id, displayName }) => !needle || `${displayName} ${id}`.toLowerCase().includes(needle))
			.map(({ id, displayName }) => ({ name: displayName || id, value: id })),
	};
}
