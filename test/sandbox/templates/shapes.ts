/**
 * Templates whose data has a shape beyond the seeded ones, for the tests of "Check Data
 * Against Template": nesting two levels deep, lists of entries and of single values, and a
 * template that uses no variables (its variables answer is `{}`). Not seeded: a test adds
 * them (`addShapeTemplates`), so that the account's list stays as the other tests know it.
 */
import type { SandboxContext } from '../context';
import type { SeedTemplate } from './seed';

export const SHAPE_TEMPLATES: SeedTemplate[] = [
	{
		id: 'shipping-label',
		displayName: 'Shipping Label',
		html: `<!DOCTYPE html><html><body>
<p>From: {{sender.name}}, {{sender.address.street}}, {{sender.address.city}}</p>
<h1>To: {{recipient.name}}</h1>
<p>{{recipient.address.street}}</p>
<p>{{recipient.address.city}} {{recipient.address.postcode}}</p>
<p>Weight: {{parcel.weight_kg}} kg</p>
</body></html>`,
	},
	{
		id: 'packing-list',
		displayName: 'Packing List',
		html: `<!DOCTYPE html><html><body>
<h1>Order {{order_id}}</h1>
<table>{{#each lines}}<tr><td>{{sku}}</td><td>{{qty}}</td></tr>{{/each}}</table>
<p>{{#each tags}}<span>[{{this}}]</span> {{/each}}</p>
</body></html>`,
	},
	{
		id: 'static-notice',
		displayName: 'Static Notice',
		html: '<!DOCTYPE html><html><body><h1>Office closed on Friday</h1></body></html>',
	},
];

/** Adds the templates above to a sandbox's account. */
export function addShapeTemplates(context: Pick<SandboxContext, 'templates'>, now = new Date()): void {
	for (const template of SHAPE_TEMPLATES) context.templates.add(template, now);
}
