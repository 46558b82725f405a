import axios, { type AxiosResponse } from 'axios';

import { HttpError } from '../http';
import { OWN_REQUEST_HEADER } from '../traffic';

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
	const tooLarge = `The PDF at ${field} is larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MB`;
	let response: AxiosResponse<ArrayBuffer>;
	try {
		// Redirects are followed; axios stops reading once the body passes maxContentLength.
		response = await axios.get<ArrayBuffer>(parsed.href, {
			responseType: 'arraybuffer',
			timeout: FETCH_TIMEOUT_MS,
			maxContentLength: MAX_SOURCE_BYTES,
			validateStatus: () => true,
			// Not the client's request: the sandbox's count of requests open at once leaves it out.
			headers: { [OWN_REQUEST_HEADER]: '1' },
		});
	} catch (error) {
		// axios marks this refusal by its message only.
		if ((error as Error).message.startsWith('maxContentLength')) throw new HttpError(400, tooLarge);
		throw new HttpError(400, `Could not download the PDF at ${field}: ${(error as Error).message}`);
	}
	if (response.status < 200 || response.status > 299) {
		throw new HttpError(400, `Could not download the PDF at ${field}: the server answered ${response.status}`);
	}
	const bytes = Buffer.from(response.data);
	if (!bytes.subarray(0, 1024).includes('%PDF-')) throw new HttpError(400, `The file at ${field} is not a PDF`);
	return bytes;
}
