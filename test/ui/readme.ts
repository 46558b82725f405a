/** What README.md promises a user will find in the editor. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const README = resolve(__dirname, '..', '..', 'README.md');

/**
 * The operations README's "Operations" section lists per resource: under each `### <Resource>`
 * heading, the operation names in bold in the first column of its tables.
 */
export function operationsInReadme(resources: string[]): Record<string, string[]> {
	const text = readFileSync(README, 'utf8');
	const section = text.slice(text.indexOf('\n## Operations\n'));
	const operations: Record<string, string[]> = {};
	for (const resource of resources) {
		const start = section.indexOf(`\n### ${resource}\n`);
		if (start === -1) throw new Error(`README.md has no "### ${resource}" under "## Operations"`);
		const nextHeadings = [section.indexOf('\n### ', start + 1), section.indexOf('\n## ', start + 1)].filter((at) => at !== -1);
		const body = section.slice(start, nextHeadings.length > 0 ? Math.min(...nextHeadings) : undefined);
		operations[resource] = [...body.matchAll(/^\| \*\*(.+?)\*\* \|/gm)].map((match) => match[1]);
	}
	return operations;
}
