/** A sandbox for a test file, with its test controls, and helpers to talk to it. */
import type { LoggedRequest, SandboxSettings } from '../sandbox/context';
import { type Sandbox, startSandbox } from '../sandbox/server';

export type { Sandbox };

export async function startTestSandbox(settings: Partial<SandboxSettings> = {}): Promise<Sandbox> {
	return await startSandbox({ port: 0, testControls: true, apiKey: 'test-key-3f9a1c', settings });
}

export function credentialsFor(sandbox: Sandbox, overrides: { apiKey?: string; baseUrl?: string } = {}) {
	return { pdfNoodleApi: { apiKey: sandbox.apiKey, baseUrl: sandbox.baseUrl, ...overrides } };
}

/** What the sandbox received on the API, oldest first (signed file downloads left out). */
export function apiRequests(sandbox: Sandbox): LoggedRequest[] {
	return sandbox.context.requestLog.filter((request) => request.path.startsWith('/v1/'));
}

export function clearRequestLog(sandbox: Sandbox): void {
	sandbox.context.requestLog.length = 0;
}

/** A call to the sandbox's API with the key (or another key, or none). */
export async function callApi(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	apiKey: string | null = sandbox.apiKey,
): Promise<{ status: number; json: any; text: string }> {
	const headers: Record<string, string> = {};
	if (apiKey !== null) headers.Authorization = `Bearer ${apiKey}`;
	if (body !== undefined) headers['Content-Type'] = 'application/json';
	const response = await fetch(`${sandbox.baseUrl}${path}`, {
		method,
		headers,
		body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
	});
	const text = await response.text();
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: response.status, json, text };
}

/** Downloads a signed URL as a person's browser would. */
export async function download(url: string): Promise<{ status: number; bytes: Buffer; contentType: string | null }> {
	const response = await fetch(url);
	return {
		status: response.status,
		bytes: Buffer.from(await response.arrayBuffer()),
		contentType: response.headers.get('content-type'),
	};
}
