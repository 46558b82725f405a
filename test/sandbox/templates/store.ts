import Handlebars from 'handlebars';

import { SEED_TEMPLATES, type SeedTemplate } from './seed';

export interface StoredTemplate {
	id: string;
	displayName: string;
	createdAt: string;
	updatedAt: string;
	style: {
		header: { showHeader: boolean; headerText: string };
		footer: { showFooter: boolean; footerText: string };
	};
	type: 'HTML' | 'NO_CODE';
	html: string;
}

/** The account's templates, keyed by id. */
export class TemplateStore {
	private readonly templates = new Map<string, StoredTemplate>();

	constructor(now: Date) {
		for (const seed of SEED_TEMPLATES) this.add(seed, now);
	}

	add(seed: SeedTemplate, now: Date): StoredTemplate {
		const template: StoredTemplate = {
			id: seed.id,
			displayName: seed.displayName,
			createdAt: now.toISOString(),
			updatedAt: now.toISOString(),
			style: {
				header: { showHeader: Boolean(seed.header), headerText: seed.header ?? '' },
				footer: { showFooter: Boolean(seed.footer), footerText: seed.footer ?? '' },
			},
			type: 'HTML',
			html: seed.html,
		};
		this.templates.set(template.id, template);
		return template;
	}

	get(id: string): StoredTemplate | undefined {
		return this.templates.get(id);
	}

	/** `{id, displayName}` of every template, sorted by display name. */
	list(): Array<{ id: string; displayName: string }> {
		return [...this.templates.values()]
			.map(({ id, displayName }) => ({ id, displayName }))
			.sort((a, b) => a.displayName.localeCompare(b.displayName));
	}
}

/** The template's HTML filled with data; throws when the template does not compile. */
export function fillTemplate(html: string, data: Record<string, unknown>): string {
	const template = Handlebars.create().compile(html, { strict: false });
	return template(data);
}

/** The record the get-template endpoint answers: the stored fields, the HTML under both names the spec uses. */
export function templateRecord(template: StoredTemplate): Record<string, unknown> {
	return { ...template, htmlTemplate: template.html };
}
