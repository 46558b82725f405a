import { createServer } from 'node:net';

/** A free port other than those given (a port just freed is often handed out again at once). */
export async function freePort(...taken: number[]): Promise<number> {
	for (;;) {
		const port = await anyFreePort();
		if (!taken.includes(port)) return port;
	}
}

async function anyFreePort(): Promise<number> {
	return await new Promise((resolvePort, reject) => {
		const server = createServer();
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolvePort(port));
		});
		server.on('error', reject);
	});
}
