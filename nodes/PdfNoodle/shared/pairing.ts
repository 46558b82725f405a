import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

/**
 * Last step of every operation's output: each item names the input item it came from, so
 * that `$('PDF Noodle').item` works downstream when the node had several input items (n8n
 * pairs by itself only when the counts match). Items that already name theirs keep it.
 */
export async function pairWithInputItem(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const pairedItem = { item: this.getItemIndex() };
	return items.map((item) => (item.pairedItem === undefined ? { ...item, pairedItem } : item));
}
