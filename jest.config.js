/**
 * Jest runs every test layer, one project per layer (`jest --selectProjects engine`).
 * `npm test` (scripts/test.sh) runs them in this order: unit, contract (the sandbox's own
 * tests) and engine together with coverage, then the layers that start a real n8n (e2e, ui,
 * queue), one file at a time.
 *
 * TypeScript goes through @swc/jest (transpiled only; `tsc -p tsconfig.test.json` type-checks).
 * Dynamic `import()` is left to Node (`ignoreDynamic`) so that ESM-only packages such as
 * pdfjs-dist load through Jest's ESM support (`--experimental-vm-modules`, set by the scripts).
 */
const swc = [
	'@swc/jest',
	{
		jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
		module: { type: 'commonjs', ignoreDynamic: true },
		sourceMaps: 'inline',
	},
];

// The unit and engine layers run the TypeScript sources of nodes/ and credentials/ in place of
// their compiled files in dist/, so that coverage is reported on the sources; the end-to-end
// layers run what ships, the packed dist/.
const sourcesForDist = { '^(?:\\.\\./)+dist/((?:nodes|credentials)/.*)\\.js$': '<rootDir>/$1.ts' };

const common = {
	rootDir: __dirname,
	testEnvironment: 'node',
	transform: { '^.+\\.(ts|js)$': swc },
	// marked is published as ESM only; it is transpiled like our own files.
	transformIgnorePatterns: ['/node_modules/(?!(marked)/)'],
	moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
	modulePathIgnorePatterns: ['<rootDir>/test/e2e/node_modules/', '<rootDir>/test/registry/node_modules/', '<rootDir>/dist/', '<rootDir>/.toolchain/'],
};

/** A layer: its folder under test/, its time limit per test, and whether it runs the sources. */
function layer(name, folder, testTimeout, runsSources, checksContract = false) {
	return {
		...common,
		displayName: name,
		testMatch: [`<rootDir>/test/${folder}/**/*.test.ts`],
		// Jest reads a per-project testTimeout only from the command line; the layer's own limit is
		// set by layerTimeout.js from this global.
		globals: { layerTestTimeout: testTimeout },
		// The engine, e2e and queue layers assert every sandbox's contract-violation log empty after each test.
		setupFilesAfterEnv: ['<rootDir>/test/harness/layerTimeout.js', ...(checksContract ? ['<rootDir>/test/harness/contractCheck.ts'] : [])],
		moduleNameMapper: runsSources ? sourcesForDist : {},
	};
}

module.exports = {
	projects: [
		layer('unit', 'unit', 30_000, true),
		// The sandbox's own tests: its contract with the API spec, over HTTP (the server is test/sandbox).
		layer('contract', 'sandboxContract', 120_000, true),
		{
			...layer('engine', 'engine', 180_000, true, true),
			// One n8n user folder for the run's engine test files, removed after the run.
			globalSetup: '<rootDir>/test/harness/engineFolderSetup.js',
			globalTeardown: '<rootDir>/test/harness/engineFolderTeardown.js',
		},
		layer('e2e', 'e2e', 900_000, false, true),
		// n8n's editor in a headless Chromium: the limit also bounds starting n8n (beforeAll), about 30 s.
		layer('ui', 'ui', 180_000, false),
		// n8n in queue mode (PostgreSQL, Redis, main, webhook processor, two workers); starting it takes a minute.
		layer('queue', 'queue', 600_000, false, true),
	],
	// Two test files at a time, as on this project's 2-core machines (Jest's default would be one).
	maxWorkers: 2,
	testSequencer: '<rootDir>/test/harness/layerSequencer.js',
	collectCoverageFrom: ['<rootDir>/nodes/**/*.ts', '<rootDir>/credentials/**/*.ts'],
	// V8's own coverage, mapped to the TypeScript through swc's source maps.
	coverageProvider: 'v8',
	coverageDirectory: '<rootDir>/coverage',
	coverageReporters: ['text-summary', 'text', 'lcov', 'json-summary'],
	// A little under what the unit, sandbox and engine layers measure (97 % of lines, 88 % of
	// branches): a change that leaves its code untested fails the run.
	coverageThreshold: { global: { lines: 96, branches: 86, statements: 96, functions: 93 } },
};
