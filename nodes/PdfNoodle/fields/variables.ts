import type {
	IDataObject,
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { templateVariablesPath } from '../../shared/api/endpoints';
import { invalidParameter } from '../../shared/errors/validation';
import { apiJson } from '../../shared/transport/transport';
import type { ItemContext } from '../runner/itemContext';
import { mappedValue } from './mappedValues';

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
	const variables = await apiJson(this, { method: 'GET', url: templateVariablesPath(templateId) });
	return {
		fields: variableFields(variables),
		emptyFieldsNotice: 'This template has no variables',
	};
}

/** What "Map Each Variable" holds: the values (resolved and as stored) and the fields' schema. */
export interface MappedVariables {
	/** The values, expressions resolved for the item. */
	values: IDataObject;
	/** The same values as stored in the workflow: an expression starts with "=". */
	stored: IDataObject;
	/** Each field's type as the mapper's schema stores it (`array` for a list). */
	fieldTypes: Map<string, string>;
	/** The node's "Send Mapped Values as Text". */
	asText: boolean;
}

/**
 * Whether a mapped field is a list: as the schema says, or, for a field the schema does not
 * know (a workflow written by hand or by an API), when its text starts like one.
 */
function isListField(type: string | undefined, raw: unknown): boolean {
	return type === undefined ? typeof raw === 'string' && raw.trim().startsWith('[') : type === 'array';
}

/**
 * The data object of mapped variables: each value typed as mappedValues.ts says, and
 * dotted paths nested into objects again. An empty field is left out.
 */
export function dataFromMappedVariables(context: ItemContext, mapped: MappedVariables): IDataObject {
	const data: IDataObject = {};
	for (const [path, raw] of Object.entries(mapped.values)) {
		if (raw === undefined || raw === null || raw === '') continue;
		const stored = mapped.stored[path];
		const typed = mappedValue(raw, {
			fromExpression: typeof stored === 'string' && stored.startsWith('='),
			asText: mapped.asText,
			isList: isListField(mapped.fieldTypes.get(path), raw),
		});
		if ('refusal' in typed) throw invalidParameter(context, `Variables → ${path}`, typed.refusal);
		const keys = path.split('.');
		let target = data;
		for (const key of keys.slice(0, -1)) {
			if (target[key] === undefined || typeof target[key] !== 'object' || Array.isArray(target[key])) target[key] = {};
			target = target[key] as IDataObject;
		}
		target[keys[keys.length - 1]] = typed.value as IDataObject[keyof IDataObject];
	}
	return data;
}
