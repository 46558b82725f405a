import type { IDataObject, INodeProperties, ResourceMapperField } from 'n8n-workflow';

import { invalidParameter, requireJsonObject } from '../../shared/errors/validation';
import type { ItemContext } from '../runner/itemContext';
import { dataFromMappedVariables } from './variables';

/** The parameter names of one "Data" group: the choice, the JSON, the mapper and its "as text" switch. */
export interface TemplateDataNames {
	mode: string;
	json: string;
	mapper: string;
	asText: string;
}

/**
 * The template's data as a whole JSON object, or one field per variable of the chosen
 * template (n8n's resource mapper, fed by `getTemplateVariableFields`). Render From Template
 * and batch entries from input items offer the same fields.
 */
export function templateDataFields(names: TemplateDataNames, jsonDescription: string): INodeProperties[] {
	return [
		{
			displayName: 'Data',
			name: names.mode,
			type: 'options',
			options: [
				{ name: 'JSON', value: 'json', description: 'Give the whole data object as JSON' },
				{ name: 'Map Each Variable', value: 'map', description: 'One field per variable of the chosen template' },
			],
			default: 'json',
		},
		{
			displayName: 'Data (JSON)',
			name: names.json,
			type: 'json',
			required: true,
			default: '{}',
			displayOptions: { show: { [names.mode]: ['json'] } },
			description: jsonDescription,
		},
		{
			displayName: 'Variables',
			name: names.mapper,
			type: 'resourceMapper',
			noDataExpression: true,
			default: { mappingMode: 'defineBelow', value: null },
			required: true,
			displayOptions: { show: { [names.mode]: ['map'] } },
			typeOptions: {
				loadOptionsDependsOn: ['template.value'],
				resourceMapper: {
					resourceMapperMethod: 'getTemplateVariableFields',
					mode: 'add',
					fieldWords: { singular: 'variable', plural: 'variables' },
					valuesLabel: 'Variables',
					addAllFields: true,
					// "Map Automatically" takes the input item's fields named as the template's
					// variables (dataCheck/autoMap.ts), as n8n's database nodes take columns.
					supportAutoMap: true,
				},
			},
			description:
				"The template's variables; nested ones as dotted paths (customer.name). Map Automatically sends the input item's fields named as the variables (nested, or named with the dotted path) and leaves the others out. Typed text that is JSON goes as that type (true, false, null, 42, 9.5, a list or an object); other text as text (01234, +49 30 1234, 1,5, 10.00). A value from an expression keeps its type. A list takes an expression that gives an array, or JSON text.",
		},
		{
			displayName: 'Send Mapped Values as Text',
			name: names.asText,
			type: 'boolean',
			default: false,
			displayOptions: { show: { [names.mode]: ['map'] } },
			description:
				'Whether to send every mapped value as text, for templates that want text: typed true or 40 then go as "true" and "40", and numbers and booleans from expressions or from the input item (Map Automatically) as text too. Lists stay lists.',
		},
	];
}

/** How the item's data is given: as JSON, mapped field by field, or mapped automatically from the input item. */
export type TemplateDataSource = 'json' | 'defineBelow' | 'autoMapInputData';

export function templateDataSourceOf(context: ItemContext, names: TemplateDataNames): TemplateDataSource {
	if (context.getNodeParameter(names.mode, 'json') !== 'map') return 'json';
	const mappingMode = context.getNodeParameter(`${names.mapper}.mappingMode`, 'defineBelow');
	if (mappingMode === 'defineBelow' || mappingMode === 'autoMapInputData') return mappingMode;
	throw invalidParameter(context, 'Variables', `must be mapped below or automatically, not "${String(mappingMode)}"`);
}

/** The parameter that holds the item's data, as a refusal names it. */
export function templateDataParameter(source: TemplateDataSource): string {
	return source === 'json' ? 'Data (JSON)' : 'Variables';
}

/** Whether "Send Mapped Values as Text" is on. */
export function mappedAsText(context: ItemContext, names: TemplateDataNames): boolean {
	return context.getNodeParameter(names.asText, false) as boolean;
}

/** The data object of the current item, given as JSON or mapped field by field (not automatically: dataCheck/checkedData.ts). */
export function templateDataOf(context: ItemContext, names: TemplateDataNames): IDataObject {
	if (templateDataSourceOf(context, names) === 'defineBelow') {
		const schema = (context.getNodeParameter(`${names.mapper}.schema`, []) ?? []) as ResourceMapperField[];
		return dataFromMappedVariables(context, {
			// Unvalidated: n8n's own check of a list field words its refusal without the rule; mappedValues.ts says it.
			values: (context.getNodeParameter(`${names.mapper}.value`, {}, { skipValidation: true }) ?? {}) as IDataObject,
			stored: (context.getNodeParameter(`${names.mapper}.value`, {}, { rawExpressions: true }) ?? {}) as IDataObject,
			fieldTypes: new Map(schema.map((field) => [field.id, String(field.type ?? 'string')])),
			asText: mappedAsText(context, names),
		});
	}
	return requireJsonObject(context, 'Data (JSON)', context.getNodeParameter(names.json));
}
