#!/usr/bin/env node
/**
 * n8n's verification scanner on this package, as n8n runs it before a community package may be
 * verified: @n8n/scan-community-package's own analysis (the version pinned in package.json) of
 * the packed tarball (its compiled .js and package.json) and of the source that the npm
 * provenance points at (package.json, nodes/ and credentials/ of this checkout). The scanner's
 * first steps, the provenance check and the download, need the public registry and are left out.
 *
 * Usage: node scripts/scan.mjs [--json]   (npm run scan builds first)
 * Prints each leg's verdict and the scanner's report; exits 1 when a leg fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'pdf-noodle-scan-'));
try {
	execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: root, stdio: 'ignore' });
	const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
	const packed = join(work, 'package');
	mkdirSync(packed);
	execFileSync('tar', ['-xzf', join(work, tarball), '-C', packed, '--strip-components=1']);

	const legs = {
		tarball: await analyzePackage(packed, ['**/*.js', 'package.json']),
		source: await analyzePackage(root, SOURCE_FILE_PATTERNS),
	};
	if (process.argv.includes('--json')) {
		process.stdout.write(JSON.stringify(legs));
	} else {
		for (const [leg, result] of Object.entries(legs)) {
			process.stdout.write(`${result.passed ? 'passed' : 'FAILED'}: the ${leg}${result.message ? ` (${result.message})` : ''}\n${result.details ?? ''}`);
		}
	}
	process.exitCode = Object.values(legs).every((result) => result.passed) ? 0 : 1;
} finally {
	rmSync(work, { recursive: true, force: true });
}
