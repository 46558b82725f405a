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

/**
 * A URL's text as the WHATWG URL parser (and so n8n's HTTP client) reads it: leading and
 * trailing spaces and control characters dropped, tabs and newlines removed wherever they are.
 * `' https://evil.example/'` is judged as the absolute URL it becomes, not as a relative path.
 */
export function asParsed(url: string): string {
	// Control characters are what is removed.
	return url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

const isAbsolute = (url: string) => /^[a-z][a-z\d+.-]*:/i.test(url);

/** Rewrites an absolute URL on the former address to the same path on the current one. */
export function rewriteFormerAddress(url: string): string {
	const target = /^https?:\/\//i.test(asParsed(url)) ? parsed(asParsed(url)) : undefined;
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
	if (!isAbsolute(asParsed(url))) return true;
	const target = parsed(asParsed(url));
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
	for (const target of destinationsOf(request)) {
		if (target === '' || keyMayGoTo(target, configuredBaseUrl)) continue;
		throw new Error(
			`Refusing to send the pdf noodle API key to ${parsed(target)?.origin ?? target}: it goes only to the credential's Base URL`,
		);
	}
}

/** The addresses a request names, as the parser reads them: its absolute `url` or `uri`, else its `baseURL`. */
function destinationsOf(request: { baseURL?: string; url?: string; uri?: string }): string[] {
	const absolute = [request.url, request.uri]
		.filter((address): address is string => typeof address === 'string')
		.map(asParsed)
		.filter(isAbsolute);
	return absolute.length > 0 ? absolute : [asParsed(request.baseURL ?? '')];
}

/** How a request may go through a proxy and skip the certificate check, in n8n's two request shapes. */
export interface RequestPath {
	baseURL?: string;
	url?: string;
	uri?: string;
	/** `httpRequest`'s `{ host, port }`, or the older `request`'s URL text (the HTTP Request node's Proxy option). */
	proxy?: unknown;
	skipSslCertificateValidation?: boolean;
	rejectUnauthorized?: boolean;
	strictSSL?: boolean;
	agentOptions?: { rejectUnauthorized?: boolean };
}

/** The proxy a request names, as a host for the message, or undefined when it names none. */
function proxyHostOf(proxy: unknown): string | undefined {
	if (typeof proxy === 'string') return proxy.trim() === '' ? undefined : (parsed(asParsed(proxy))?.host ?? proxy.trim());
	const { host, port } = (proxy ?? {}) as { host?: unknown; port?: unknown };
	if (typeof host !== 'string' || host === '') return undefined;
	return port === undefined ? host : `${host}:${String(port)}`;
}

/**
 * Throws before a request would carry the API key through a proxy that can read it: to a
 * plain-http address (the proxy forwards the text), or with the server's certificate left
 * unchecked (the proxy can answer in the service's name and read what comes). Through a proxy the
 * key goes only over https with the certificate checked, where the proxy passes on bytes it
 * cannot read. A proxy n8n itself is given by its environment (HTTP_PROXY, set by its admin) is
 * not visible here; docs/reliability.md says what holds for it.
 */
export function assertKeyNotReadableOnTheWay(request: RequestPath): void {
	const proxy = proxyHostOf(request.proxy);
	if (proxy === undefined) return;
	const unchecked =
		request.skipSslCertificateValidation === true ||
		request.rejectUnauthorized === false ||
		request.strictSSL === false ||
		request.agentOptions?.rejectUnauthorized === false;
	for (const target of destinationsOf(request)) {
		const destination = parsed(target);
		if (destination?.protocol === 'http:') {
			throw new Error(
				`Refusing to send the pdf noodle API key through the proxy ${proxy}: the request goes to ${destination.origin} over plain http, so the proxy could read the key. Use an https Base URL, or no proxy`,
			);
		}
		if (unchecked) {
			throw new Error(
				`Refusing to send the pdf noodle API key through the proxy ${proxy} with the certificate check off: the proxy could answer as ${destination?.origin ?? 'the service'} and read the key. Turn the certificate check back on (Ignore SSL Issues off), or use no proxy`,
			);
		}
	}
}
