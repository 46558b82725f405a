/**
 * Which n8n Docker images the image jobs run (.github/workflows/docker.yml, called weekly by
 * drift.yml): the newest release of an n8n major line among the tags of `n8nio/n8n` on Docker
 * Hub, and for 3.x the `n8nio/runners` image of the same version, the task-runner sidecar that
 * n8n 3.x needs for Code nodes (3.x no longer starts a runner inside its own container).
 * n8n 3.x is published only as these images, no longer as a runnable npm package, so the tags,
 * not `npm view n8n@latest`, say what users run.
 *
 * Usage (GitHub Actions; this project's machine cannot reach Docker Hub):
 *   node --import tsx test/e2e/imageTags.ts 3 >> "$GITHUB_OUTPUT"
 * prints `n8n=n8nio/n8n:<version>`, `version=<version>` and, for 3.x, `runners=n8nio/runners:<version>`.
 */

/** Docker Hub's tag list of a repository of the `n8nio` namespace (paged, newest update first). */
const HUB = 'https://hub.docker.com/v2/namespaces/n8nio/repositories';
/** Release tags only: `3.1.2`, not `latest`, `next`, `nightly`, `3.1.2-rc.1` or an architecture's own tag. */
const RELEASE_TAG = /^(\d+)\.(\d+)\.(\d+)$/;

/** The release tags of a major line, newest version first (compared as numbers: 2.10.0 after 2.9.9). */
export function releasesOf(tags: readonly string[], major: number): string[] {
	const parts = (tag: string) => RELEASE_TAG.exec(tag)!.slice(1).map(Number);
	return tags
		.filter((tag) => RELEASE_TAG.test(tag) && parts(tag)[0] === major)
		.sort((a, b) => {
			const [left, right] = [parts(a), parts(b)];
			return right[1] - left[1] || right[2] - left[2];
		});
}

/**
 * The newest release of a major line for which `hasSidecar` holds (for 3.x: a runners image of
 * that version exists; the n8n image may be pushed a little before its sidecar).
 */
export async function newestRelease(tags: readonly string[], major: number, hasSidecar: (version: string) => Promise<boolean>): Promise<string> {
	const releases = releasesOf(tags, major);
	for (const version of releases) if (await hasSidecar(version)) return version;
	throw new Error(releases.length ? `No n8n ${major}.x release has its runners image (newest: ${releases.slice(0, 3).join(', ')})` : `Docker Hub lists no n8n ${major}.x release tag`);
}

async function hubJson(url: string): Promise<any> {
	const answer = await fetch(url);
	if (!answer.ok) throw new Error(`Docker Hub answered ${answer.status} for ${url}`);
	return await answer.json();
}

/** Every tag name of a repository, page after page (Docker Hub's `next` link). */
async function tagNames(repository: string): Promise<string[]> {
	const names: string[] = [];
	let url: string | null = `${HUB}/${repository}/tags?page_size=100&ordering=last_updated`;
	for (let page = 0; url && page < 200; page++) {
		const body: { next: string | null; results: Array<{ name: string }> } = await hubJson(url);
		names.push(...body.results.map((tag) => tag.name));
		url = body.next;
	}
	return names;
}

async function tagExists(repository: string, tag: string): Promise<boolean> {
	const answer = await fetch(`${HUB}/${repository}/tags/${tag}`);
	if (answer.status === 404) return false;
	if (!answer.ok) throw new Error(`Docker Hub answered ${answer.status} for ${repository}:${tag}`);
	return true;
}

async function main(): Promise<void> {
	const major = Number(process.argv[2]);
	if (!Number.isInteger(major) || major < 2) throw new Error('Usage: imageTags.ts <n8n major line, e.g. 3 or 2>');
	// 3.0 removed the runner inside n8n's container: 3.x is deployed with the runners sidecar.
	// (The 2.x job runs the same workflows, none of which has a Code node, without one.)
	const needsSidecar = major >= 3;
	const version = await newestRelease(await tagNames('n8n'), major, async (tag) => !needsSidecar || (await tagExists('runners', tag)));
	const lines = [`n8n=n8nio/n8n:${version}`, `version=${version}`, ...(needsSidecar ? [`runners=n8nio/runners:${version}`] : [])];
	process.stdout.write(`${lines.join('\n')}\n`);
}

if (require.main === module) {
	main().catch((error: Error) => {
		process.stderr.write(`${error.message}\n`);
		process.exit(1);
	});
}
