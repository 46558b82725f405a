/**
 * The transport room: every request of the package (here), the Base URL, Request Options, 429s,
 * retries, slots and the credential read once beside it; its arrows: test/unit/rooms.test.ts.
 *
 * The redirect rule: a request with the API key never follows a redirect blindly (n8n's HTTP
 * client would turn a redirected POST into a GET without its body, and send the key along).
 * A 301/302/307/308 to the pdf noodle service (https, its own port) or to exactly the origin of
 * the credential's Base URL is sent again, with the same method and body, to the new address;
 * a redirect anywhere else is an error, and the key is not sent there. On top of it, the
 * credential's "Allowed HTTP Request Domains" bound every request with the key, as n8n's own
 * nodes apply them (allowedDomains.ts).
 */
import type {
	IAdditionalCredentialOptions,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { throwOnErrorStatus } from '../errors/errors';
import { invalidParameter } from '../errors/validation';
import { credentialAllowedDomains } from './allowedDomains';
import { assertKeyNotReadableOnTheWay, CURRENT_BASE_URL, keyMayGoTo, normalizeBaseUrl } from './baseUrl';
import type { EgressHelpers, EgressRules } from './egress';

export const CREDENTIAL_TYPE = 'pdfNoodleApi';

/**
 * What a file transfer needs of an n8n context: an item's, or a webhook's (no parameters). The
 * credential, where the context has it, tells where the service lives (egress.ts).
 */
export interface FileTransportContext {
	getNode(): INode;
	getItemIndex?(): number;
	getNodeParameter?(name: string, fallbackValue?: unknown): unknown;
	getCredentials?(type: string): Promise<IDataObject>;
	helpers: EgressHelpers & { httpRequest(options: IHttpRequestOptions): Promise<unknown> };
	/** A rule of the caller's for its file requests, before anything else and on the answer (the trigger's for unconfirmed calls). */
	fileRequestGuard?: FileRequestGuard;
}

export interface FileRequestGuard {
	/** The request as it may go, or a throw that refuses it. */
	before(options: IHttpRequestOptions): IHttpRequestOptions;
	/** Throws when the answer must not be used. */
	after?(response: IN8nHttpFullResponse, options: IHttpRequestOptions): void;
	/** What the caller adds to the judgement of each URL (egress.ts). */
	egressRules?: EgressRules;
}

/** What a request of the API needs: the credential as well (an item's context, or the editor's). */
export interface TransportContext extends FileTransportContext {
	getCredentials(type: string): Promise<IDataObject>;
	helpers: FileTransportContext['helpers'] & {
		httpRequestWithAuthentication(this: unknown, type: string, options: IHttpRequestOptions, extra?: IAdditionalCredentialOptions): Promise<unknown>;
	};
}

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** A path below the Base URL (`/v1/pdf/sync`) or a full URL of the service (a status URL). */
	url: string;
	body?: IDataObject;
	qs?: IDataObject;
	/** Milliseconds; the node's Request Options → Timeout when not given. */
	timeoutMs?: number;
}

/** Redirects followed at most for one request, as browsers and n8n's own client do (fewer). */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];
/** How long a request may take when neither the call nor the Request Options say (n8n's own default for its HTTP nodes). */
const DEFAULT_TIMEOUT_MS = 300_000;

/** The credential's Base URL, as the user typed it but normalised (former address replaced). */
export async function serviceBaseUrl(context: TransportContext): Promise<string> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	return normalizeBaseUrl(credentials.baseUrl);
}

/**
 * A request to the API with the credential. The full response is returned whatever its
 * status: the caller words an error status for a person.
 */
export async function apiRequest(context: TransportContext, request: ApiRequest): Promise<IN8nHttpFullResponse> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = normalizeBaseUrl(credentials.baseUrl);
	const allowedDomains = credentialAllowedDomains(credentials, baseUrl);
	let options: IHttpRequestOptions = {
		...requestOptionsOf(context, request.timeoutMs),
		method: request.method,
		url: /^https?:\/\//i.test(request.url) ? request.url : `${baseUrl}${request.url}`,
		headers: { Accept: 'application/json', ...(request.body ? { 'Content-Type': 'application/json' } : {}) },
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
	};
	if (request.body) options.body = request.body;
	if (request.qs) options.qs = request.qs;
	if (allowedDomains !== undefined) options.allowedDomains = allowedDomains;
	assertProxyCannotReadKey(context, options);

	for (let redirects = 0; ; redirects++) {
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_TYPE,
			options,
		)) as IN8nHttpFullResponse;
		const location = response.headers?.location;
		if (!REDIRECT_STATUSES.includes(response.statusCode) || typeof location !== 'string') return response;
		if (redirects === MAX_REDIRECTS) {
			throw redirectError(context, `The pdf noodle API redirected more than ${MAX_REDIRECTS} times`, options.url);
		}
		const target = new URL(location, options.url);
		if (!keyMayGoTo(target.href, baseUrl)) {
			throw redirectError(
				context,
				`The pdf noodle API answered with a redirect to ${target.origin}, which is not the pdf noodle service: it was not followed, so your API key stays with the service`,
				options.url,
			);
		}
		// 303 means "look the answer up elsewhere": a GET, as HTTP prescribes. The others keep
		// the method and the body.
		options = response.statusCode === 303 ? { ...options, method: 'GET', body: undefined, url: target.href } : { ...options, url: target.href };
	}
}

/**
 * A request to the API whose answer must be a JSON object: an error status is thrown, worded
 * for a person. For the editor's lists; a node run sends through rateLimit.ts
 * (`apiJsonWithinRateLimit`).
 */
export async function apiJson(context: TransportContext, request: ApiRequest): Promise<IDataObject> {
	return throwOnErrorStatus(context, await apiRequest(context, request));
}

/**
 * The node's Proxy option where the proxy could read the key (baseUrl.ts: a plain-http Base URL,
 * or Ignore SSL Issues on), refused before anything is sent and named as the parameter it is; the
 * credential's `authenticate` refuses it too, for every other node that uses the credential.
 */
function assertProxyCannotReadKey(context: TransportContext, options: IHttpRequestOptions): void {
	try {
		assertKeyNotReadableOnTheWay(options);
	} catch (error) {
		throw invalidParameter(context, 'Request Options → Proxy', (error as Error).message.replace(/^Refusing to send/, 'would send'), 'Remove the proxy, or use it only with an https Base URL and the certificate check on.');
	}
}

function redirectError(context: FileTransportContext, message: string, from: string): NodeApiError {
	return new NodeApiError(context.getNode(), { message } as JsonObject, {
		message,
		description: `Requested: ${from}. Check the Base URL of your PDF Noodle API credential (e.g. ${CURRENT_BASE_URL}).`,
		itemIndex: context.getItemIndex?.(),
	});
}

interface NodeRequestOptions {
	proxy?: string;
	timeout?: number;
	allowUnauthorizedCerts?: boolean;
}

/**
 * n8n's *Request Options* of the node (n8n adds them to every node that describes requests),
 * as options of one HTTP request: a proxy, the timeout, and whether to skip the check of the
 * server's certificate. A context without node parameters (a webhook's) has none.
 */
export function requestOptionsOf(context: FileTransportContext, timeoutMs?: number): Partial<IHttpRequestOptions> {
	const settings = (context.getNodeParameter?.('requestOptions', {}) ?? {}) as NodeRequestOptions;
	// A timeout the user set applies to every request; else the call's own, else n8n's default.
	const options: Partial<IHttpRequestOptions> = { timeout: settings.timeout || timeoutMs || DEFAULT_TIMEOUT_MS };
	if (settings.allowUnauthorizedCerts === true) options.skipSslCertificateValidation = true;
	if (typeof settings.proxy === 'string' && settings.proxy.trim() !== '') options.proxy = proxyOf(context, settings.proxy.trim());
	return options;
}

function proxyOf(context: FileTransportContext, proxy: string): IHttpRequestOptions['proxy'] {
	let url: URL;
	try {
		url = new URL(proxy);
	} catch {
		throw invalidParameter(context, 'Request Options → Proxy', 'must be a URL such as http://proxy.example.com:3128');
	}
	if (url.hostname === '' || !['http:', 'https:'].includes(url.protocol)) {
		throw invalidParameter(context, 'Request Options → Proxy', 'must be an http:// or https:// URL with a host');
	}
	return {
		host: url.hostname,
		port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
		protocol: url.protocol.replace(/:$/, ''),
		...(url.username ? { auth: { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } } : {}),
	};
}
