import type { IDataObject } from 'n8n-workflow';

import { isObject } from './compare';

/** The data "Map Automatically" sends for an item, and the item's fields it left out. */
export interface AutoMapped {
	data: IDataObject;
	/** The item's fields no variable of the template takes, as dotted paths. */
	ignored: string[];
}

/** A value as "Send Mapped Values as Text" sends it: numbers and booleans as text, the rest as it is. */
function asTextIfAsked(value: unknown, asText: boolean): unknown {
	return asText && (typeof value === 'number' || typeof value === 'boolean') ? String(value) : value;
}

/** The variable at a dotted path of the template, or undefined. */
function variableAt(variables: IDataObject, path: string[]): unknown {
	let here: unknown = variables;
	for (const key of path) {
		if (!isObject(here) || !(key in here)) return undefined;
		here = here[key];
	}
	return here;
}

function setAt(data: IDataObject, path: string[], value: unknown): void {
	let target = data;
	for (const key of path.slice(0, -1)) {
		if (!isObject(target[key])) target[key] = {};
		target = target[key] as IDataObject;
	}
	target[path[path.length - 1]] = value as IDataObject[keyof IDataObject];
}

function mapObject(variables: IDataObject, item: IDataObject, prefix: string[], asText: boolean, mapped: AutoMapped): void {
	for (const [key, value] of Object.entries(item)) {
		const path = [...prefix, key];
		if (key in variables) {
			const variable = variables[key];
			if (isObject(variable) && Object.keys(variable).length > 0 && isObject(value)) mapObject(variable, value, path, asText, mapped);
			// A value of another shape than the variable's goes as it is: the check names it.
			else setAt(mapped.data, path, Array.isArray(variable) ? value : asTextIfAsked(value, asText));
			continue;
		}
		// A field named with a dotted path ("customer.name", as a spreadsheet's column may be).
		const dotted = [...prefix, ...key.split('.')];
		const variable = key.includes('.') ? variableAt(variables, key.split('.')) : undefined;
		if (variable !== undefined && !isObject(variable) && variableAt(mapped.data, dotted) === undefined) {
			setAt(mapped.data, dotted, Array.isArray(variable) ? value : asTextIfAsked(value, asText));
			continue;
		}
		mapped.ignored.push(path.join('.'));
	}
}

/**
 * n8n's "Map Automatically" for a template: the input item's fields whose names are the
 * template's variables, nested ones by their nesting or by a field named with the dotted
 * path; every other field is left out and named. Lists go whole (the check compares their
 * entries); "Send Mapped Values as Text" turns numbers and booleans into text.
 */
export function autoMapped(variables: IDataObject, item: IDataObject, asText: boolean): AutoMapped {
	const mapped: AutoMapped = { data: {}, ignored: [] };
	mapObject(variables, item, [], asText, mapped);
	return mapped;
}
