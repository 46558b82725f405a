/**
 * Loaded into the tests' n8n processes, and only there (`NODE_OPTIONS=--require <this file>`,
 * set by test/e2e/communityPackages.ts). It answers one question of n8n's licence with yes:
 * `License.isCustomNpmRegistryEnabled()`, the Enterprise feature
 * `feat:communityNodes:customRegistry`. n8n installs community packages from a registry other
 * than the public one (N8N_COMMUNITY_PACKAGES_REGISTRY) only with that feature; the tests
 * install from their own Verdaccio, because the package under test is not on the public
 * registry. A user installs from the public registry, which needs no licence at all.
 *
 * Every other licence question, and everything else, stays n8n's own: the method is replaced on
 * n8n's License class when n8n first loads it, nothing more.
 */
'use strict';

const Module = require('node:module');

// n8n's children (the npm it runs to install, its task runners) do not need the answer: they
// do not get this file.
if (process.env.NODE_OPTIONS) {
	process.env.NODE_OPTIONS = process.env.NODE_OPTIONS.replace(/(?:--require|-r)[=\s]+"?[^"\s]*customRegistryLicense\.js"?/g, '').trim();
}

// Only in n8n itself (its bin is `.../n8n`); another Node that starts with the variable, such as
// the toolchain's version check, is left as it is.
if (/(^|[\\/])n8n$/.test(process.argv[1] ?? '')) {
	const load = Module._load;
	Module._load = function loadAndAnswer(...args) {
		const exported = load.apply(this, args);
		// Own properties only: reading a missing one from a module still loading (a circular
		// require) makes Node warn.
		const licenseClass = exported && Object.hasOwn(exported, 'License') ? exported.License : undefined;
		if (typeof licenseClass?.prototype?.isCustomNpmRegistryEnabled === 'function') {
			licenseClass.prototype.isCustomNpmRegistryEnabled = () => true;
			Module._load = load;
			process.stderr.write(`test licence module: License.isCustomNpmRegistryEnabled() answers yes (${__filename})\n`);
		}
		return exported;
	};
}
