/** The service's current address; every path below it starts with `/v1`. */
export const CURRENT_BASE_URL = 'https://api.pdfnoodle.com';

/**
 * The host the service had as pdforge. It answers 301 to the current address, but an HTTP
 * client that follows a 301 on a POST turns it into a GET and drops the body, so a credential
 * or URL still pointing here is rewritten before anything is sent.
 */
const FORMER_HOST = 'api.pdforge.com';
const CURRENT_HOST = 'api.pdfnoodle.com';

function parsed(url: string): URL | undefined {
	try {
		return new URL(url);
	} catch {
		return undefined;
	}
}

/**
 * The Base URL a person typed, in the form the requests are built on: trimmed, `https://`
 * added when no scheme was typed, without trailing slashes or a trailing `/v1` (every path of
 * the API starts with it). The service's addresses, the former one included, in any spelling
 * (`http://`, upper case, `/v1`, a trailing slash) become `https://api.pdfnoodle.com`.
 */
export function normalizeBaseUrl(baseUrl: unknown): string {
	let typed = String(baseUrl ?? '').trim();
	if (typed === '') return CURRENT_BASE_URL;
	if (!/^[a-z][a-z\d+.-]*:\/\//i.test(typed)) typed = `https://${typed}`;
	const url = parsed(typed);
	if (url === undefined) return typed.replace(/\/+$/, '');
	if (url.hostname === FORMER_HOST || url.hostname === CURRENT_HOST) return CURRENT_BASE_URL;
	const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/i, '');
	return `${url.origin}${path}`;
}

/** Rewrites an absolute URL on the former address to the same path on the current one. */
export function rewriteFormerAddress(url: string): string {
	const target = /^https?:\/\//i.test(url) ? parsed(url) : undefined;
	if (target?.hostname !== FORMER_HOST) return url;
	return `${CURRENT_BASE_URL}${target.pathname}${target.search}`;
}

/**
 * Whether the API key may be sent to a URL: only over https to the pdf noodle service on its
 * own port (`https://api.pdfnoodle.com`), or to exactly the origin of the credential's Base URL
 * (its scheme, host and port: a self-hosted or test Base URL), never to a file host, a webhook
 * receiver, another port of the same host or a plain-http address of the service, whatever a
 * response happened to name. A path without a host stays on the Base URL.
 */
export function keyMayGoTo(url: string, configuredBaseUrl: string): boolean {
	if (!/^[a-z][a-z\d+.-]*:/i.test(url)) return true;
	const target = parsed(url);
	if (target === undefined || !['http:', 'https:'].includes(target.protocol)) return false;
	return target.origin === CURRENT_BASE_URL || target.origin === parsed(configuredBaseUrl)?.origin;
}

/**
 * Throws before a request would carry the API key anywhere `keyMayGoTo` does not allow. Every
 * address a request may name is checked: `url` (n8n's `httpRequest`), `uri` (its older
 * `request`, which n8n's HTTP Request node uses with a predefined credential), else `baseURL`.
 */
export function assertKeyStaysWithService(
	request: { baseURL?: string; url?: string; uri?: string },
	configuredBaseUrl: string,
): void {
	const absolute = [request.url, request.uri].filter((address): address is string => typeof address === 'string' && /^[a-z][a-z\d+.-]*:/i.test(address));
	const targets = absolute.length > 0 ? absolute : [request.baseURL ?? ''];
	for (const target of targets) {
		if (target === '' || keyMayGoTo(target, configuredBaseUrl)) continue;
		throw new Error(
			`Refusing to send the pdf noodle API key to ${parsed(target)?.origin ?? target}: it goes only to the credential's Base URL`,
		);
	}
}
