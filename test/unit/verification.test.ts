/**
 * n8n's verification scanner on this package (scripts/scan.mjs: the scanner's own analysis of
 * the packed tarball and of the source, the version pinned in package.json), the rules its next
 * versions add (test/support/verificationRules.ts), and the package's main as code that
 * requires the installed package sees it.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, test } from '@jest/globals';

import { type BuiltDescription, discriminatorsWithBuilderHint, nodesApiVersionProblem, threatFindings } from '../support/verificationRules';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

interface Analysis {
	passed: boolean;
	message?: string;
	details?: string;
}

test(`n8n's verification scanner ${pkg.devDependencies['@n8n/scan-community-package']} finds no error in the packed tarball nor in the source`, () => {
	// In a Node process of its own and without Jest's NODE_ENV=test, as n8n runs it: with that
	// value, eslint-plugin-n8n-nodes-base switches to its own test mode and misreads file names.
	const { NODE_ENV: _jest, ...environment } = process.env;
	const scan = spawnSync(process.execPath, [join(root, 'scripts', 'scan.mjs'), '--json'], { cwd: root, encoding: 'utf8', env: environment });
	assert.ok(scan.stdout.startsWith('{'), `scripts/scan.mjs ran: ${scan.stderr}`);
	const legs = JSON.parse(scan.stdout) as Record<string, Analysis>;
	assert.deepEqual(Object.keys(legs), ['tarball', 'source']);
	for (const [leg, analysis] of Object.entries(legs)) {
		assert.ok(analysis.passed, `the ${leg}: ${analysis.message ?? ''}\n${analysis.details ?? ''}`);
	}
}, 120_000);

/** Every file under a folder, with its path below it and its text. */
function filesUnder(folder: string): Array<{ path: string; text: string }> {
	const walk = (at: string): string[] => readdirSync(at).flatMap((name) => (statSync(join(at, name)).isDirectory() ? walk(join(at, name)) : [join(at, name)]));
	// Spread into an array of the test's own realm (fs's arrays are Node's), for assert's deepEqual.
	return [...walk(folder)].map((file) => ({ path: relative(folder, file), text: readFileSync(file, 'utf8') }));
}

describe('the rules n8n\'s verification gains next, each refusing a broken input', () => {
	test('a builderHint on resource, operation or mode, at the top or in a collection, is found', () => {
		const hint = { propertyHint: 'pick one' };
		const broken: BuiltDescription[] = [
			{ node: 'a', version: 1, properties: [{ name: 'resource', builderHint: hint }, { name: 'template', builderHint: hint }] },
			{ node: 'a', version: [2, 2.1], properties: [{ name: 'options', options: [{ name: 'mode', builderHint: hint }] }] },
			{ node: 'b', version: 1, properties: [{ name: 'fields', options: [{ name: 'values', values: [{ name: 'operation', builderHint: hint }] }] }] },
		];
		assert.deepEqual(discriminatorsWithBuilderHint(broken), ['a v1: resource', 'a v[2,2.1]: mode', 'b v1: operation']);
	});

	test('n8nNodesApiVersion other than the integer 1 is refused', () => {
		for (const level of [2, 3, '1', 1.5, undefined]) {
			assert.match(String(nodesApiVersionProblem({ n8n: { n8nNodesApiVersion: level } })), /not the integer 1/, String(level));
		}
		assert.equal(nodesApiVersionProblem({ n8n: { n8nNodesApiVersion: 1 } }), undefined);
	});

	test('a tunnel, catcher, paste or shortener host and process.env are found in any file, in a hint or placeholder too', () => {
		const files = [
			{ path: 'dist/a.js', text: "placeholder: 'https://abc123.ngrok-free.app/hook', hint: 'or post to webhook.site/xyz'" },
			{ path: 'dist/b.js', text: 'const key = process.env.API_KEY; const all = process [ "env" ];' },
			{ path: 'README.md', text: 'See https://PASTEBIN.com/raw/1 and bit.ly/x, or a tunnel on sub.loca.lt.' },
			{ path: 'dist/c.js', text: 'rabbit.ly, bit.ly.example.com, profile.io, this.gd, a-webhook.site.example.org, processes.env' },
		];
		assert.deepEqual(threatFindings(files), [
			'dist/a.js: the host ngrok-free.app',
			'dist/a.js: the host webhook.site',
			'dist/b.js: process.env',
			'dist/b.js: process [ "env" ]',
			'README.md: the host pastebin.com',
			'README.md: the host bit.ly',
			'README.md: the host loca.lt',
		]);
	});
});

describe('the packed package, installed as n8n installs a community package', () => {
	let workFolder: string;
	let installed: string;

	beforeAll(() => {
		workFolder = mkdtempSync(join(tmpdir(), 'pdf-noodle-main-'));
		execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', workFolder], { cwd: root, stdio: 'ignore' });
		const tarball = readdirSync(workFolder).find((name) => name.endsWith('.tgz'))!;
		// In node_modules, with n8n-workflow (its peer, which n8n provides) beside it.
		const modules = join(workFolder, 'node_modules');
		installed = join(modules, pkg.name);
		mkdirSync(installed, { recursive: true });
		execFileSync('tar', ['-xzf', join(workFolder, tarball), '-C', installed, '--strip-components=1']);
		symlinkSync(join(root, 'node_modules', 'n8n-workflow'), join(modules, 'n8n-workflow'));
	});

	afterAll(() => rmSync(workFolder, { recursive: true, force: true }));

	test('its main exports every node and credential class that package.json\'s n8n section lists, the very classes n8n loads', () => {
		const script = `
			const main = require(${JSON.stringify(installed)});
			const listed = ${JSON.stringify([...pkg.n8n.nodes, ...pkg.n8n.credentials])};
			const found = listed.map((file) => {
				const name = file.split('/').pop().split('.')[0];
				return [name, typeof main[name] === 'function' && main[name] === require(${JSON.stringify(installed)} + '/' + file)[name]];
			});
			process.stdout.write(JSON.stringify({ found, exported: Object.keys(main) }));
		`;
		const { found, exported } = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
		assert.deepEqual(found, [['PdfNoodle', true], ['PdfNoodleTrigger', true], ['PdfNoodleApi', true], ['PdfNoodleTriggerApi', true]]);
		assert.deepEqual(exported.sort(), ['PdfNoodle', 'PdfNoodleApi', 'PdfNoodleTrigger', 'PdfNoodleTriggerApi']);
	});

	test('no discriminator parameter of any node version\'s built description has a builderHint', () => {
		// Each node as n8n loads it; a versioned node gives each version's description.
		const script = `
			const descriptions = ${JSON.stringify(pkg.n8n.nodes)}.flatMap((file) => {
				const name = file.split('/').pop().split('.')[0];
				const node = new (require(${JSON.stringify(installed)} + '/' + file)[name])();
				const versions = node.nodeVersions ? Object.values(node.nodeVersions) : [node];
				return versions.map(({ description }) => ({ node: name, version: description.version, properties: description.properties }));
			});
			process.stdout.write(JSON.stringify(descriptions));
		`;
		const descriptions: BuiltDescription[] = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
		// The trigger's versions 1 and 2 share one description (`version: [1, 2]`).
		assert.deepEqual(descriptions.map(({ node, version }) => `${node} v${[version].flat().join(',')}`), ['PdfNoodle v1', 'PdfNoodleTrigger v1,2']);
		assert.ok(descriptions[0].properties.some((property) => property.name === 'operation'), 'the descriptions hold the discriminators');
		assert.deepEqual(discriminatorsWithBuilderHint(descriptions), []);
	});

	test('its package.json declares n8nNodesApiVersion as the integer 1', () => {
		assert.equal(nodesApiVersionProblem(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'))), undefined);
	});

	test('no file of the tarball names a tunnel, catcher, paste or shortener host, or reads process.env', () => {
		const files = filesUnder(installed);
		assert.ok(files.some(({ path }) => path === join('dist', 'nodes', 'PdfNoodle', 'PdfNoodle.node.js')) && files.length > 100, `${files.length} files`);
		assert.deepEqual(threatFindings(files), []);
	});
});
