/**
 * Runs the test files layer by layer, in the order the layers are listed in jest.config.js
 * (unit, contract, engine, ...), so that `npm test` reports the fast layers first and a failure
 * in a lower layer shows before the slower ones start. Within a layer, Jest's own order: files
 * that failed last time first, then the longest first (by the time each took in the last run,
 * kept in Jest's cache; by file size on a first run). The two workers of the first layers then
 * end together: a long file started last would hold one worker alone while the other idles.
 */
const Sequencer = require('@jest/test-sequencer').default;
const { projects } = require('../../jest.config.js');

const layerOrder = projects.map((project) => project.displayName);

class LayerSequencer extends Sequencer {
	async sort(tests) {
		const rank = (test) => layerOrder.indexOf(test.context.config.displayName?.name ?? test.context.config.displayName);
		// Array sort is stable: within a layer, Jest's order stays.
		return [...(await super.sort(tests))].sort((a, b) => rank(a) - rank(b));
	}
}

module.exports = LayerSequencer;
