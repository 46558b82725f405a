/**
 * README's manual install ("By hand" under "Install in n8n"), run exactly as written: its shell
 * block on Node 22 (the Node of n8n's 1.x Docker image, where installing the peer dependency
 * `n8n-workflow` fails), with the packed package in place of the name on npm, in the home of a
 * throw-away user whose ~/.n8n/nodes does not exist yet. Then n8n, started on that user folder,
 * loads the nodes from there and runs an example workflow.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, test } from '@jest/globals';

import { isPdf, pdfText } from '../support/pdf';
import { useSandbox } from '../support/useSandbox';
import { example, sandboxCredential } from './examples';
import { N8n, N8N_VERSION } from './n8n';

const run = promisify(execFile);
const projectRoot = resolve(__dirname, '..', '..');
const PACKAGE_NAME = 'n8n-nodes-pdf-noodle';

/** The `## Install in n8n` section of README.md. */
function installSection(): string {
	const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
	const start = readme.indexOf('\n## Install in n8n\n');
	assert.notEqual(start, -1, 'README.md has a "## Install in n8n" section');
	const end = readme.indexOf('\n## ', start + 1);
	return readme.slice(start, end === -1 ? undefined : end);
}

/** The first fenced block after `label` in README's install section, and its language. */
function blockAfter(label: string): { language: string; code: string } {
	const section = installSection();
	const at = section.indexOf(label);
	assert.notEqual(at, -1, `README's install section has "${label}"`);
	const block = /```(\w*)\n([\s\S]*?)```/.exec(section.slice(at));
	assert.ok(block, `a code block follows "${label}"`);
	return { language: block[1], code: block[2] };
}

/** The commands of a shell block, comments and blank lines left out. */
function commandsOf(code: string): string[] {
	return code
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * Runs a shell script on Node 22 as a user whose home is `home` runs it in a terminal: npm reads
 * the machine user's npm settings and cache, and none of the variables `npm run` sets for the
 * test run (they would point npm at this project).
 */
async function runOnNode22(script: string, home: string): Promise<{ stdout: string; stderr: string }> {
	const shellEnvironment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
	return await run('bash', [join(projectRoot, 'scripts', 'toolchain.sh'), 'bash', '-e', '-c', script], {
		cwd: home,
		env: {
			...shellEnvironment,
			HOME: home,
			PDF_NOODLE_NODE_MAJOR: '22',
			npm_config_userconfig: process.env.npm_config_userconfig ?? join(homedir(), '.npmrc'),
			npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm'),
		},
		maxBuffer: 16 * 1024 * 1024,
	});
}

const sandbox = useSandbox();
let n8n: N8n;
let tarball: string;

beforeAll(async () => {
	// The throw-away user folder is the user's home: n8n reads ~/.n8n, README's commands write there.
	n8n = new N8n();
	tarball = await n8n.packThisPackage();
});

afterAll(async () => {
	await n8n?.dispose();
});

describe(`README's manual install, then n8n ${N8N_VERSION}`, () => {
	test('the commands, run on Node 22, put the package into ~/.n8n/nodes and leave n8n-workflow to n8n', async () => {
		const { language, code } = blockAfter('**By hand');
		assert.equal(language, 'bash');
		const commands = commandsOf(code);
		assert.ok(commands.some((command) => command.includes(PACKAGE_NAME)), `README installs ${PACKAGE_NAME}: ${code}`);
		// The packed package stands in for the published one, and nothing else is changed.
		const script = commands.join('\n').replaceAll(PACKAGE_NAME, tarball);
		assert.equal((await runOnNode22('node --version', n8n.userFolder)).stdout.trim().split('.')[0], 'v22');
		await runOnNode22(script, n8n.userFolder);

		const installed = join(n8n.nodesFolder, 'node_modules', PACKAGE_NAME);
		const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
		assert.equal(manifest.name, PACKAGE_NAME);
		assert.ok(existsSync(join(installed, manifest.n8n.nodes[0])), 'the built nodes are installed');
		// n8n's own n8n-workflow runs the nodes; a second copy in the nodes folder is what fails to
		// install (its isolated-vm does not build on Node 22) and would shadow n8n's.
		assert.equal(existsSync(join(n8n.nodesFolder, 'node_modules', 'n8n-workflow')), false, 'n8n-workflow is not installed next to the package');
	});

	test('the Docker command runs the same commands in the container', () => {
		const byHand = commandsOf(blockAfter('**By hand').code).join(' && ');
		const docker = commandsOf(blockAfter('**Docker').code);
		assert.ok(
			docker.some((command) => command.startsWith('docker exec') && command.includes(`sh -c '${byHand}'`)),
			`a docker exec runs "${byHand}": ${docker.join('\n')}`,
		);
	});

	test('n8n started on that user folder loads the nodes and runs the render-invoice example', async () => {
		await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl)]);
		await n8n.importWorkflow(example('render-invoice'));
		const result = await n8n.execute('pdfNoodleRenderInvoice');
		const [task] = result.data.resultData.runData['Render invoice'];
		assert.equal(task.error, undefined, `Render invoice failed: ${task.error?.message}`);
		const [item] = task.data.main[0];
		assert.equal(item.binary.data.fileName, 'invoice-INV-1042.pdf');
		const bytes = n8n.readBinary(item.binary.data);
		assert.ok(isPdf(bytes));
		assert.ok((await pdfText(bytes)).includes('Invoice INV-1042'));
	});
});
