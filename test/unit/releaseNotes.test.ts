/**
 * The release notes the publish workflow gives each GitHub release (scripts/release-notes.sh):
 * the version's changes, its checksum, and the N8N_COMMUNITY_PACKAGES line of docs/n8n-3.md's
 * "Install from n8n's environment list" filled in for it, so that a user can copy it as it is.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@jest/globals';

import { documentedSettings } from '../e2e/communityPackages';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const INTEGRITY = 'sha512-qFkSigYD4TGMfuXOq8V9Asoikn++rhKaXFYZQZiL/SW4aQTJiIZ5yH55FEE7Kinyc/lOh65ScOB8pBcwnTwHIw==';

function releaseNotes(...args: string[]) {
	return spawnSync('bash', [join(root, 'scripts', 'release-notes.sh'), ...args], { encoding: 'utf8' });
}

test('the notes of a version: its CHANGELOG section, its checksum, and the documented list line filled in for it', () => {
	const notes = releaseNotes('0.1.0', INTEGRITY);
	assert.equal(notes.status, 0, notes.stderr);
	const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
	// The lines under the version's heading come first.
	const section = changelog.slice(changelog.indexOf('## [0.1.0]')).split('\n').slice(1, 5).join('\n');
	assert.match(section, /### Added/);
	assert.ok(notes.stdout.startsWith(section), notes.stdout.slice(0, 300));
	assert.ok(!notes.stdout.includes('[Unreleased]:'), 'without the CHANGELOG\'s links');
	assert.ok(notes.stdout.includes(`\n${INTEGRITY}\n`), 'the checksum on a line of its own');

	const line = notes.stdout.split('\n').find((entry) => entry.startsWith('N8N_COMMUNITY_PACKAGES='));
	assert.ok(line, notes.stdout);
	const documentedList = JSON.parse(documentedSettings().N8N_COMMUNITY_PACKAGES);
	assert.deepEqual(JSON.parse(line.slice(line.indexOf('=') + 1)), [{ ...documentedList[0], version: '0.1.0', checksum: INTEGRITY }]);
	assert.equal(documentedList[0].name, pkg.name);
});

test('something other than a sha512 integrity is refused', () => {
	const notes = releaseNotes('0.1.0', 'ea5ddee246489a2d68d08ada0a6ca7340d6131d3');
	assert.equal(notes.status, 2);
	assert.match(notes.stderr, /is not a sha512 integrity/);
});
