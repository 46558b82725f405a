/**
 * A signed file URL's redirects (nodes/shared/transport/fileRequest.ts): followed by the package
 * hop by hop, each hop judged before anything is sent to it, at most five; a guard that turns
 * them off gets the redirect as its answer. n8n's client is asked to follow none itself.
 */
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';

import { fileRequest } from '../../dist/nodes/shared/transport/fileRequest.js';

/** A context (n8n 1.x: no egress filter) whose HTTP helper answers from `answers` by URL, noting each request. */
function contextAnswering(answers: Record<string, { statusCode: number; headers?: Record<string, string> }>) {
	const sent: Array<{ method?: string; url: string; disableFollowRedirect?: boolean; body?: unknown }> = [];
	const context = {
		getNode: () => ({ name: 'PDF Noodle' }),
		getItemIndex: () => 0,
		helpers: {
			httpRequest: async (options: { method?: string; url: string; disableFollowRedirect?: boolean; body?: unknown }) => {
				sent.push({ method: options.method, url: options.url, disableFollowRedirect: options.disableFollowRedirect, body: options.body });
				const answer = answers[options.url];
				if (!answer) throw new Error(`nothing at ${options.url}`);
				return { body: 'body', headers: {}, ...answer };
			},
		},
	};
	return { context: context as never, sent };
}

describe('fileRequest', () => {
	test('a redirect is followed to the next hop, relative or absolute; n8n\'s client follows none itself', async () => {
		const { context, sent } = contextAnswering({
			'https://files.example.com/a.pdf': { statusCode: 302, headers: { location: '/b.pdf' } },
			'https://files.example.com/b.pdf': { statusCode: 307, headers: { location: 'https://cdn.example.net/c.pdf' } },
			'https://cdn.example.net/c.pdf': { statusCode: 200 },
		});
		const response = await fileRequest(context, { method: 'GET', url: 'https://files.example.com/a.pdf' });
		assert.equal(response.statusCode, 200);
		assert.deepEqual(sent.map(({ url, disableFollowRedirect }) => [url, disableFollowRedirect]), [
			['https://files.example.com/a.pdf', true],
			['https://files.example.com/b.pdf', true],
			['https://cdn.example.net/c.pdf', true],
		]);
	});

	test('a hop into n8n\'s own network is refused before anything is sent to it', async () => {
		const { context, sent } = contextAnswering({ 'https://files.example.com/a.pdf': { statusCode: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } } });
		await assert.rejects(fileRequest(context, { method: 'GET', url: 'https://files.example.com/a.pdf' }), {
			message: "Not downloaded: http://169.254.169.254 is an address of n8n's own network (loopback, link-local, private or reserved), and only the credential's Base URL may be one",
		});
		assert.equal(sent.length, 1);
	});

	test('a 303 is looked up with a GET without the body; a 308 keeps the method and body; the sixth hop is the answer', async () => {
		const { context, sent } = contextAnswering({
			'https://upload.example.com/put': { statusCode: 308, headers: { location: 'https://upload.example.com/put2' } },
			'https://upload.example.com/put2': { statusCode: 303, headers: { location: 'https://upload.example.com/done' } },
			'https://upload.example.com/done': { statusCode: 200 },
		});
		await fileRequest(context, { method: 'PUT', url: 'https://upload.example.com/put', body: 'bytes' });
		assert.deepEqual(sent.map(({ method, body }) => [method, body]), [['PUT', 'bytes'], ['PUT', 'bytes'], ['GET', undefined]]);

		const loop = contextAnswering({ 'https://files.example.com/loop': { statusCode: 302, headers: { location: '/loop' } } });
		const answer = await fileRequest(loop.context, { method: 'GET', url: 'https://files.example.com/loop' });
		assert.deepEqual([answer.statusCode, loop.sent.length], [302, 6]);
	});

	test('a guard that turns redirects off gets the redirect as its answer', async () => {
		const { context, sent } = contextAnswering({ 'https://files.example.com/a.pdf': { statusCode: 302, headers: { location: '/b.pdf' } } });
		const response = await fileRequest(context, { method: 'GET', url: 'https://files.example.com/a.pdf', disableFollowRedirect: true });
		assert.deepEqual([response.statusCode, sent.length], [302, 1]);
	});
});
