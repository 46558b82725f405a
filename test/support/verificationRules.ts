/**
 * Rules that n8n's verification of community packages gains next (issue 51: in n8n's master,
 * not yet in @n8n/scan-community-package 0.32.0), kept by this package now and checked in
 * test/unit/verification.test.ts on what ships: the nodes' built descriptions and every file of
 * the packed tarball. Written from the rules' intent, not from n8n's rule code:
 * - a `builderHint` on a discriminator parameter (`resource`, `operation`, `mode`) makes n8n
 *   refuse to start;
 * - `n8n.n8nNodesApiVersion` must stay the integer 1 while n8n 2.x is supported (n8n refuses a
 *   package that declares more than its own level, and 3.x's level is 3);
 * - the scanner's YARA step fails a package with a tunnel, request-catcher, paste or
 *   URL-shortener host anywhere in it (a placeholder or a hint string too), or that reads
 *   `process.env`.
 */

/** Parameters whose value selects which other parameters a node shows. */
const DISCRIMINATORS = ['resource', 'operation', 'mode'];

interface Property {
	name?: string;
	builderHint?: unknown;
	options?: unknown;
	values?: unknown;
}

/** The node versions' descriptions of a package: each as `{ node, version, properties }`. */
export interface BuiltDescription {
	node: string;
	version: unknown;
	properties: Property[];
}

/** The parameters below a property (a collection's options, a fixed collection's values). */
function nested(property: Property): Property[] {
	const below = [property.options, ...(Array.isArray(property.options) ? property.options.map((option: Property) => option.values) : [])];
	return below.flatMap((list) => (Array.isArray(list) ? (list as Property[]).filter((entry) => typeof entry === 'object' && entry !== null) : []));
}

/** "node v1: operation" for each discriminator with a builderHint, at the top or nested. */
export function discriminatorsWithBuilderHint(descriptions: BuiltDescription[]): string[] {
	const found: string[] = [];
	const visit = (where: string, properties: Property[]) => {
		for (const property of properties) {
			if (DISCRIMINATORS.includes(String(property.name)) && property.builderHint !== undefined) found.push(`${where}: ${property.name}`);
			visit(where, nested(property));
		}
	};
	for (const { node, version, properties } of descriptions) visit(`${node} v${JSON.stringify(version)}`, properties);
	return found;
}

/** Why package.json's `n8n.n8nNodesApiVersion` is not the integer 1, or undefined. */
export function nodesApiVersionProblem(packageJson: { n8n?: { n8nNodesApiVersion?: unknown } }): string | undefined {
	const level = packageJson.n8n?.n8nNodesApiVersion;
	return level === 1 ? undefined : `n8n.n8nNodesApiVersion is ${JSON.stringify(level)}, not the integer 1 that n8n 2.x and 3.x both load`;
}

/**
 * Hosts that a community package has no business naming, by the kind of service. The kinds are
 * those of the YARA rules the scanner's step follows (Datadog GuardDog's
 * `threat.network.outbound` family: tunnels, webhook catchers, paste and file drops, URL
 * shorteners, chat webhooks used for exfiltration); the hosts are those services' own domains.
 * A name matches as a host or a parent domain of one, in any letter case.
 */
export const SUSPICIOUS_HOSTS: Record<string, string[]> = {
	'a tunnel to someone\'s machine': [
		'ngrok.io', 'ngrok.app', 'ngrok.dev', 'ngrok-free.app', 'ngrok-free.dev', 'loca.lt', 'localtunnel.me', 'localhost.run',
		'lhr.life', 'serveo.net', 'trycloudflare.com', 'ply.gg', 'pagekite.me',
	],
	'a catcher of requests': [
		'webhook.site', 'webhook.cool', 'webhook-test.com', 'pipedream.net', 'beeceptor.com', 'requestbin.com', 'requestbin.net',
		'requestcatcher.com', 'hookbin.com', 'oastify.com', 'burpcollaborator.net', 'burpcollaborator.me', 'interact.sh',
		'oast.pro', 'oast.live', 'oast.site', 'oast.online', 'oast.fun', 'oast.me', 'dnslog.cn',
	],
	'a paste or file drop': [
		'pastebin.com', 'hastebin.com', 'paste.ee', 'ghostbin.site', 'rentry.co', 'termbin.com', 'transfer.sh', 'filetransfer.io',
		'file.io', '0x0.st', 'catbox.moe', 'sendspace.com',
	],
	'a URL shortener': ['bit.ly', 'tinyurl.com', 'is.gd', 'goo.gl', 'ow.ly', 'buff.ly', 'cutt.ly', 'rebrand.ly'],
	'a chat webhook': ['api.telegram.org', 'discord.com/api/webhooks', 'discordapp.com/api/webhooks'],
};

function escaped(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** A host of the list, not part of a longer name (`rabbit.ly` is not bit.ly; `x.bit.ly` is). */
const HOST_PATTERN = new RegExp(
	`(?<![a-z0-9-])(${Object.values(SUSPICIOUS_HOSTS).flat().map(escaped).join('|')})(?![a-z0-9-]|\\.[a-z0-9])`,
	'gi',
);
/** Reading the process environment, in either spelling. */
const ENVIRONMENT_PATTERN = /\bprocess\s*(\.\s*env\b|\[\s*['"`]env['"`]\s*\])/g;

/** "path: what" for each suspicious host and each read of process.env in the files. */
export function threatFindings(files: Array<{ path: string; text: string }>): string[] {
	return files.flatMap(({ path, text }) => [
		...[...text.matchAll(HOST_PATTERN)].map((match) => `${path}: the host ${match[1].toLowerCase()}`),
		...[...text.matchAll(ENVIRONMENT_PATTERN)].map((match) => `${path}: ${match[0]}`),
	]);
}
