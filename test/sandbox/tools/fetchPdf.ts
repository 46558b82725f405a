import { HttpError } from '../http';

/** The largest PDF a tool reads from a URL. */
export const MAX_SOURCE_BYTES = 50 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 20_000;

/**
 * Reads the PDF at a URL, as the service does for its tools: http(s) only, with a size
 * limit and a timeout. What cannot be read is a 400 naming the URL.
 */
export async function fetchPdf(url: string, field: string): Promise<Buffer> {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		throw new HttpError(400, `${field} must be a valid URL`);
	}
	if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
		throw new HttpError(400, `${field} must be an http or https URL`);
	}
	let response: Response;
	try {
		response = await fetch(parsed, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
	} catch (error) {
		throw new HttpError(400, `Could not download the PDF at ${field}: ${(error as Error).message}`);
	}
	if (!response.ok) {
		await response.body?.cancel();
		throw new HttpError(400, `Could not download the PDF at ${field}: the server answered ${response.status}`);
	}
	const declared = Number(response.headers.get('content-length') ?? 0);
	if (declared > MAX_SOURCE_BYTES) {
		await response.body?.cancel();
		throw new HttpError(400, `The PDF at ${field} is larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MB`);
	}
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of (response.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
		size += (chunk as Uint8Array).length;
		if (size > MAX_SOURCE_BYTES) throw new HttpError(400, `The PDF at ${field} is larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MB`);
		chunks.push(Buffer.from(chunk as Uint8Array));
	}
	const bytes = Buffer.concat(chunks);
	if (!bytes.subarray(0, 1024).includes('%PDF-')) throw new HttpError(400, `The file at ${field} is not a PDF`);
	return bytes;
}
