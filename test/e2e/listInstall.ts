/**
 * The way in on n8n 3.x (unverified packages off), for the n8n 3.x profile: the packed package
 * published to a registry of its own (Verdaccio, test/support/registry.ts) and named in
 * N8N_COMMUNITY_PACKAGES with the checksum that registry records, docs/n8n-3.md's settings as they are
 * (test/e2e/managedInstall.test.ts checks what n8n says about them). n8n installs it at the next
 * `n8n start`; its CLI commands load what is then in the nodes folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { type Packed, Registry } from '../support/registry';
import { documentedSettings, listEntry, PACKAGE_NAME, testRegistrySettings } from './communityPackages';

export class ListInstall {
	private constructor(
		private readonly registry: Registry,
		readonly packed: Packed,
	) {}

	/** Starts a registry and publishes the tarball to it, as a release does. */
	static async publish(tarball: string): Promise<ListInstall> {
		const registry = new Registry();
		await registry.start();
		try {
			return new ListInstall(registry, await registry.publish(tarball));
		} catch (error) {
			await registry.stop();
			throw error;
		}
	}

	/** The documented lines with this version and its checksum, and the test registry in place of npm's. */
	settings(): Record<string, string> {
		const settings = { ...documentedSettings(), N8N_COMMUNITY_PACKAGES: JSON.stringify([listEntry(this.packed)]), ...testRegistrySettings(this.registry) };
		return Object.fromEntries(Object.entries(settings).filter((entry): entry is [string, string] => entry[1] !== undefined));
	}

	/** Whether n8n has installed this version into a nodes folder. */
	installedIn(nodesFolder: string): boolean {
		const manifest = join(nodesFolder, 'node_modules', PACKAGE_NAME, 'package.json');
		return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === this.packed.version;
	}

	async stop(): Promise<void> {
		await this.registry.stop();
	}
}
