/**
 * `npm run demo`: the package's main job on a fresh clone. Starts the sandbox, installs
 * the packed package into a real n8n, runs example workflows there, writes the files they
 * produced to ./demo-output/, and stops everything it started.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { startSandbox } from '../sandbox/server';
import { example, sandboxCredential } from './examples';
import { N8n, N8N_VERSION, packPackage } from './n8n';

const OUTPUT_FOLDER = resolve(__dirname, '..', '..', 'demo-output');

/** Example workflows the demo runs, and the nodes whose files it keeps. */
const RUNS = [
	{ workflow: 'render-invoice', id: 'pdfNoodleRenderInvoice', nodes: ['Render invoice'] },
	{ workflow: 'create-template-then-render', id: 'pdfNoodleCreateTemplateThenRender', nodes: ['Create template with AI', 'Render with the new template'] },
	{ workflow: 'batch-merge', id: 'pdfNoodleBatchMerge', nodes: ['Certificates, merged'] },
	{ workflow: 'render-then-merge-items', id: 'pdfNoodleRenderThenMergeItems', nodes: ['All letters in one PDF'] },
	{ workflow: 'markdown-merge-compress-metadata', id: 'pdfNoodleMarkdownMergeCompressMetadata', nodes: ['Set title and author'] },
	{ workflow: 'split-into-chapters', id: 'pdfNoodleSplitIntoChapters', nodes: ['Chapters, all on one item'] },
	{ workflow: 'zip-site-to-pdf', id: 'pdfNoodleZipSiteToPdf', nodes: ['Render the site'] },
];

async function main(): Promise<void> {
	console.log(`demo: starting the sandbox and n8n ${N8N_VERSION} with the packed package...`);
	const sandbox = await startSandbox({ port: 0 });
	const n8n = new N8n();
	const packFolder = mkdtempSync(join(tmpdir(), 'pdf-noodle-pack-'));
	const written: string[] = [];
	try {
		await n8n.installPackage(await packPackage(packFolder));
		await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl)]);
		mkdirSync(OUTPUT_FOLDER, { recursive: true });
		for (const { workflow, id, nodes } of RUNS) {
			console.log(`demo: running the example workflow "${example(workflow).name}"`);
			await n8n.importWorkflow(example(workflow));
			const run = await n8n.execute(id);
			for (const nodeName of nodes) {
				const task = run.data.resultData.runData[nodeName]?.at(-1);
				if (!task || task.error) throw new Error(`"${nodeName}" failed: ${task?.error?.message ?? 'it did not run'}`);
				for (const item of task.data.main[0]) {
					for (const binary of Object.values(item.binary ?? {}) as Array<{ id: string; fileName: string }>) {
						const path = join(OUTPUT_FOLDER, binary.fileName);
						writeFileSync(path, n8n.readBinary(binary));
						written.push(path);
					}
				}
			}
		}
	} finally {
		await n8n.dispose();
		await sandbox.close();
		rmSync(packFolder, { recursive: true, force: true });
	}
	console.log(`demo: done. ${written.length} files written by n8n's workflows:`);
	for (const path of written) console.log(`  ${path}`);
}

main().catch((error: Error) => {
	console.error(`demo: ${error.message}`);
	process.exit(1);
});
