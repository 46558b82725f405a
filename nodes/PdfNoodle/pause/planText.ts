import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { KeptValues, PausedPlan } from './plan';

/*
 * A paused plan as the text kept in the execution's custom data (pausedPlan.ts stores it),
 * written compactly: n8n keeps at most 512 characters in an entry, and the plan has 8 of them.
 */

/**
 * Kept values, every one once: a value every item agrees on once (`p`), the others item by
 * item (`e`), texts (File Name) as what they share at the start and the end and each item's
 * middle (`t`, null for an item without one).
 */
interface PackedValues {
	p?: Record<string, unknown>;
	e?: Record<string, unknown[]>;
	t?: Record<string, [string, string, Array<string | null>]>;
}

/**
 * The plan as kept: item indexes as runs ("0-19", "4*3" for one item's three list entries);
 * the output settings (`o`) and the node's settings (`n`) as `PackedValues`; equal error items
 * and data checks once with the items (or positions in `sent`) they are of, a check as its
 * values alone where it has the keys of the first (`k`).
 */
interface PackedPlan {
	s: string;
	b?: number;
	o: PackedValues;
	n: PackedValues;
	r?: Array<[IDataObject, string]>;
	k?: string[];
	c?: Array<[IDataObject | unknown[], string]>;
}

function isText(value: unknown): boolean {
	return typeof value === 'string';
}

function packedValues(values: KeptValues): PackedValues {
	const packed: PackedValues = {};
	for (const [name, kept] of Object.entries(values)) {
		if ('all' in kept) (packed.p ??= {})[name] = kept.all;
		else if (kept.each.some(isText) && kept.each.every((value) => isText(value) || value === null)) (packed.t ??= {})[name] = sharedEnds(kept.each as Array<string | null>);
		else (packed.e ??= {})[name] = kept.each;
	}
	return packed;
}

function unpackedValues(packed: PackedValues): KeptValues {
	const values: KeptValues = {};
	for (const [name, value] of Object.entries(packed.p ?? {})) values[name] = { all: value };
	for (const [name, each] of Object.entries(packed.e ?? {})) values[name] = { each };
	for (const [name, [start, end, middles]] of Object.entries(packed.t ?? {})) values[name] = { each: middles.map((middle) => (middle === null ? null : start + middle + end)) };
	return values;
}

export function packedPlan(plan: PausedPlan): string {
	const packed: PackedPlan = { s: indexRuns(plan.sent), o: packedValues(plan.output), n: packedValues(plan.node) };
	if (plan.settings !== undefined && plan.settings !== plan.sent[0]) packed.b = plan.settings;
	if (plan.refused?.length) packed.r = groupedByValue(plan.refused.map((item) => [item.json, pairedIndexOf(item)]));
	const checks = (plan.checks ?? []).flatMap((check, position): Array<[IDataObject, number]> => (check ? [[check, position]] : []));
	if (checks.length > 0) {
		const keys = Object.keys(checks[0][0]);
		packed.k = keys;
		packed.c = groupedByValue(checks).map(([check, runs]) => [sameKeys(check, keys) ? keys.map((key) => check[key]) : check, runs]);
	}
	return JSON.stringify(packed);
}

/** The plan `packedPlan` kept, or undefined where the text is none (or not whole). */
export function unpackedPlan(text: string): PausedPlan | undefined {
	let packed: PackedPlan;
	try {
		packed = JSON.parse(text) as PackedPlan;
	} catch {
		return undefined;
	}
	if (typeof packed?.s !== 'string' || typeof packed.o !== 'object' || typeof packed.n !== 'object') return undefined;
	const sent = indexesOfRuns(packed.s);
	const plan: PausedPlan = { sent, output: unpackedValues(packed.o), node: unpackedValues(packed.n) };
	if (packed.b !== undefined) plan.settings = packed.b;
	if (packed.r) plan.refused = packed.r.flatMap(([json, runs]) => indexesOfRuns(runs).map((item) => ({ json, pairedItem: { item } })));
	if (packed.c) {
		const keys = packed.k ?? [];
		const checks: Array<IDataObject | null> = sent.map(() => null);
		for (const [check, runs] of packed.c) {
			const whole = Array.isArray(check) ? (Object.fromEntries(keys.map((key, index) => [key, check[index]])) as IDataObject) : check;
			for (const position of indexesOfRuns(runs)) checks[position] = whole;
		}
		plan.checks = checks;
	}
	return plan;
}

function sameKeys(value: IDataObject, keys: string[]): boolean {
	const own = Object.keys(value);
	return own.length === keys.length && own.every((key, index) => key === keys[index]);
}

/** Texts as the start they all share, the end they all share, and each one's middle (null stays null). */
function sharedEnds(values: Array<string | null>): [string, string, Array<string | null>] {
	const texts = values.filter((value): value is string => value !== null);
	const first = texts[0] ?? '';
	let start = first.length;
	for (const text of texts) {
		start = Math.min(start, text.length);
		while (start > 0 && !text.startsWith(first.slice(0, start))) start--;
	}
	const rests = texts.map((text) => text.slice(start));
	const firstRest = rests[0] ?? '';
	let end = firstRest.length;
	for (const rest of rests) {
		end = Math.min(end, rest.length);
		while (end > 0 && !rest.endsWith(firstRest.slice(firstRest.length - end))) end--;
	}
	const middles = values.map((value) => (value === null ? null : value.slice(start, value.length - end)));
	return [first.slice(0, start), firstRest.slice(firstRest.length - end), middles];
}

/** The input item an error item is of (the pause makes one per refused item). */
function pairedIndexOf(item: INodeExecutionData): number {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	return typeof paired === 'number' ? paired : (paired?.item ?? 0);
}

/** Equal values once, each with the indexes it is at (as `indexRuns`), in the order first met. */
function groupedByValue(values: Array<[IDataObject, number]>): Array<[IDataObject, string]> {
	const groups = new Map<string, { value: IDataObject; indexes: number[] }>();
	for (const [value, index] of values) {
		const key = JSON.stringify(value);
		const group = groups.get(key) ?? { value, indexes: [] };
		group.indexes.push(index);
		groups.set(key, group);
	}
	return [...groups.values()].map(({ value, indexes }) => [value, indexRuns(indexes)]);
}

/** Indexes as runs, in their order: "3" alone, "0-19" counting up by one, "4*3" the same three times. */
export function indexRuns(indexes: number[]): string {
	const runs: string[] = [];
	for (let start = 0; start < indexes.length; ) {
		const first = indexes[start];
		let end = start + 1;
		while (end < indexes.length && indexes[end] === first) end++;
		if (end - start > 1) {
			runs.push(`${first}*${end - start}`);
		} else {
			while (end < indexes.length && indexes[end] === indexes[end - 1] + 1) end++;
			runs.push(end - start > 1 ? `${first}-${indexes[end - 1]}` : String(first));
		}
		start = end;
	}
	return runs.join(',');
}

/** The indexes `indexRuns` wrote. */
export function indexesOfRuns(runs: string): number[] {
	if (runs === '') return [];
	return runs.split(',').flatMap((run) => {
		const [, first, separator, second] = /^(\d+)(?:([-*])(\d+))?$/.exec(run) ?? [];
		if (first === undefined) return [];
		if (separator === '*') return Array.from({ length: Number(second) }, () => Number(first));
		const last = separator === '-' ? Number(second) : Number(first);
		return Array.from({ length: last - Number(first) + 1 }, (_, offset) => Number(first) + offset);
	});
}
