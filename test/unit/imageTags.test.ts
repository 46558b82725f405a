/**
 * Which n8n images the image jobs pick from Docker Hub's tag list (test/e2e/imageTags.ts):
 * release tags only, newest by version number, and for 3.x only a version whose runners
 * sidecar is published.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { newestRelease, releasesOf } from '../e2e/imageTags';

/** Tags as n8nio/n8n lists them: releases of both lines, moving tags, pre-releases, per-architecture tags. */
const TAGS = ['latest', 'next', 'nightly', 'stable', 'beta', '3.1.0', '2.48.2', '3.0.12', '3.1.1-rc.1', '2.9.9', '2.48.10', '3.1.0-amd64', '1.123.81', '3.0.9', '2.49.0-exp.0'];

describe('the image jobs\' n8n versions', () => {
	test('the release tags of a line, newest version first, compared as numbers', () => {
		assert.deepEqual(releasesOf(TAGS, 2), ['2.48.10', '2.48.2', '2.9.9']);
		assert.deepEqual(releasesOf(TAGS, 3), ['3.1.0', '3.0.12', '3.0.9']);
		assert.deepEqual(releasesOf(TAGS, 4), []);
	});

	test('3.x: the newest release whose runners image exists (an n8n image may come before its sidecar)', async () => {
		const runnersTags = new Set(['3.0.12', '3.0.9']);
		assert.equal(await newestRelease(TAGS, 3, async (version) => runnersTags.has(version)), '3.0.12');
		assert.equal(await newestRelease(TAGS, 2, async () => true), '2.48.10');
	});

	test('no release of the line, or none with its sidecar: the job fails and says which', async () => {
		await assert.rejects(newestRelease(TAGS, 4, async () => true), { message: 'Docker Hub lists no n8n 4.x release tag' });
		await assert.rejects(newestRelease(TAGS, 3, async () => false), { message: 'No n8n 3.x release has its runners image (newest: 3.1.0, 3.0.12, 3.0.9)' });
	});
});
