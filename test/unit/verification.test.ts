/**
 * n8n's verification scanner on this package (scripts/scan.mjs: the scanner's own analysis of
 * the packed tarball and of the source, the version pinned in package.json), and the package's
 * main as code that requires the installed package sees it.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, test } from '@jest/globals';

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
});
