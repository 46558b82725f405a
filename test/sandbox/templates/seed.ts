/**
 * The templates every sandbox starts with. They use the service's template syntax:
 * double braces for escaped values, triple braces for raw HTML, `#each` loops and
 * `#if`/`else` conditions.
 */
export interface SeedTemplate {
	id: string;
	displayName: string;
	html: string;
	header?: string;
	footer?: string;
}

const BASE_STYLE = `
<style>
  body { font-family: 'DejaVu Sans', Arial, sans-serif; color: #222; margin: 0; }
  h1 { color: #1c3d5a; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #ccc; padding: 6px; text-align: left; }
  .right { text-align: right; }
</style>`;

export const SEED_TEMPLATES: SeedTemplate[] = [
	{
		id: 'invoice',
		displayName: 'Invoice',
		header: 'Acme Supplies Ltd.',
		footer: 'Thank you for your business',
		html: `<!DOCTYPE html><html><head><meta charset="utf-8">${BASE_STYLE}</head><body>
<h1>Invoice {{invoice_number}}</h1>
<p>Date: {{date}}</p>
<p>Billed to: {{customer.name}}<br>{{customer.email}}</p>
<table>
  <thead><tr><th>Description</th><th class="right">Quantity</th><th class="right">Unit price</th></tr></thead>
  <tbody>
  {{#each items}}
    <tr><td>{{description}}</td><td class="right">{{quantity}}</td><td class="right">{{unit_price}}</td></tr>
  {{/each}}
  </tbody>
</table>
<p class="right"><strong>Total: {{total}}</strong></p>
{{#if paid}}<p>Status: PAID</p>{{else}}<p>Payment due by {{due_date}}</p>{{/if}}
{{#if notes}}<div class="notes">{{{notes}}}</div>{{/if}}
</body></html>`,
	},
	{
		id: 'certificate',
		displayName: 'Certificate of Completion',
		html: `<!DOCTYPE html><html><head><meta charset="utf-8">${BASE_STYLE}</head><body style="text-align:center">
<h1>Certificate of Completion</h1>
<p>This certifies that</p>
<h2>{{recipient_name}}</h2>
<p>has completed the course <strong>{{course.title}}</strong> ({{course.hours}} hours)</p>
{{#if with_honors}}<p>with honors</p>{{/if}}
<p>Issued on {{issued_on}}</p>
</body></html>`,
	},
	{
		// A template whose syntax is broken (an #each that is never closed): every render
		// of it ends FAILED, as a real template with such a mistake would.
		id: 'broken-layout',
		displayName: 'Broken Layout (always fails)',
		html: `<!DOCTYPE html><html><body><h1>{{title}}</h1>{{#each rows}}<p>{{this}}</p></body></html>`,
	},
	{
		id: 'letter',
		displayName: 'Business Letter',
		footer: 'Page footer of the business letter',
		html: `<!DOCTYPE html><html><head><meta charset="utf-8">${BASE_STYLE}</head><body>
<p>{{sender.name}}<br>{{sender.address}}</p>
<p>{{date}}</p>
<p>Dear {{recipient.name}},</p>
{{{body_html}}}
<p>{{closing}}</p>
<p>{{sender.name}}</p>
</body></html>`,
	},
];
