/** A sandbox for a test file, with its test controls, and helpers to talk to it. */
import { Agent } from 'node:http';

import axios, { type AxiosInstance } from 'axios';

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

/**
 * The contract-violation log's findings so far, as "METHOD /path: field problem", and the log
 * emptied: how a test that sends junk on purpose declares it (the harness asserts the log
 * empty after each test: test/harness/contractCheck.ts).
 */
export function takeContractViolations(sandbox: Sandbox): string[] {
	const found = sandbox.context.violations.map((violation) => `${violation.request}: ${violation.field} ${violation.problem}`);
	sandbox.context.violations.length = 0;
	return found;
}

/** The sandbox's API through axios: every status is an answer to inspect, and the body stays raw text. */
/**
 * A connection of its own for every request: Node's default agent keeps sockets alive, and a
 * socket the sandbox has just closed as idle, reused, fails with ECONNRESET on a busy machine.
 */
const freshConnections = new Agent({ keepAlive: false });

function apiClient(sandbox: Sandbox): AxiosInstance {
	return axios.create({ baseURL: sandbox.baseUrl, validateStatus: () => true, responseType: 'text', transformResponse: (text: string) => text, httpAgent: freshConnections });
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
	const response = await apiClient(sandbox).request<string>({
		method,
		url: path,
		headers,
		// A string goes out as it is: axios would trim it, or re-encode one that is not valid JSON.
		data: typeof body === 'string' ? Buffer.from(body) : body,
	});
	let json: unknown;
	try {
		json = JSON.parse(response.data);
	} catch {
		json = undefined;
	}
	return { status: response.status, json, text: response.data };
}

/**
 * A synchronous render, batch or PDF tool call, waited for as a user waits for it: when the work
 * outlasts the synchronous wait (Chromium on a slow or busy machine: a batch of 20 documents can
 * take longer than the 30 s), the sandbox answers `202` with a `statusUrl`, as pdf noodle does,
 * and that URL is read every half second until the work has ended. The answer is the one that
 * carries the result: the sync call's own `200`, or the status URL's record once it is no longer
 * `ONGOING` (a render's record adds `requestId` and `renderStatus` to the sync answer's
 * `signedUrl` and `metadata`; a batch's is the sync answer's shape; of a tool's, its `result`).
 * Any other answer is returned as it is.
 */
export async function finishedCall(sandbox: Sandbox, path: string, body: unknown): Promise<{ status: number; json: any; text: string }> {
	const answer = await callApi(sandbox, 'POST', path, body);
	if (answer.status !== 202) return answer;
	const statusPath = new URL(String(answer.json.statusUrl)).pathname;
	for (;;) {
		await new Promise((wait) => setTimeout(wait, 500));
		const record = await callApi(sandbox, 'GET', statusPath);
		if (record.status !== 200) throw new Error(`The sandbox answered ${record.status} at the status URL of ${path}: ${record.text}`);
		const state = record.json.renderStatus ?? record.json.status;
		if (state === 'ONGOING') continue;
		const toolResult = statusPath.startsWith('/v1/tools/status/') && state === 'SUCCESS' ? record.json.result : undefined;
		return toolResult === undefined ? record : { status: 200, json: toolResult, text: JSON.stringify(toolResult) };
	}
}

/**
 * Downloads a signed URL as a person's browser would. Each on a connection of its own: a
 * kept-alive one the sandbox closes after its idle timeout can be reused at that instant and
 * reset (seen on a loaded machine, downloads side by side).
 */
export async function download(url: string): Promise<{ status: number; bytes: Buffer; contentType: string | null }> {
	const response = await axios.get<ArrayBuffer>(url, { responseType: 'arraybuffer', validateStatus: () => true, httpAgent: freshConnections });
	return {
		status: response.status,
		bytes: Buffer.from(response.data),
		contentType: (response.headers['content-type'] as string | undefined) ?? null,
	};
}
