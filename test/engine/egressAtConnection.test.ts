/**
 * Where the trigger's downloads of an unconfirmed call connect, with n8n 2.x's real egress
 * filter and resolver (nodes/shared/transport/connectionAddress.ts): a name is resolved once,
 * every address it gives is judged by n8n's list and the package's rule, and the request goes to
 * an address so judged, with n8n's SSRF protection off (its default) and on. And what such a
 * download may cost: an endless file stops at the byte bound (nodes/shared/files/downloadBounds.ts).
 */
import assert from 'node:assert/strict';
import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import net, { type AddressInfo } from 'node:net';
import tls, { type TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, test } from '@jest/globals';
import { SsrfProtectionConfig } from '@n8n/config';
import { Container } from '@n8n/di';
import axios from 'axios';

import { binaryBytes } from '../harness/engine';
import { startTriggerServer, type TriggerServer } from '../harness/webhook';
import { selfSignedCertificate } from '../support/certificates';

const OWN_NETWORK_ADVICE =
	"Only the credential's Base URL may be an address of n8n's own network (loopback, link-local, private or reserved): no n8n setting lets the package reach another.";

/** Test names and what n8n's resolver (dns.promises.lookup) answers for them, in turn; the last answer stays. */
const answers = new Map<string, Array<{ address: string; family: number }>>();
const lookups: string[] = [];
const systemLookup = dns.promises.lookup;

/**
 * A public address this machine stands in for: a connection to PUBLIC:<port> is made to
 * 127.0.0.1:<the stand-in's port> instead (the URL's port where none is set), and noted. The
 * test's own, not n8n's: n8n connects to the address as it would on the internet.
 */
const PUBLIC = '93.184.215.14';
const standIns = new Map<number, number>();
const connectedTo: string[] = [];
const socketConnect = net.Socket.prototype.connect;
function standInForPublicAddress(): void {
	net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
		// net.createConnection (n8n's http agents) passes its options inside a normalized array; tls.connect passes them as they are.
		const options = (Array.isArray(args[0]) ? args[0][0] : args[0]) as { host?: string; port?: number } | undefined;
		if (typeof options === 'object' && options?.host === PUBLIC) {
			connectedTo.push(`${options.host}:${options.port}`);
			// Changed in place: the normalized array carries a marker that a copy would lose.
			Object.assign(options, { host: '127.0.0.1', port: standIns.get(Number(options.port)) ?? options.port });
		}
		return (socketConnect as (...given: unknown[]) => net.Socket).apply(this, args);
	} as typeof net.Socket.prototype.connect;
}

/** A service on n8n's own host, on every address of it (IPv6 and IPv4), as an admin page is: it must get nothing. */
let internal: Server;
const reached: string[] = [];
let port: number;

beforeAll(async () => {
	standInForPublicAddress();
	dns.promises.lookup = (async (hostname: string, options: never) => {
		const queue = answers.get(hostname);
		if (!queue) return await systemLookup(hostname, options);
		lookups.push(hostname);
		const answer = queue.length > 1 ? queue.shift()! : queue[0];
		return (options as { all?: boolean })?.all ? [answer] : answer;
	}) as typeof dns.promises.lookup;
	internal = createServer((request, response) => {
		reached.push(request.url ?? '/');
		response.end('%PDF-1.4 internal secret');
	});
	await new Promise<void>((resolve) => internal.listen(0, '::', resolve));
	port = (internal.address() as AddressInfo).port;
});

const servers: TriggerServer[] = [];
afterAll(async () => {
	net.Socket.prototype.connect = socketConnect;
	dns.promises.lookup = systemLookup;
	Container.get(SsrfProtectionConfig).enabled = false;
	await Promise.all(servers.map(async (server) => await server.close()));
	internal.closeAllConnections();
	await new Promise<void>((resolve) => internal.close(() => resolve()));
});

/** A version-1 trigger without credentials that downloads what a call names: anyone who knows its URL chooses the URLs. */
async function unprotectedTrigger(): Promise<TriggerServer> {
	const server = await startTriggerServer({ events: ['render'], downloadFile: true, downloadUnconfirmed: true });
	servers.push(server);
	return server;
}

/** Posts a render result naming `signedUrl`, and gives the download error of the item it started. */
async function downloadErrorFor(server: TriggerServer, signedUrl: string): Promise<unknown> {
	const before = server.executions.length;
	const answer = await axios.post(server.url, { requestId: `r-${before}`, renderStatus: 'SUCCESS', signedUrl, metadata: {} }, { validateStatus: () => true });
	assert.deepEqual([answer.status, answer.data], [200, { received: true, started: true }], 'the workflow starts, and says why the file is missing');
	assert.equal(server.executions.length, before + 1);
	return server.executions[before][0].json.downloadError;
}

for (const protection of ['off', 'on'] as const) {
	describe(`n8n's SSRF protection ${protection}: a name is judged by every address it resolves to, where the connection is made`, () => {
		beforeAll(() => {
			Container.get(SsrfProtectionConfig).enabled = protection === 'on';
		});

		const resolvingHome = [
			{ name: 'zero', address: '::', family: 6 },
			{ name: 'mapped', address: '::ffff:127.0.0.1', family: 6 },
			{ name: 'shared', address: '100.64.0.1', family: 4 },
			{ name: 'loopback6', address: '::1', family: 6 },
		];
		for (const { name, address, family } of resolvingHome) {
			test(`a name resolving to ${address} reaches nothing, and the item names the address`, async () => {
				const host = `${name}-${protection}.pdf-noodle.test`;
				answers.set(host, [{ address, family }]);
				const server = await unprotectedTrigger();
				const error = await downloadErrorFor(server, `http://${host}:${port}/admin`);
				assert.match(
					String(error),
					new RegExp(
						`^data: Not downloaded: (http://${host.replace(/\./g, '\\.')}:${port} resolves to ${address.replace(/\./g, '\\.')}, an address of n8n's own network \\(loopback, link-local, private or reserved\\), and only the credential's Base URL may be one|n8n's SSRF protection blocked http://${host.replace(/\./g, '\\.')}:${port} \\(The request was blocked because it resolves to a restricted IP address\\)) \\(${OWN_NETWORK_ADVICE.replace(/[.()]/g, '\\$&')}\\)$`,
					),
				);
				assert.deepEqual(reached, []);
			});
		}

		test('a name answering a public address to the checks and a local one after them (DNS rebinding) never reaches the local one: the connection goes to the address judged', async () => {
			const host = `rebind-${protection}.pdf-noodle.test`;
			// n8n's egress check and the package's resolution each get the public address; a resolution at the connection would get 127.0.0.1.
			answers.set(host, [{ address: PUBLIC, family: 4 }, { address: PUBLIC, family: 4 }, { address: '127.0.0.1', family: 4 }]);
			// The public host, on the port the URL names (the internal service's).
			const publicHost = createServer((request, response) => response.end('%PDF-1.4 the public host'));
			await new Promise<void>((resolve) => publicHost.listen(0, '127.0.0.1', resolve));
			standIns.set(port, (publicHost.address() as AddressInfo).port);
			try {
				const server = await unprotectedTrigger();
				assert.equal(await downloadErrorFor(server, `http://${host}:${port}/admin`), undefined);
				const [item] = server.executions.at(-1)!;
				assert.equal((await binaryBytes(item.binary?.data)).toString(), '%PDF-1.4 the public host');
				assert.ok(connectedTo.includes(`${PUBLIC}:${port}`), connectedTo.join(', '));
				// n8n's resolver may serve the package's resolution from its cache of the check's: one or two, never the third.
				assert.ok(lookups.filter((name) => name === host).length <= 2, 'no resolution at the connection');
				assert.deepEqual(reached, []);
			} finally {
				standIns.delete(port);
				publicHost.closeAllConnections();
				await new Promise<void>((resolve) => publicHost.close(() => resolve()));
			}
		});
	});
}

describe('a file host by name, pinned to the public address it resolves to', () => {
	beforeAll(() => {
		Container.get(SsrfProtectionConfig).enabled = false;
	});

	/** An HTTPS file host with a certificate for `certifiedName` (trusted here as a real one is), noting each request's Host and TLS server name. */
	async function fileHost(certifiedName: string) {
		const certificate = selfSignedCertificate([certifiedName]);
		const trustedBefore = tls.getCACertificates('default');
		tls.setDefaultCACertificates([...trustedBefore, certificate.cert]);
		const seen: Array<{ host?: string; servername: string | false | null }> = [];
		const server = createHttpsServer(certificate, (request, response) => {
			seen.push({ host: request.headers.host, servername: (request.socket as TLSSocket).servername });
			response.writeHead(200, { 'Content-Type': 'application/pdf' }).end('%PDF-1.4 the file host\'s file');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return {
			port: (server.address() as AddressInfo).port,
			seen,
			close: async () => {
				tls.setDefaultCACertificates(trustedBefore);
				server.closeAllConnections();
				await new Promise<void>((resolve) => server.close(() => resolve()));
			},
		};
	}

	test('the file is downloaded from the address the name resolved to, with the name as Host and as the TLS server name its certificate is checked against', async () => {
		const host = await fileHost('files.pdf-noodle.test');
		answers.set('files.pdf-noodle.test', [{ address: PUBLIC, family: 4 }]);
		try {
			const server = await unprotectedTrigger();
			const error = await downloadErrorFor(server, `https://files.pdf-noodle.test:${host.port}/doc.pdf`);
			assert.equal(error, undefined);
			const [item] = server.executions.at(-1)!;
			assert.equal((await binaryBytes(item.binary?.data)).toString(), "%PDF-1.4 the file host's file");
			assert.deepEqual(host.seen, [{ host: `files.pdf-noodle.test:${host.port}`, servername: 'files.pdf-noodle.test' }]);
			assert.deepEqual(connectedTo.filter((target) => target === `${PUBLIC}:${host.port}`).length, 1);
		} finally {
			await host.close();
		}
	});

	test('a certificate for another name is refused: the connection goes to the address, the check to the name', async () => {
		const host = await fileHost('other.pdf-noodle.test');
		answers.set('certified.pdf-noodle.test', [{ address: PUBLIC, family: 4 }]);
		try {
			const server = await unprotectedTrigger();
			const error = await downloadErrorFor(server, `https://certified.pdf-noodle.test:${host.port}/doc.pdf`);
			assert.match(String(error), /^data: Downloading the file failed: .*(certificate|altnames)/i);
			assert.deepEqual(host.seen, [], 'no request was sent over the connection');
		} finally {
			await host.close();
		}
	});
});

describe('an endless file of an unconfirmed call', () => {
	// n8n's SSRF protection off (its default): the Base URL on loopback is reached, as the sandbox is.
	beforeAll(() => {
		Container.get(SsrfProtectionConfig).enabled = false;
	});

	test('stops at 25 MiB: the workflow starts, and its item says why the file is missing', async () => {
		let sent = 0;
		const chunk = Buffer.alloc(64 * 1024, 0x25);
		const endless = createServer((request, response) => {
			response.writeHead(200, { 'Content-Type': 'application/pdf' });
			const more = () => {
				while (!response.destroyed && response.write(chunk)) sent += chunk.length;
				if (!response.destroyed) response.once('drain', more);
			};
			response.on('close', () => response.removeAllListeners('drain'));
			more();
		});
		await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
		const origin = `http://127.0.0.1:${(endless.address() as AddressInfo).port}`;
		try {
			// Version 1, Confirm With PDF Noodle off, the file on the Base URL's origin: not judged as an address, bounded as a file.
			const server = await startTriggerServer(
				{ events: ['render'], downloadFile: true, confirmWithService: false, downloadUnconfirmed: true },
				{ credentials: { pdfNoodleApi: { apiKey: 'k', baseUrl: origin } } },
			);
			servers.push(server);
			const error = await downloadErrorFor(server, `${origin}/endless.pdf`);
			assert.equal(error, `data: Not downloaded: ${origin}/endless.pdf sent more than 26214400 bytes, the most a file of an unconfirmed trigger call may have`);
			assert.equal(server.executions[0][0].binary, undefined);
			assert.ok(sent < 64 * 1024 * 1024, `the host stopped being read (${sent} bytes written to the socket)`);
		} finally {
			endless.closeAllConnections();
			await new Promise<void>((resolve) => endless.close(() => resolve()));
		}
	});
});
