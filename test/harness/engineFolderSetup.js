/**
 * Jest's globalSetup of the engine layer: one throw-away n8n user folder (binary data on disk)
 * for every engine test file of the run, found by the workers in PDF_NOODLE_ENGINE_FOLDER
 * (test/harness/engine.ts) and removed after the run (engineFolderTeardown.js). Before, each
 * test file made its own in the system's temp folder and left it there.
 */
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = async function makeEngineFolder() {
	process.env.PDF_NOODLE_ENGINE_FOLDER = mkdtempSync(join(tmpdir(), 'pdf-noodle-engine-'));
};
