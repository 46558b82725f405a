/**
 * n8n's own ways of installing this package from a registry, as the tests drive them: the
 * settings of docs/n8n-3.md's "Install from n8n's environment list" (the list n8n installs from at start),
 * the test registry in place of the public one, and what n8n logs about it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { Packed, Registry } from '../support/registry';

export const PACKAGE_NAME = 'n8n-nodes-pdf-noodle';
/** The nodes n8n registers for the package (the tool variant is not counted by n8n). */
export const NODE_TYPES = [`${PACKAGE_NAME}.pdfNoodle`, `${PACKAGE_NAME}.pdfNoodleTrigger`];

/** The page and section that tell a user how n8n installs the package from its environment. */
const DOC_PAGE = join('docs', 'n8n-3.md');
const DOC_SECTION = "## Install from n8n's environment list";
/** The module that answers n8n's licence question for a registry of its own (see its comment). */
const LICENSE_MODULE = join(__dirname, 'customRegistryLicense.js');

/** The doc's section on the list, up to the next section. */
function documentedSection(): string {
	const page = readFileSync(resolve(__dirname, '..', '..', DOC_PAGE), 'utf8');
	const start = page.indexOf(`\n${DOC_SECTION}\n`);
	assert.notEqual(start, -1, `${DOC_PAGE} has a "${DOC_SECTION}" section`);
	const end = page.indexOf('\n## ', start + 1);
	return page.slice(start, end === -1 ? undefined : end);
}

/** The lines of the section's fenced blocks in a language, in order, without their indentation (a block may sit in a list item). */
function documentedBlockLines(language: string): string[] {
	return [...documentedSection().matchAll(/```(\w*)\n([\s\S]*?)```/g)]
		.filter(([, lang]) => lang === language)
		.flatMap(([, , code]) => code.split('\n').map((line) => line.trim()))
		.filter((line) => line !== '' && !line.startsWith('#'));
}

/** The documented environment lines (`NAME=value`, as Docker's `--env-file` reads them: no quotes). */
export function documentedSettings(): Record<string, string> {
	const lines = documentedBlockLines('dotenv');
	assert.ok(lines.length > 0, `${DOC_PAGE}'s "${DOC_SECTION}" has a dotenv block`);
	return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

/** The documented command that prints a version's checksum, with `version` in place of the doc's. */
export function documentedChecksumCommand(version: string): string[] {
	const command = documentedBlockLines('bash').find((line) => line.startsWith('npm view '));
	assert.ok(command, `${DOC_PAGE}'s "${DOC_SECTION}" says how to get a version's checksum`);
	const words = command.split(/\s+/).filter(Boolean);
	assert.match(words[2], new RegExp(`^${PACKAGE_NAME}@`), command);
	words[2] = `${PACKAGE_NAME}@${version}`;
	return words.slice(1);
}

/** An entry of N8N_COMMUNITY_PACKAGES: the documented one, for this version, with this checksum (its own by default) or none (null). */
export function listEntry(packed: Packed, checksum: string | null = packed.integrity): Record<string, string> {
	const [documentedEntry, ...others] = JSON.parse(documentedSettings().N8N_COMMUNITY_PACKAGES);
	assert.equal(others.length, 0, `${DOC_PAGE} lists this package alone`);
	assert.deepEqual(Object.keys(documentedEntry), ['name', 'version', 'checksum'], `${DOC_PAGE} names the package, its version and checksum`);
	assert.equal(documentedEntry.name, PACKAGE_NAME);
	const entry: Record<string, string> = { ...documentedEntry, version: packed.version };
	if (checksum === null) delete entry.checksum;
	else entry.checksum = checksum;
	return entry;
}

/**
 * The settings under which n8n installs community packages from the test's registry instead of
 * the public one: the registry, and the module that answers n8n's licence question for it.
 */
export function testRegistrySettings(registry: Registry): NodeJS.ProcessEnv {
	return {
		N8N_COMMUNITY_PACKAGES_REGISTRY: registry.url,
		NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require=${LICENSE_MODULE}`].filter(Boolean).join(' '),
	};
}

/**
 * The documented settings with the given list (the test's version and checksum), from the test's
 * registry; n8n's log as JSON lines, so that each message can be read with its details (what a
 * user reads in n8n's default log is the message alone).
 */
export function managedSettings(registry: Registry, list: Array<Record<string, string>>): NodeJS.ProcessEnv {
	return { ...documentedSettings(), N8N_COMMUNITY_PACKAGES: JSON.stringify(list), ...testRegistrySettings(registry), N8N_LOG_FORMAT: 'json' };
}

export interface LogEntry {
	level: string;
	message: string;
	metadata: Record<string, any>;
}

/** The entries of a log n8n wrote as JSON lines (N8N_LOG_FORMAT=json); other lines are left out. */
export function logEntries(log: string): LogEntry[] {
	return log.split('\n').flatMap((line) => {
		if (!line.startsWith('{')) return [];
		try {
			const { level, message, metadata } = JSON.parse(line);
			return typeof message === 'string' ? [{ level, message, metadata: metadata ?? {} }] : [];
		} catch {
			return [];
		}
	});
}

/** The messages of a log (JSON lines), as n8n's default log prints them. */
export function logMessages(log: string): string[] {
	return logEntries(log).map((entry) => entry.message);
}

/** The licence module said, in n8n's own process, that it answered (and nowhere else). */
export function licenseAnswered(log: string): boolean {
	return log.includes('test licence module: License.isCustomNpmRegistryEnabled() answers yes');
}
