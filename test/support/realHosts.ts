/**
 * The service's real host names on this machine, for the former-address test: DNS look-ups
 * of api.pdfnoodle.com and api.pdforge.com in this test process resolve to 127.0.0.1, where
 * an HTTPS front (a throw-away self-signed certificate, added to this process's trusted
 * certificates and nowhere else) hands api.pdfnoodle.com to the sandbox and api.pdforge.com
 * to its former-address listener.
 * Nothing leaves the machine; every request the front sees is logged with whether it
 * carried an Authorization header.
 */
import dns from 'node:dns';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { request as httpRequest } from 'node:http';
import tls from 'node:tls';

import { selfSignedCertificate } from './certificates';

export const CURRENT_HOST = 'api.pdfnoodle.com';
export const FORMER_HOST = 'api.pdforge.com';

export interface FrontRequest {
	host: string;
	method: string;
	path: string;
	authorization: boolean;
}

export interface RealHosts {
	log: FrontRequest[];
	close(): Promise<void>;
}

export async function serveRealHosts(targets: { current: string; former: string }): Promise<RealHosts> {
	const certificate = selfSignedCertificate([CURRENT_HOST, FORMER_HOST]);

	const log: FrontRequest[] = [];
	const server: Server = createHttpsServer(
		certificate,
		(request, response) => {
			const host = String(request.headers.host ?? '').split(':')[0];
			log.push({ host, method: request.method ?? 'GET', path: request.url ?? '/', authorization: request.headers.authorization !== undefined });
			const target = new URL(host === FORMER_HOST ? targets.former : targets.current);
			// A connection of its own for each request (agent: false): Node's global agent keeps
			// sockets alive, and one the sandbox closed while idle would fail the next request with
			// a reset that no real front would pass on as 502.
			const upstream = httpRequest(
				{ host: target.hostname, port: target.port, method: request.method, path: request.url, headers: { ...request.headers, host: target.host, connection: 'close' }, agent: false },
				(answer) => {
					response.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(response);
				},
			);
			upstream.on('error', () => response.writeHead(502).end());
			request.pipe(upstream);
		},
	);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(443, '127.0.0.1', resolve);
	});

	const originalLookup = dns.lookup;
	const patched = ((hostname: string, options: unknown, callback?: unknown) => {
		const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
		const settings = (typeof options === 'object' && options !== null ? options : {}) as { all?: boolean };
		if (hostname === CURRENT_HOST || hostname === FORMER_HOST) {
			if (settings.all) return done(null, [{ address: '127.0.0.1', family: 4 }]);
			return done(null, '127.0.0.1', 4);
		}
		return (originalLookup as (...args: unknown[]) => void)(hostname, options, callback);
	}) as typeof dns.lookup;
	dns.lookup = patched;
	// Trusted the way a real certificate is: n8n's HTTP client still verifies it.
	const trustedBefore = tls.getCACertificates('default');
	tls.setDefaultCACertificates([...trustedBefore, certificate.cert]);

	return {
		log,
		close: async () => {
			dns.lookup = originalLookup;
			tls.setDefaultCACertificates(trustedBefore);
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
