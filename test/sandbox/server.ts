import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

import type { LoggedRequest, SandboxContext, SandboxSettings } from './context';
import { contractViolations } from './contract/check';
import { liveSandboxes } from './contract/live';
import { applyFault, type Fault, takeFault } from './faults';
import { FileStore } from './files';
import { HttpError, MAX_BODY_BYTES, MAX_UPLOAD_BYTES, parseJson, readBody, type Request, Router, sendError } from './http';
import { Renderer } from './render/renderer';
import { BatchStore } from './batches';
import { RenderQueue } from './renders';
import { StatusRateLimit } from './statusRateLimit';
import { ToolQueue } from './tools/jobs';
import { Traffic } from './traffic';
import { batchRoutes } from './routes/batches';
import { controlRoutes } from './routes/controls';
import { fileRoutes } from './routes/files';
import { renderRoutes } from './routes/render';
import { templateRoutes } from './routes/templates';
import { toolRoutes } from './routes/tools';
import { CreationQueue } from './templates/creations';
import { TemplateStore } from './templates/store';

export interface SandboxOptions {
	/** 0 picks a free port. */
	port?: number;
	host?: string;
	apiKey?: string;
	/** Mount the /__sandbox/ test controls (request log, settings, clock). */
	testControls?: boolean;
	/**
	 * Also listen as the service's former address (pdforge) on this port: every request is
	 * answered 301 to the same path on the sandbox's own address, as api.pdforge.com does.
	 */
	formerPort?: number;
	/** Serve HTTPS with this key and certificate (e.g. a self-signed one); its URLs are https://. */
	tls?: { key: string | Buffer; cert: string | Buffer };
	settings?: Partial<SandboxSettings>;
}

export interface Sandbox {
	baseUrl: string;
	/** The former-address listener, when one was asked for. */
	formerBaseUrl?: string;
	apiKey: string;
	context: SandboxContext;
	close(): Promise<void>;
}

export const DEFAULT_API_KEY = 'sandbox-api-key';
/** The one storage connection (`s3_bucket`) the sandbox's account has. */
export const SANDBOX_STORAGE_CONNECTION = 'sandbox-storage';
const REQUEST_LOG_LIMIT = 5000;

/** Starts a local server of the pdf noodle API. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	let baseUrl = '';
	const settings: SandboxSettings = {
		syncWaitMs: 30_000,
		renderDelayMs: 0,
		toolDelayMs: 0,
		batchStaggerMs: 0,
		clockOffsetMs: 0,
		templateCreationMs: 8000,
		templateFinalizeMs: 5000,
		...options.settings,
	};
	const now = () => Date.now() + settings.clockOffsetMs;
	const faults: Fault[] = [];
	const files = new FileStore(() => settings.fileOrigin ?? baseUrl, () => settings.opaqueFileUrls === true);
	const context: SandboxContext = {
		apiKey: options.apiKey ?? DEFAULT_API_KEY,
		baseUrl: () => baseUrl,
		settings,
		now,
		files,
		templates: new TemplateStore(new Date(now())),
		renders: new RenderQueue(
			files,
			() => ({ renderDelayMs: settings.renderDelayMs, renderGate: settings.renderGate, now }),
			() => takeFault(faults, 'RENDER', '') !== undefined,
		),
		renderer: new Renderer(() => baseUrl),
		tools: new ToolQueue(() => settings.toolDelayMs),
		batches: new BatchStore(),
		requestLog: [],
		violations: [],
		traffic: new Traffic(),
		webhookDeliveries: [],
		faults,
		storageConnections: new Set([SANDBOX_STORAGE_CONNECTION]),
	} as Omit<SandboxContext, 'creations'> as SandboxContext;
	context.creations = new CreationQueue(context);

	const statusLimit = new StatusRateLimit();
	const router = new Router();
	templateRoutes(router, context);
	renderRoutes(router, context);
	toolRoutes(router, context);
	batchRoutes(router, context);
	fileRoutes(router, context);
	if (options.testControls) controlRoutes(router, context);

	const handler = (request: IncomingMessage, response: ServerResponse) => {
		handle(context, router, statusLimit, request, response).catch((error: Error) => {
			if (!response.headersSent) sendError(response, 500, `Sandbox failure: ${error.message}`);
			else response.destroy();
		});
	};
	const server: Server = options.tls ? createHttpsServer(options.tls, handler) : createServer(handler);
	await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
	const { port } = server.address() as AddressInfo;
	baseUrl = `${options.tls ? 'https' : 'http'}://${options.host ?? '127.0.0.1'}:${port}`;
	const former = options.formerPort === undefined ? undefined : await startFormerAddress(context, options.formerPort, options.host ?? '127.0.0.1');

	liveSandboxes.add(context);
	return {
		baseUrl,
		formerBaseUrl: former?.baseUrl,
		apiKey: context.apiKey,
		context,
		close: async () => {
			liveSandboxes.delete(context);
			for (const listener of [server, former?.server]) {
				if (!listener) continue;
				listener.closeAllConnections();
				await new Promise<void>((resolve) => listener.close(() => resolve()));
			}
			await context.renderer.close();
		},
	};
}

/** The former address: a permanent redirect of every request to the same path on the sandbox. */
async function startFormerAddress(context: SandboxContext, port: number, host: string): Promise<{ server: Server; baseUrl: string }> {
	const server = createServer((request, response) => {
		const location = `${context.baseUrl()}${request.url ?? '/'}`;
		context.requestLog.push({
			method: request.method ?? 'GET',
			path: `former:${new URL(request.url ?? '/', 'http://former').pathname}`,
			query: {},
			headers: { ...request.headers },
			body: undefined,
			at: new Date(context.now()).toISOString(),
		});
		request.resume();
		const body = JSON.stringify({ message: 'Moved Permanently' });
		response.writeHead(301, { Location: location, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
		response.end(body);
	});
	await listen(server, port, host);
	return { server, baseUrl: `http://${host}:${(server.address() as AddressInfo).port}` };
}

function listen(server: Server, port: number, host: string): Promise<void> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => resolve());
	});
}

function isAuthorized(context: SandboxContext, request: IncomingMessage): boolean {
	return request.headers.authorization === `Bearer ${context.apiKey}`;
}

async function handle(context: SandboxContext, router: Router, statusLimit: StatusRateLimit, incoming: IncomingMessage, response: ServerResponse): Promise<void> {
	const url = new URL(incoming.url ?? '/', 'http://sandbox');
	const method = (incoming.method ?? 'GET').toUpperCase();
	const logged: LoggedRequest = {
		method,
		path: url.pathname,
		query: Object.fromEntries(url.searchParams),
		headers: { ...incoming.headers },
		body: undefined,
		at: new Date(context.now()).toISOString(),
	};
	if (!url.pathname.startsWith('/__sandbox/')) {
		context.traffic.track(url.pathname, incoming, response);
		context.requestLog.push(logged);
		if (context.requestLog.length > REQUEST_LOG_LIMIT) context.requestLog.shift();
	}

	try {
		const fault = url.pathname.startsWith('/__sandbox/') ? undefined : takeFault(context.faults, method, url.pathname);
		const bodyLimit = url.pathname.startsWith('/uploads/') ? MAX_UPLOAD_BYTES : MAX_BODY_BYTES;
		// A request answered with an injected status is logged whole too: a test asserts what was sent.
		if (fault?.kind === 'status') logged.body = bodyForLog(await readBody(incoming, bodyLimit), incoming.headers['content-type']);
		if (fault && (await applyFault(fault, incoming, response))) return;
		if (url.pathname.startsWith('/v1/') && url.pathname.includes('/status/') && statusLimit.refuses(Date.now(), context.settings.statusLookupsPerSecond)) {
			context.traffic.countRateLimited();
			incoming.resume();
			response.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '1' });
			response.end(JSON.stringify({ message: `Too many requests: at most ${context.settings.statusLookupsPerSecond} status lookups a second` }));
			return;
		}
		const found = router.match(method, url.pathname);
		if (found === undefined) throw new HttpError(404, `Cannot ${method} ${url.pathname}`);
		if (found === 'method') throw new HttpError(405, `Method ${method} is not allowed on ${url.pathname}`);
		if (url.pathname.startsWith('/v1/') && !isAuthorized(context, incoming)) {
			throw new HttpError(401, 'Unauthorized');
		}
		const rawBody = await readBody(incoming, bodyLimit);
		logged.body = bodyForLog(rawBody, incoming.headers['content-type']);
		if (url.pathname.startsWith('/v1/')) context.violations.push(...contractViolations(method, url.pathname, logged.query, logged.body));
		const request: Request = {
			method,
			path: url.pathname,
			query: url.searchParams,
			headers: incoming.headers,
			params: found.params,
			rawBody,
			json: () => parseJson(rawBody),
		};
		await found.handler(request, response);
	} catch (error) {
		if (error instanceof HttpError) return sendError(response, error.status, error.message);
		throw error;
	}
}

function bodyForLog(body: Buffer, contentType: string | undefined): unknown {
	if (body.length === 0) return undefined;
	if (contentType?.includes('json')) {
		try {
			return JSON.parse(body.toString('utf8'));
		} catch {
			return { bytes: body.length, invalidJson: true };
		}
	}
	return { bytes: body.length };
}
