import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

import { HttpError } from './http';

/**
 * A fault the sandbox injects for the next `times` requests matching `method` and a
 * path that starts with `pathPrefix` (test controls only):
 * - `status`: answer this HTTP status (with `headers`, e.g. Retry-After, and `body`);
 * - `reset`: cut the connection without an answer;
 * - `malformed`: answer 200 with a body that is not JSON;
 * - `delay`: wait `delayMs`, then handle the request normally (longer than a client's
 *   timeout, it is a hang);
 * - `failRender`: with method `RENDER`, the next `times` renders end FAILED; with method
 *   `PREVIEW` and a display name as `pathPrefix`, the next `times` previews of AI-created
 *   templates of that name fail (an empty `pdfPreviewUrl`).
 */
export interface Fault {
	method: string;
	pathPrefix: string;
	kind: 'status' | 'reset' | 'malformed' | 'delay' | 'failRender';
	times: number;
	status?: number;
	headers?: Record<string, string>;
	body?: unknown;
	delayMs?: number;
}

const KINDS = ['status', 'reset', 'malformed', 'delay', 'failRender'];

export function parseFault(value: unknown): Fault {
	const fault = value as Partial<Fault>;
	if (!fault || typeof fault !== 'object') throw new HttpError(400, 'A fault is an object');
	if (typeof fault.method !== 'string' || typeof fault.pathPrefix !== 'string') {
		throw new HttpError(400, 'A fault needs "method" and "pathPrefix"');
	}
	if (!KINDS.includes(String(fault.kind))) throw new HttpError(400, `A fault's "kind" is one of ${KINDS.join(', ')}`);
	if (fault.kind === 'status' && typeof fault.status !== 'number') throw new HttpError(400, 'A status fault needs "status"');
	return { ...fault, method: fault.method.toUpperCase(), times: fault.times ?? 1 } as Fault;
}

/** Takes one use of the first fault that matches the request, if any. */
export function takeFault(faults: Fault[], method: string, path: string): Fault | undefined {
	const index = faults.findIndex((fault) => fault.method === method && path.startsWith(fault.pathPrefix));
	if (index === -1) return undefined;
	const fault = faults[index];
	fault.times--;
	if (fault.times <= 0) faults.splice(index, 1);
	return fault;
}

/** Carries out a fault; answers true when the request has been dealt with. */
export async function applyFault(fault: Fault, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
	switch (fault.kind) {
		case 'delay':
			await sleep(fault.delayMs ?? 0);
			return false;
		case 'failRender':
			return false;
		case 'reset':
			request.socket.destroy();
			return true;
		case 'malformed':
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end('{"renderStatus": "SUCC');
			return true;
		case 'status': {
			const body = JSON.stringify(fault.body ?? { message: `Injected fault: status ${fault.status}` });
			response.writeHead(fault.status ?? 500, { 'Content-Type': 'application/json', ...fault.headers });
			response.end(body);
			return true;
		}
	}
}
