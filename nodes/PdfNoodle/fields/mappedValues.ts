/**
 * The type a value mapped to a template variable ("Map Each Variable") is sent with.
 *
 * The variables endpoint shows every leaf as placeholder text, so the mapper offers text
 * fields, and what a person types there reaches the node as text: `false` would be the
 * string "false", which a template's condition takes as true. So:
 * - a value an expression gave keeps the type the expression gave it;
 * - typed text that is a JSON literal is sent as that type: `true`, `false`, `null`, a number
 *   written as JSON writes it (`40`, `-2.5`, `0.75`), a list or an object;
 * - any other text stays text, also text that only looks like a number: `01234` (a zip code),
 *   `+49 30 1234`, `1,5`, and `10.00` or `1e3` or an ID of 20 digits, which JSON would write
 *   otherwise (`10`, `1000`, rounded), so that a price keeps its decimals and an ID its digits;
 * - with "Send Mapped Values as Text", literals stay text and numbers and booleans from
 *   expressions become text too;
 * - a list variable is always a list: an expression that yields one, or JSON text of one.
 */

export interface MappedValueSource {
	/** Whether the field holds an expression (its raw value starts with "="). */
	fromExpression: boolean;
	/** The node's "Send Mapped Values as Text". */
	asText: boolean;
	/** Whether the template's variable is a list. */
	isList: boolean;
}

/** What a mapped value is, or why it cannot be sent (the rule it breaks). */
export type MappedValue = { value: unknown } | { refusal: string };

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The value of JSON text that is a literal other than a string, or undefined when it is none. */
function jsonLiteral(text: string): { value: unknown } | undefined {
	const trimmed = text.trim();
	if (['true', 'false', 'null'].includes(trimmed)) return { value: JSON.parse(trimmed) };
	if (JSON_NUMBER.test(trimmed)) {
		const number = JSON.parse(trimmed) as number;
		return JSON.stringify(number) === trimmed ? { value: number } : undefined;
	}
	if (/^[[{]/.test(trimmed)) {
		try {
			return { value: JSON.parse(trimmed) };
		} catch {
			return undefined;
		}
	}
	return undefined;
}

/** How a received value reads in an error: short, and as JSON so that its type shows. */
function shown(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

export function mappedValue(raw: unknown, source: MappedValueSource): MappedValue {
	if (source.isList) {
		const list = typeof raw === 'string' ? jsonLiteral(raw)?.value : raw;
		if (Array.isArray(list)) return { value: list };
		return { refusal: `must be a list: an expression that gives an array, or JSON text such as [{"description": "Gear"}]; received ${shown(raw)}` };
	}
	if (source.asText) return { value: typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw };
	if (source.fromExpression || typeof raw !== 'string') return { value: raw };
	return { value: (jsonLiteral(raw) ?? { value: raw }).value };
}
