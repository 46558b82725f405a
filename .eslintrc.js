/**
 * Lint for the code that ships (nodes/, credentials/, package.json), with n8n's
 * community-node rules: eslint-plugin-n8n-nodes-base (the rules n8n's node linter uses)
 * and @n8n/eslint-plugin-community-nodes (the rules n8n's verification checks:
 * restricted globals and imports, no runtime dependencies, paired items, ...).
 *
 * @type {import('@types/eslint').ESLint.ConfigData}
 */
module.exports = {
	root: true,

	env: {
		browser: true,
		es6: true,
		node: true,
	},

	parser: '@typescript-eslint/parser',

	parserOptions: {
		project: ['./tsconfig.json'],
		sourceType: 'module',
		extraFileExtensions: ['.json'],
	},

	ignorePatterns: ['.eslintrc.js', '.eslintrc.prepublish.js', '**/*.js', '**/node_modules/**', '**/dist/**', 'test/**', 'bench/**'],

	overrides: [
		{
			files: ['package.json'],
			// package.json is parsed as an expression, without type information.
			parserOptions: { project: null },
			plugins: ['eslint-plugin-n8n-nodes-base', '@n8n/community-nodes'],
			extends: ['plugin:n8n-nodes-base/community'],
			rules: {
				'n8n-nodes-base/community-package-json-name-still-default': 'off',
				'@n8n/community-nodes/no-runtime-dependencies': 'error',
				'@n8n/community-nodes/valid-peer-dependencies': 'error',
				'@n8n/community-nodes/package-name-convention': 'error',
				'@n8n/community-nodes/no-forbidden-lifecycle-scripts': 'error',
				'@n8n/community-nodes/require-files-array': 'error',
			},
		},
		{
			files: ['./credentials/**/*.ts'],
			plugins: ['eslint-plugin-n8n-nodes-base', '@n8n/community-nodes'],
			extends: ['plugin:n8n-nodes-base/credentials'],
			rules: {
				'n8n-nodes-base/cred-class-field-documentation-url-missing': 'off',
				'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
				'@n8n/community-nodes/credential-password-field': 'error',
				'@n8n/community-nodes/credential-test-required': 'error',
				'@n8n/community-nodes/no-restricted-globals': 'error',
				'@n8n/community-nodes/no-restricted-imports': 'error',
				'@n8n/community-nodes/no-hardcoded-secrets': 'error',
			},
		},
		{
			files: ['./nodes/**/*.ts'],
			plugins: ['eslint-plugin-n8n-nodes-base', '@n8n/community-nodes'],
			extends: ['plugin:n8n-nodes-base/nodes'],
			rules: {
				'n8n-nodes-base/node-execute-block-missing-continue-on-fail': 'off',
				'n8n-nodes-base/node-resource-description-filename-against-convention': 'off',
				'n8n-nodes-base/node-param-fixed-collection-type-unsorted-items': 'off',
				// These two predate NodeConnectionTypes, which the newer rules below ask for.
				'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
				'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
				'@n8n/community-nodes/no-restricted-globals': 'error',
				'@n8n/community-nodes/no-restricted-imports': 'error',
				'@n8n/community-nodes/no-deprecated-workflow-functions': 'error',
				'@n8n/community-nodes/node-usable-as-tool': 'error',
				'@n8n/community-nodes/no-http-request-with-manual-auth': 'error',
				'@n8n/community-nodes/missing-paired-item': 'error',
				'@n8n/community-nodes/require-node-api-error': 'error',
				'@n8n/community-nodes/no-silent-error-swallowing': 'error',
				'@n8n/community-nodes/no-emoji-in-options': 'error',
				'@n8n/community-nodes/icon-validation': 'error',
				'@n8n/community-nodes/node-connection-type-literal': 'error',
				'@n8n/community-nodes/valid-credential-references': 'error',
			},
		},
	],
};
