/** What n8n and its community-node rules require of the package itself. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@jest/globals';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

test('is a community node package named n8n-nodes-pdf-noodle', () => {
	assert.equal(pkg.name, 'n8n-nodes-pdf-noodle');
	assert.ok(pkg.keywords.includes('n8n-community-node-package'));
	assert.deepEqual(pkg.files, ['dist', 'index.js']);
	assert.equal(pkg.main, 'index.js');
	assert.equal(pkg.n8n.n8nNodesApiVersion, 1);
});

test('has no runtime dependencies and n8n-workflow only as a peer', () => {
	assert.deepEqual(pkg.dependencies ?? {}, {});
	assert.deepEqual(pkg.peerDependencies, { 'n8n-workflow': '*' });
});

test('every file the n8n section names is built, with its icons beside it', () => {
	const named: string[] = [...pkg.n8n.credentials, ...pkg.n8n.nodes];
	assert.ok(named.length >= 2);
	for (const file of named) {
		assert.ok(existsSync(join(root, file)), `${file} is built`);
	}
	for (const nodeFile of pkg.n8n.nodes as string[]) {
		const source = readFileSync(join(root, nodeFile), 'utf8');
		// n8n's current convention: a light and a dark icon.
		const icons = /icon: \{\s*light: 'file:([^']+)',\s*dark: 'file:([^']+)'/.exec(source)?.slice(1) ?? [];
		assert.equal(icons.length, 2, `${nodeFile} names a light and a dark file icon`);
		for (const icon of icons) assert.ok(existsSync(join(root, nodeFile, '..', icon)), `${icon} is beside ${nodeFile}`);
		const codex = nodeFile.replace(/\.js$/, '.json');
		assert.ok(existsSync(join(root, codex)), `${codex} (codex) is built`);
	}
});

test('the class name of each node and credential matches its file name (n8n loads them by it)', () => {
	for (const file of [...pkg.n8n.credentials, ...pkg.n8n.nodes] as string[]) {
		const expected = file.split('/').pop()!.split('.')[0];
		const exported = require(join(root, file));
		assert.equal(typeof exported[expected], 'function', `${file} exports class ${expected}`);
	}
});

function sourceFiles(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
	});
}

test('node and credential code uses no timers, process, fs or axios', () => {
	const banned = /\b(setTimeout|setInterval|setImmediate)\(|\bprocess\.|from '(node:)?fs'|require\('(node:)?fs'\)|\baxios\b/;
	for (const file of [...sourceFiles(join(root, 'nodes')), ...sourceFiles(join(root, 'credentials'))]) {
		const offending = readFileSync(file, 'utf8')
			.split('\n')
			.filter((line) => !line.trim().startsWith('//') && !line.trim().startsWith('*') && banned.test(line));
		assert.deepEqual(offending, [], `${file} must not use timers, process, fs or axios`);
	}
});

test('npm pack ships the built nodes, credentials and icons, and nothing of the tests', () => {
	const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
	const files: string[] = JSON.parse(output)[0].files.map((file: { path: string }) => file.path);
	for (const file of [...pkg.n8n.credentials, ...pkg.n8n.nodes]) assert.ok(files.includes(file), `the tarball holds ${file}`);
	for (const icon of ['pdfNoodle.svg', 'pdfNoodle.dark.svg']) {
		assert.ok(files.includes(`dist/nodes/PdfNoodle/${icon}`), `the tarball holds the icon ${icon}`);
	}
	// dist/, the main, and the three files npm always ships; no sources, tests or tooling.
	const outsideDist = files.filter((file) => !file.startsWith('dist/')).sort();
	assert.deepEqual(outsideDist, ['LICENSE.md', 'README.md', 'index.js', 'package.json']);
});
