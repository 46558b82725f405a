/**
 * The stricter lint run before publishing: everything of .eslintrc.js, and the package
 * name must no longer be the starter's default.
 */
const base = require('./.eslintrc.js');

module.exports = {
	...base,
	overrides: base.overrides.map((override) =>
		override.files.includes('package.json')
			? {
					...override,
					rules: { ...override.rules, 'n8n-nodes-base/community-package-json-name-still-default': 'error' },
				}
			: override,
	),
};
