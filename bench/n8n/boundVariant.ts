/**
 * A bench-only node beside the package's own in n8n: PDF Noodle with its "Requests at Once"
 * option (shared/requestsAtOnce.ts) on the panel, so that the same run can measure the node
 * with its default bound and without a bound. The package's node applies the default; until
 * its description lists the option, only this variant lets a workflow set it.
 */
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const BOUND_VARIANT_TYPE = 'n8n-nodes-pdf-noodle.pdfNoodleBound';

const VARIANT_SOURCE = `"use strict";
const { PdfNoodle } = require('../nodes/PdfNoodle/PdfNoodle.node.js');
const { requestsAtOnceField } = require('../nodes/PdfNoodle/shared/requestsAtOnce.js');
class PdfNoodleBound extends PdfNoodle {
	constructor() {
		super();
		this.description = {
			...this.description,
			name: 'pdfNoodleBound',
			displayName: 'PDF Noodle (bench: Requests at Once)',
			icon: 'file:../nodes/PdfNoodle/pdfNoodle.svg',
			properties: [...this.description.properties, requestsAtOnceField],
		};
	}
}
exports.PdfNoodleBound = PdfNoodleBound;
`;

/** Adds the variant to the package installed in n8n's nodes folder (it is not part of the published package). */
export function addBoundVariant(nodesFolder: string, packageName: string): void {
	const root = join(nodesFolder, 'node_modules', packageName);
	mkdirSync(join(root, 'dist', 'bench'), { recursive: true });
	writeFileSync(join(root, 'dist', 'bench', 'PdfNoodleBound.node.js'), VARIANT_SOURCE);
	const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
	manifest.n8n.nodes = [...manifest.n8n.nodes, 'dist/bench/PdfNoodleBound.node.js'];
	writeFileSync(join(root, 'package.json'), JSON.stringify(manifest, null, 2));
}
