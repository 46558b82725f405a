import type { IDataObject } from 'n8n-workflow';

import { mappedAsText, type TemplateDataNames, templateDataOf, templateDataParameter, templateDataSourceOf } from '../fields/templateData';
import type { ItemContext } from '../runner/itemContext';
import { autoMapped } from './autoMap';
import { templateDataChecksOf } from './dataChecks';

/** A document's data as it will be sent, and what its item's `dataCheck` says (nothing when all fits). */
export interface CheckedData {
	data: IDataObject;
	dataCheck?: IDataObject;
}

/**
 * The item's data as the Data parameters give it without asking pdf noodle (as JSON, or each
 * variable mapped), checked for bad input; undefined with Map Automatically, whose data
 * depends on the template's variables.
 */
export function knownTemplateData(context: ItemContext, names: TemplateDataNames): IDataObject | undefined {
	return templateDataSourceOf(context, names) === 'autoMapInputData' ? undefined : templateDataOf(context, names);
}

/**
 * The item's data for `templateId` (`known`, or mapped automatically from the input item),
 * checked against the template's variables as "Check Data Against Template" says. Refused
 * data throws, before anything is sent.
 */
export async function checkedTemplateData(context: ItemContext, names: TemplateDataNames, templateId: string, known: IDataObject | undefined): Promise<CheckedData> {
	const checks = templateDataChecksOf(context);
	const parameter = templateDataParameter(templateDataSourceOf(context, names));
	if (known !== undefined) return { data: known, dataCheck: await checks.check(context, { templateId, data: known, parameter }) };
	const variables = await checks.variablesOf(context, templateId);
	const { data, ignored } = autoMapped(variables, context.getInputData()?.json ?? {}, mappedAsText(context, names));
	return { data, dataCheck: await checks.check(context, { templateId, data, parameter, ignored }) };
}

/** Output items with the document's `dataCheck` on their JSON, when there is one. */
export function withDataCheck<Item extends { json: IDataObject }>(items: Item[], dataCheck: IDataObject | undefined): Item[] {
	return dataCheck ? items.map((item) => ({ ...item, json: { ...item.json, dataCheck } })) : items;
}
