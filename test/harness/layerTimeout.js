/** The time limit of each test of a layer (jest.config.js sets it per layer). */
jest.setTimeout(globalThis.layerTestTimeout);
