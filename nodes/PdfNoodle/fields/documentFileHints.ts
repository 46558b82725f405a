/**
 * The execution hints of a node run's document files: each document that named files which were
 * not found (a broken image, an unstyled page in the PDF), once per distinct message, with the
 * input items it was met in when the run had several, so that a hundred items naming the same
 * missing logo make one line, not a hundred.
 */
import type { NodeExecutionHint } from 'n8n-workflow';

/** Distinct messages shown; the rest are counted in one more line. */
const MAX_HINTS = 5;

export class DocumentFileHints {
	private readonly found: Array<{ itemIndex: number; message: string }> = [];

	add(itemIndex: number, message: string): void {
		this.found.push({ itemIndex, message });
	}

	/** The hints in input order; `itemCount` is how many items the run had (one: no item named). */
	hints(itemCount: number): NodeExecutionHint[] {
		const itemsByMessage = new Map<string, number[]>();
		for (const { itemIndex, message } of [...this.found].sort((one, other) => one.itemIndex - other.itemIndex)) {
			itemsByMessage.set(message, [...(itemsByMessage.get(message) ?? []), itemIndex]);
		}
		const messages = [...itemsByMessage.entries()];
		const hints = messages.slice(0, MAX_HINTS).map(([message, items]) => warning(itemCount > 1 ? `${itemsNamed(items)}: ${message}` : message));
		const more = messages.length - MAX_HINTS;
		if (more > 0) hints.push(warning(`${more} more document${more === 1 ? '' : 's'} named files that were not found (not listed here)`));
		return hints;
	}
}

/** "Item 2", "Items 1, 2 and 5" (counted from 1, as n8n's editor shows items). */
function itemsNamed(indexes: number[]): string {
	const numbers = indexes.map((index) => String(index + 1));
	if (numbers.length === 1) return `Item ${numbers[0]}`;
	return `Items ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

function warning(message: string): NodeExecutionHint {
	return { message, type: 'warning', location: 'outputPane' };
}
