/**
 * The sandbox's stand-in for AI template creation: a deterministic generator that turns
 * a prompt and a display name into a real template: one placeholder per phrase of the
 * prompt ("with the order number, the shipping address and a table of products" gives
 * order_number and shipping_address), a line-items loop and a condition. No network, no model.
 */
const FILLER_WORDS = new Set(['a', 'an', 'the', 'our', 'my', 'your', 'its', 'their', 'of', 'for', 'to', 'in', 'on', 'at', 'by', 'all', 'some', 'each', 'every', 'big', 'small', 'nice', 'clean', 'modern', 'simple']);
/** Phrases about repeated rows: they become the line-items loop, not a field. */
const LIST_WORDS = /\b(table|list|lines?|items?|rows?|products|positions)\b/;

/** Field names from the prompt: each phrase between commas, "and" and "with" is one field. */
function fieldsOf(prompt: string): string[] {
	const [, details = prompt] = prompt.toLowerCase().split(/\bwith\b/, 2);
	const fields = details
		.split(/,|;|\band\b|\bplus\b/)
		.filter((phrase) => !LIST_WORDS.test(phrase))
		.map((phrase) => (phrase.match(/[a-z][a-z0-9]*/g) ?? []).filter((word) => !FILLER_WORDS.has(word)).slice(0, 3).join('_'))
		.filter((field) => field.length >= 3);
	return [...new Set(fields)].slice(0, 6);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type Generated = { html: string } | { error: string };

export function generateTemplate(prompt: string, displayName: string): Generated {
	const words = prompt.toLowerCase().match(/[a-z][a-z0-9]+/g) ?? [];
	if (words.length < 3) {
		return { error: 'The prompt is too short to design a template from: describe the document and the data it shows.' };
	}
	const fields = fieldsOf(prompt);
	if (fields.length === 0) fields.push('title');
	const rows = fields
		.map((field) => `  <p><strong>${escapeHtml(field.replace(/_/g, ' '))}:</strong> {{${field}}}</p>`)
		.join('\n');
	const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
  body { font-family: 'DejaVu Sans', Arial, sans-serif; color: #222; margin: 40px; }
  h1 { color: #1c3d5a; }
  table { border-collapse: collapse; width: 100%; }
  td, th { border-bottom: 1px solid #ccc; padding: 6px; text-align: left; }
</style></head><body>
  <h1>${escapeHtml(displayName)}</h1>
${rows}
  <table>
    <thead><tr><th>Description</th><th>Quantity</th><th>Amount</th></tr></thead>
    <tbody>{{#each items}}<tr><td>{{description}}</td><td>{{quantity}}</td><td>{{amount}}</td></tr>{{/each}}</tbody>
  </table>
  {{#if notes}}<p class="notes">{{notes}}</p>{{/if}}
</body></html>`;
	return { html };
}
