/**
 * The n8n 3.x profile of the end-to-end tests: every default that n8n 3.0 changed and that the
 * pinned n8n 2.40.7 can express, set explicitly, so that the tests run the package as a 3.x
 * user's n8n has it. n8n 3.x itself is published only as Docker images; the image jobs
 * (.github/workflows/docker.yml) run the same test files with the same settings in the
 * newest 3.x and 2.x images (test/e2e/n8nImage.ts).
 *
 * Where each value comes from: n8n's "v3.0 breaking changes" page
 * (https://docs.n8n.io/changelog/v30-breaking-changes/) and the migration rules n8n 2.40.7 itself
 * ships for 3.0 (node_modules/n8n/dist/modules/breaking-changes/rules/v3/<rule>.js, the rules
 * behind its Settings → Migration Report), checked against 2.40.7's configuration classes
 * (@n8n/config, n8n-core) for the variable and its 2.x default.
 *
 * Not here, because 2.40.7 has no setting for it: 3.x runs only in Docker (the image jobs);
 * 3.x's larger built-in SSRF list is appended to 2.40.7's list instead (below); the workflow-level
 * changes (removed nodes and modes, "Always Output Data" on nodes with several outputs) are n8n's
 * nodes', not settings; 3.x no longer offers the internal task runner at all (here: external mode,
 * no runner, as a 3.x container without its runners sidecar: no workflow of the tests has a Code
 * node). In queue mode (test/queue) every cluster sets OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true
 * (test/queue/cluster.ts), 3.x's only behaviour (rule offload-manual-executions: 3.x removes the
 * variable, manual executions always run on workers).
 */
import { join } from 'node:path';

/** PDF_NOODLE_PROFILE=3x selects the profile (`npm run test:e2e:3x`, scripts/e2e-3x.sh). */
export const N8N_3X_PROFILE = process.env.PDF_NOODLE_PROFILE === '3x';

/**
 * The shared secret of n8n's task broker and an external runner (N8N_RUNNERS_AUTH_TOKEN: external
 * mode refuses to start without one). The runners sidecar of the 3.x image job gets the same.
 */
export const RUNNERS_AUTH_TOKEN = 'pdf-noodle-e2e-runners-token';

/**
 * 3.0's built-in SSRF block list over 2.x's: the shared address space (CGNAT, Tailscale) and the
 * IPv6 transition and unspecified ranges (breaking changes "Larger default SSRF block list"; rule
 * ssrf-default-blocked-ranges names 100.64.0.0/10 and "IPv6 transition ranges"; the ranges are
 * those of issue 51's audit of n8n 3.x's source).
 */
export const N8N_3X_ADDED_SSRF_RANGES = ['100.64.0.0/10', '2002::/16', '64:ff9b::/96', '::/128'];

/** n8n 3.x's defaults for an n8n whose user folder is `userFolder`, as 2.40.7 settings. */
export function n8n3Settings(userFolder: string): Record<string, string> {
	return {
		// "Unverified community packages off by default": 2.x true, 3.x false (rule unverified-packages).
		// The package then comes in only through N8N_COMMUNITY_PACKAGES with its checksum (the harness's list install).
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'false',
		// 3.x has no internal runner (2.40.7's default mode `internal` starts one inside n8n): external
		// mode, whose broker waits for a runner that connects with this token.
		N8N_RUNNERS_MODE: 'external',
		N8N_RUNNERS_AUTH_TOKEN: RUNNERS_AUTH_TOKEN,
		// "Shorter task runner timeout": 300 s in 2.40.7 (@n8n/config runners.config), 60 s in 3.x (rule task-runner-task-timeout).
		N8N_RUNNERS_TASK_TIMEOUT: '60',
		// 2.40.7's `default` keyword is its own list (@n8n/config ssrf-protection.config); 3.x's adds these.
		// n8n's egress filter, which judges this package's downloads even with N8N_SSRF_PROTECTION_ENABLED
		// off (its 3.x default too; nodes/shared/transport/egress.ts), applies the list.
		N8N_SSRF_BLOCKED_IP_RANGES: ['default', ...N8N_3X_ADDED_SSRF_RANGES].join(','),
		// "Storage directory renamed": 3.x keeps binaries in ~/.n8n/storage, set by N8N_STORAGE_PATH
		// (n8n-core storage.config; 2.40.7 still uses ~/.n8n/binaryData where that folder exists).
		N8N_STORAGE_PATH: join(userFolder, '.n8n', 'storage'),
		// "In-memory binary data mode removed": filesystem (2.40.7's default outside queue mode; n8n-core binary-data.config).
		N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
		// "Lower Compression node decompression limits": 2 GiB and 5,000 entries in 2.40.7, 256 MiB and 1,000 in 3.x (rule compression-node-limits).
		N8N_COMPRESSION_NODE_MAX_DECOMPRESSED_SIZE_BYTES: String(256 * 1024 * 1024),
		N8N_COMPRESSION_NODE_MAX_ZIP_ENTRIES: '1000',
		// "Key rotation enabled by default": off in 2.x unless this flag is set (n8n docs "Rotate
		// encryption keys"; 2.40.7 n8n/dist/encryption/key-rotation-flag.js). Credentials are then
		// written in the format with a key identifier, as on 3.x.
		N8N_ENV_FEAT_ENCRYPTION_KEY_ROTATION: 'true',
		// "Chat Hub" off by default in 3.x (rule chat-hub-deprecated); on among 2.40.7's default modules.
		N8N_DISABLED_MODULES: 'chat-hub',
	};
}
