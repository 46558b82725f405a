import type {
	IDataObject,
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { apiJson } from './transport';
import { invalidParameter } from './validation';
import type { ItemContext } from './itemContext';

/**
 * One mapper field per variable of a template: nested objects become dotted paths
 * (`customer.name`), lists stay whole and are given as JSON.
 */
export function variableFields(variables: IDataObject, prefix = ''): ResourceMapperField[] {
	return Object.entries(variables).flatMap(([key, value]): ResourceMapperField[] => {
		const id = prefix ? `${prefix}.${key}` : key;
		if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
			return variableFields(value as IDataObject, id);
		}
		return [
			{
				id,
				displayName: id,
				required: false,
				defaultMatch: false,
				display: true,
				type: Array.isArray(value) ? 'array' : 'string',
			},
		];
	});
}

/** The template's variables as resource mapper fields, for "Map Each Variable". */
export async function getTemplateVariableFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const templateId = String(this.getNodeParameter('template', '', { extractValue: true }) ?? '').trim();
	if (templateId === '') return { fields: [], emptyFieldsNotice: 'Choose a template first' };
	const variables = await apiJson(this, {
		method: 'GET',
		url: `/v1/integration/templates/${encodeURIComponent(templateId)}/variables`,
	});
	return {
		fields: variableFields(variables),
		emptyFieldsNotice: 'This template has no variables',
	};
}

/**
 * The data object of mapped variables: dotted paths become nested objects again, and a
 * list given as JSON text is parsed.
 */
export function dataFromMappedVariables(context: ItemContext, mapped: IDataObject): IDataObject {
	const data: IDataObject = {};
	for (const [path, raw] of Object.entries(mapped)) {
		if (raw === undefined || raw === null || raw === '') continue;
		let value: unknown = raw;
		const looksLikeList = typeof raw === 'string' && raw.trim().startsWith('[');
		if (looksLikeList) {
			try {
				value = JSON.parse(raw as string);
			} catch {
				throw invalidParameter(context, `Variables → ${path}`, 'must be a JSON list, e.g. [{"description": "Gear"}]');
			}
		}
		const keys = path.split('.');
		let target = data;
		for (const key of keys.slice(0, -1)) {
			if (target[key] === undefined || typeof target[key] !== 'object' || Array.isArray(target[key])) target[key] = {};
			target = target[key] as IDataObject;
		}
		target[keys[keys.length - 1]] = value as IDataObject[keyof IDataObject];
	}
	return data;
}
