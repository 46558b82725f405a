/** Jest's globalTeardown of the engine layer: removes the run's n8n user folder (engineFolderSetup.js). */
const { rmSync } = require('node:fs');

module.exports = async function removeEngineFolder() {
	const folder = process.env.PDF_NOODLE_ENGINE_FOLDER;
	if (folder) rmSync(folder, { recursive: true, force: true });
};
