/**
 * A mail server for tests: plain SMTP on a free loopback port that accepts every message and
 * keeps it (envelope and raw text). No TLS and no authentication are offered, so a client set to
 * "SSL/TLS off, STARTTLS off, no user" (n8n's SMTP credential) delivers straight away.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
	from: string;
	to: string[];
	/** The message as sent: headers, a blank line, the body (MIME as the client wrote it). */
	raw: string;
}

export interface SmtpReceiver {
	port: number;
	mails: ReceivedMail[];
	close(): Promise<void>;
}

function session(socket: Socket, mails: ReceivedMail[]): void {
	let from = '';
	let to: string[] = [];
	let data: string | undefined;
	let buffered = '';
	const reply = (line: string) => socket.write(`${line}\r\n`);
	reply('220 test SMTP ready');
	socket.on('data', (chunk) => {
		buffered += chunk.toString('utf8');
		let end: number;
		while ((end = buffered.indexOf('\r\n')) !== -1) {
			const line = buffered.slice(0, end);
			buffered = buffered.slice(end + 2);
			if (data !== undefined) {
				if (line === '.') {
					mails.push({ from, to, raw: data });
					data = undefined;
					reply('250 queued');
				} else {
					// A leading dot of a data line is doubled by the client (RFC 5321 4.5.2).
					data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
				}
				continue;
			}
			const command = line.slice(0, 4).toUpperCase();
			if (command === 'EHLO' || command === 'HELO') reply('250 test');
			else if (command === 'MAIL') {
				from = /<(.*)>/.exec(line)?.[1] ?? '';
				to = [];
				reply('250 ok');
			} else if (command === 'RCPT') {
				to.push(/<(.*)>/.exec(line)?.[1] ?? '');
				reply('250 ok');
			} else if (command === 'DATA') {
				data = '';
				reply('354 end with <CRLF>.<CRLF>');
			} else if (command === 'QUIT') {
				reply('221 bye');
				socket.end();
			} else reply('250 ok');
		}
	});
	socket.on('error', () => undefined);
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
	const mails: ReceivedMail[] = [];
	const sockets = new Set<Socket>();
	const server: Server = createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		session(socket, mails);
	});
	await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
	return {
		port: (server.address() as AddressInfo).port,
		mails,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((closed) => server.close(() => closed()));
		},
	};
}
