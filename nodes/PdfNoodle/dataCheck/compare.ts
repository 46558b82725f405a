/** The dataCheck room: Check Data Against Template, the data against a template's variables (pdf noodle renders a missing one as nothing); its arrows: test/unit/rooms.test.ts. */
import type { IDataObject } from 'n8n-workflow';

/**
 * How data differs from a template's variables, each as dotted paths (`customer.name`), a
 * list's entries as `items[]` (`items[].description`). Every path is named once.
 */
export interface DataMismatch {
	/** Variables of the template the data lacks: they render blank. */
	missing: string[];
	/** Keys of the data the template does not use: they are not rendered. */
	unknown: string[];
	/** Where the template has a list and the data a single value (or an object). */
	listExpected: string[];
	/** Where the template has a single value (or an object of values) and the data a list. */
	valueExpected: string[];
}

export const MISMATCH_KINDS: Array<keyof DataMismatch> = ['missing', 'unknown', 'listExpected', 'valueExpected'];

export function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const join = (prefix: string, key: string) => (prefix === '' ? key : `${prefix}.${key}`);

/**
 * Every variable of a template as a path: nested ones dotted, a list's entries under `[]`
 * (`items[].description`, or `tags[]` for a list of single values). What a message lists.
 */
export function variablePaths(variables: unknown, prefix = ''): string[] {
	if (Array.isArray(variables)) {
		const [entry] = variables as unknown[];
		if (entry === undefined) return [prefix];
		return variablePaths(entry, `${prefix}[]`);
	}
	if (isObject(variables)) {
		const paths = Object.entries(variables).flatMap(([key, value]) => variablePaths(value, join(prefix, key)));
		return paths.length === 0 ? [prefix] : paths;
	}
	return [prefix];
}

/** What renders blank when a variable is not given at all: its values, or the list as one. */
function blankPaths(variable: unknown, path: string): string[] {
	if (isObject(variable) && Object.keys(variable).length > 0) {
		return Object.entries(variable).flatMap(([key, value]) => blankPaths(value, join(path, key)));
	}
	return [path];
}

class Comparison {
	readonly found = { missing: new Set<string>(), unknown: new Set<string>(), listExpected: new Set<string>(), valueExpected: new Set<string>() };

	objects(variables: IDataObject, data: IDataObject, path: string): void {
		for (const [key, variable] of Object.entries(variables)) {
			const given = data[key];
			if (given === undefined) for (const blank of blankPaths(variable, join(path, key))) this.found.missing.add(blank);
			else this.values(variable, given, join(path, key));
		}
		for (const key of Object.keys(data)) {
			if (!(key in variables) && data[key] !== undefined) this.found.unknown.add(join(path, key));
		}
	}

	values(variable: unknown, given: unknown, path: string): void {
		if (Array.isArray(variable)) {
			if (!Array.isArray(given)) {
				this.found.listExpected.add(path);
				return;
			}
			// The first entry of the template's list is the shape of every entry.
			const [shape] = variable as unknown[];
			if (shape === undefined) return;
			for (const entry of given as unknown[]) this.values(shape, entry, `${path}[]`);
			return;
		}
		if (Array.isArray(given)) {
			this.found.valueExpected.add(path);
			return;
		}
		if (isObject(variable) && Object.keys(variable).length > 0) {
			// A single value where the template reads values inside it: those render blank.
			if (isObject(given)) this.objects(variable, given, path);
			else for (const blank of blankPaths(variable, path)) this.found.missing.add(blank);
			return;
		}
		// One value expected; an object in its place would print as "[object Object]".
		if (isObject(given)) this.found.valueExpected.add(path);
	}
}

/**
 * How `data` differs from the template's `variables` (the variables endpoint's answer: the
 * structure the template reads, placeholder texts as values). A key given as null counts as
 * given: the data says there is nothing there.
 */
export function compareWithVariables(variables: IDataObject, data: IDataObject): DataMismatch {
	const comparison = new Comparison();
	comparison.objects(variables, data, '');
	const { missing, unknown, listExpected, valueExpected } = comparison.found;
	return { missing: [...missing], unknown: [...unknown], listExpected: [...listExpected], valueExpected: [...valueExpected] };
}

export function hasMismatch(mismatch: DataMismatch): boolean {
	return MISMATCH_KINDS.some((kind) => mismatch[kind].length > 0);
}
