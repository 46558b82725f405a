import type { IncomingMessage, ServerResponse } from 'node:http';

/** The service's request body limit: larger bodies are answered 413. */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;
/** Files PUT to upload URLs go to object storage, which takes far larger bodies. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** How much of an oversized body is read (and thrown away) before the connection is cut. */
const MAX_DRAINED_BYTES = 80 * 1024 * 1024;

export class HttpError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

export interface Request {
	method: string;
	path: string;
	query: URLSearchParams;
	headers: IncomingMessage['headers'];
	params: Record<string, string>;
	/** The raw body; empty for bodiless requests. */
	rawBody: Buffer;
	/** The body parsed as JSON (undefined when there is none). */
	json: () => unknown;
}

export type Handler = (request: Request, response: ServerResponse) => Promise<void> | void;

interface Route {
	method: string;
	pattern: RegExp;
	names: string[];
	handler: Handler;
}

/** A small method + path router; `:name` segments become `params.name`. */
export class Router {
	private readonly routes: Route[] = [];

	add(method: string, path: string, handler: Handler): this {
		const names: string[] = [];
		const pattern = new RegExp(
			'^' +
				path.replace(/:([a-zA-Z]+)/g, (_match, name: string) => {
					names.push(name);
					return '([^/]+)';
				}) +
				'$',
		);
		this.routes.push({ method, pattern, names, handler });
		return this;
	}

	match(method: string, path: string): { handler: Handler; params: Record<string, string> } | 'method' | undefined {
		let pathMatched = false;
		for (const route of this.routes) {
			const found = route.pattern.exec(path);
			if (!found) continue;
			pathMatched = true;
			if (route.method !== method) continue;
			const params: Record<string, string> = {};
			route.names.forEach((name, index) => (params[name] = decodeURIComponent(found[index + 1])));
			return { handler: route.handler, params };
		}
		return pathMatched ? 'method' : undefined;
	}
}

/** Reads a body up to the limit; an oversized body is drained and reported as 413. */
export async function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	let tooLarge = false;
	for await (const chunk of request) {
		size += (chunk as Buffer).length;
		if (size > limit) {
			tooLarge = true;
			if (size > MAX_DRAINED_BYTES) {
				request.destroy();
				break;
			}
			continue;
		}
		chunks.push(chunk as Buffer);
	}
	if (tooLarge) throw new HttpError(413, 'request entity too large');
	return Buffer.concat(chunks);
}

export function parseJson(body: Buffer): unknown {
	if (body.length === 0) return undefined;
	try {
		return JSON.parse(body.toString('utf8'));
	} catch {
		throw new HttpError(400, 'The request body is not valid JSON');
	}
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
	const text = JSON.stringify(body);
	response.writeHead(status, {
		'Content-Type': 'application/json; charset=utf-8',
		'Content-Length': Buffer.byteLength(text),
	});
	response.end(text);
}

export function sendError(response: ServerResponse, status: number, message: string): void {
	sendJson(response, status, { message });
}

/** A JSON object body, or a 400 naming what is wrong. */
export function objectBody(request: Request): Record<string, unknown> {
	const body = request.json();
	if (body === null || typeof body !== 'object' || Array.isArray(body)) {
		throw new HttpError(400, 'The request body must be a JSON object');
	}
	return body as Record<string, unknown>;
}
