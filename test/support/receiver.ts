/** A webhook receiver on a free loopback port that keeps what it was sent. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Receiver {
	url: string;
	received: Array<{ path: string; body: unknown }>;
	/** Resolves once `count` calls have arrived. */
	waitFor(count: number, timeoutMs?: number): Promise<void>;
	close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
	const received: Receiver['received'] = [];
	const waiters: Array<() => void> = [];
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const text = Buffer.concat(chunks).toString('utf8');
			let body: unknown = text;
			try {
				body = JSON.parse(text);
			} catch {
				// kept as text
			}
			received.push({ path: request.url ?? '/', body });
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end('{"received":true}');
			waiters.splice(0).forEach((wake) => wake());
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/hook`,
		received,
		async waitFor(count, timeoutMs = 20_000) {
			const deadline = Date.now() + timeoutMs;
			while (received.length < count) {
				if (Date.now() > deadline) throw new Error(`The receiver got ${received.length} of ${count} calls`);
				await new Promise<void>((resolve) => {
					waiters.push(resolve);
					setTimeout(resolve, 200);
				});
			}
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
