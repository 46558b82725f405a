/** The service's current address; every path below it starts with `/v1`. */
export const CURRENT_BASE_URL = 'https://api.pdfnoodle.com';

/**
 * The address the service had as pdforge. It answers 301 to the current address, but an
 * HTTP client that follows a 301 on a POST turns it into a GET and drops the body, so a
 * credential still pointing here is rewritten before anything is sent.
 */
export const FORMER_BASE_URL = 'https://api.pdforge.com';

/** Trims the base URL a user typed, drops trailing slashes and replaces the former address. */
export function normalizeBaseUrl(baseUrl: unknown): string {
	const trimmed = String(baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	if (trimmed === '') return CURRENT_BASE_URL;
	return isFormerAddress(trimmed) ? CURRENT_BASE_URL : trimmed;
}

/** Rewrites an absolute URL on the former address to the same path on the current one. */
export function rewriteFormerAddress(url: string): string {
	if (!isFormerAddress(url)) return url;
	return CURRENT_BASE_URL + url.slice(FORMER_BASE_URL.length);
}

function isFormerAddress(url: string): boolean {
	const lower = url.toLowerCase();
	return (
		lower === FORMER_BASE_URL ||
		lower.startsWith(`${FORMER_BASE_URL}/`) ||
		lower.startsWith(`${FORMER_BASE_URL}?`)
	);
}

/**
 * The API key goes only to the configured service address or the current one: never to
 * a file host, a webhook receiver or whatever address a response happened to name.
 */
export function assertKeyStaysWithService(
	request: { baseURL?: string; url: string },
	configuredBaseUrl: string,
): void {
	const target = originOf(request.url) ?? originOf(request.baseURL ?? '');
	if (target === undefined) return;
	const allowed = [originOf(configuredBaseUrl), originOf(CURRENT_BASE_URL)];
	if (!allowed.includes(target)) {
		throw new Error(
			`Refusing to send the pdf noodle API key to ${target}: it goes only to the credential's Base URL`,
		);
	}
}

function originOf(url: string): string | undefined {
	if (!/^https?:\/\//i.test(url)) return undefined;
	try {
		return new URL(url).origin;
	} catch {
		return undefined;
	}
}
