import type { INodeExecutionData, IPairedItemData } from 'n8n-workflow';

/**
 * Each output item names the input item it came from, so that `$('PDF Noodle').item` works
 * downstream when the node had several input items (n8n pairs by itself only when the counts
 * match). Items that already name theirs (a merged file of several items) keep it.
 */
export function pairWithInputItem(items: INodeExecutionData[], itemIndex: number): INodeExecutionData[] {
	const pairedItem = { item: itemIndex };
	return items.map((item) => (item.pairedItem === undefined ? { ...item, pairedItem } : item));
}

/** The first input item an output item is paired with. */
function firstInputOf(item: INodeExecutionData): number {
	const paired = ([] as IPairedItemData[]).concat(item.pairedItem as IPairedItemData | IPairedItemData[]);
	return Math.min(...paired.map((pair) => pair.item));
}

/**
 * Output items in input order: each where its (first) input item was. The sort keeps the
 * order of equals, so a merged file stays before its first item's own document.
 */
export function inInputOrder(items: INodeExecutionData[]): INodeExecutionData[] {
	return items.sort((a, b) => firstInputOf(a) - firstInputOf(b));
}

/** The input items a batch's documents are for, each once, in their order. */
export function inputsOf(batch: { entries: ReadonlyArray<{ inputIndex: number }> }): number[] {
	return [...new Set(batch.entries.map((entry) => entry.inputIndex))];
}

/** An output item of a whole batch names every input item of its documents. */
export function pairedWith(batch: { entries: ReadonlyArray<{ inputIndex: number }> }): IPairedItemData[] {
	return inputsOf(batch).map((item) => ({ item }));
}
