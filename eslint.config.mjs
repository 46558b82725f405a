/**
 * Lint for what ships (nodes/, credentials/, index.js, package.json): exactly the
 * configuration n8n's verification scanner lints a community package with, taken from the
 * scanner itself (@n8n/scan-community-package, pinned in package.json): the recommended
 * config of @n8n/eslint-plugin-community-nodes and the community, credentials and nodes
 * rulesets of eslint-plugin-n8n-nodes-base, with only the rules the scanner turns off turned
 * off. So no rule n8n enforces can be missing here; a newer, stricter scanner is a deliberate
 * upgrade of that one pin. Like the scanner, inline `eslint-disable` comments count for nothing.
 */
import { buildScanConfig } from '@n8n/scan-community-package/scanner/scanner.mjs';

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'bench/**', 'coverage/**', '.toolchain/**', 'scripts/**'] },
	{ linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' } },
	...(await buildScanConfig()),
];
