/**
 * Runs the test files layer by layer, in the order the layers are listed in jest.config.js
 * (unit, contract, engine, ...), and by path within a layer, so that `npm test` reports the fast
 * layers first and a failure in a lower layer shows before the slower ones start.
 */
const Sequencer = require('@jest/test-sequencer').default;
const { projects } = require('../../jest.config.js');

const layerOrder = projects.map((project) => project.displayName);

class LayerSequencer extends Sequencer {
	sort(tests) {
		const rank = (test) => layerOrder.indexOf(test.context.config.displayName?.name ?? test.context.config.displayName);
		return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
	}
}

module.exports = LayerSequencer;
