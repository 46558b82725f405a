/**
 * The sandbox's stand-in for AI template creation: a deterministic generator that turns
 * a prompt and a display name into a real template, with placeholders named after the
 * prompt's words, a line-items loop and a condition. No network, no model.
 */
const STOP_WORDS = new Set([
	'with', 'that', 'this', 'from', 'have', 'into', 'your', 'their', 'them', 'they', 'what', 'which', 'make',
	'should', 'would', 'could', 'about', 'also', 'some', 'each', 'show', 'shows', 'want', 'need', 'like', 'page',
	'template', 'document', 'design', 'please', 'create', 'table', 'list', 'lines', 'line', 'items', 'item', 'notes',
]);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type Generated = { html: string } | { error: string };

export function generateTemplate(prompt: string, displayName: string): Generated {
	const words = prompt.toLowerCase().match(/[a-z][a-z0-9]+/g) ?? [];
	if (words.length < 3) {
		return { error: 'The prompt is too short to design a template from: describe the document and the data it shows.' };
	}
	const fields = [...new Set(words.filter((word) => word.length >= 4 && !STOP_WORDS.has(word)))].slice(0, 4);
	if (fields.length === 0) fields.push('title');
	const rows = fields
		.map((field) => `  <p><strong>${escapeHtml(field.replace(/_/g, ' '))}:</strong> {{${field}}}</p>`)
		.join('\n');
	const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
  body { font-family: 'DejaVu Sans', Arial, sans-serif; color: #222; }
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
