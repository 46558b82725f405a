import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { TEMPLATES_PATH } from '../nodes/shared/api/endpoints';
import {
	CURRENT_BASE_URL,
	assertKeyNotReadableOnTheWay,
	assertKeyStaysWithService,
	normalizeBaseUrl,
	rewriteFormerAddress,
} from '../nodes/shared/transport/baseUrl';

/** The redirect settings of n8n's older request options (`helpers.request`, used by the HTTP Request node). */
interface LegacyRedirectOptions {
	followRedirect?: boolean;
	followAllRedirects?: boolean;
}

/** An address of a request as its text; a URL object as its `href`. Anything else is refused: it could not be judged. */
function addressText(value: unknown, field: string): string | undefined {
	if (value === undefined || typeof value === 'string') return value;
	if (value instanceof URL) return value.href;
	throw new Error(`Refusing to send the pdf noodle API key: the request's ${field} is not a URL`);
}

export class PdfNoodleApi implements ICredentialType {
	name = 'pdfNoodleApi';

	displayName = 'PDF Noodle API';

	icon: Icon = {
		light: 'file:../nodes/PdfNoodle/pdfNoodle.svg',
		dark: 'file:../nodes/PdfNoodle/pdfNoodle.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-pdf-noodle/n8n-nodes-pdf-noodle#the-credential-pdf-noodle-api';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The API key from the API Keys page of your pdf noodle dashboard',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: CURRENT_BASE_URL,
			required: true,
			description:
				'Address of the pdf noodle API. Keep the default unless you run against a local sandbox; the former pdforge address is switched to the new one automatically.',
		},
	];

	/**
	 * Sets the bearer header. A request that names a base URL (n8n's credential test) is put
	 * on the credential's Base URL, normalised (the former pdforge address replaced, so that a
	 * POST never meets its 301 and loses its body); an absolute URL on the former address is
	 * moved to the current one; and the key goes nowhere but the service and the Base URL's host,
	 * neither by the address named nor by a redirect, and never through a proxy that could read it.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		// n8n's HTTP Request node, with this credential as a predefined one, names its address
		// in `uri` (n8n's older request options) instead of `url`: it gets the same rules. An
		// address given as a URL object is judged as its text.
		const legacy = requestOptions as IHttpRequestOptions & LegacyRedirectOptions & { uri?: unknown };
		const url = addressText(requestOptions.url, 'url');
		const uri = addressText(legacy.uri, 'uri');
		const authenticated: IHttpRequestOptions & LegacyRedirectOptions & { uri?: string } = {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				Authorization: `Bearer ${String(credentials.apiKey ?? '')}`,
			},
		};
		if (requestOptions.baseURL !== undefined) {
			authenticated.baseURL = normalizeBaseUrl(credentials.baseUrl);
		}
		if (url !== undefined) authenticated.url = rewriteFormerAddress(url);
		if (uri !== undefined) authenticated.uri = rewriteFormerAddress(uri);
		// A request with the key follows no redirect on its own: n8n sends the Authorization
		// header again to wherever a redirect leads, another host included. The node's transport
		// decides where the key may go (nodes/shared/transport/transport.ts); any other node
		// (the HTTP Request node) gets the redirect as its answer. `disableFollowRedirect` is
		// what n8n's httpRequest reads; its older request (the HTTP Request node's) reads the others.
		authenticated.disableFollowRedirect = true;
		authenticated.sendCredentialsOnCrossOriginRedirect = false;
		authenticated.followRedirect = false;
		authenticated.followAllRedirects = false;
		authenticated.maxRedirects = 0;
		assertKeyStaysWithService(authenticated, normalizeBaseUrl(credentials.baseUrl));
		// Nor through a proxy that could read it (the node's Request Options, the HTTP Request node's Proxy).
		assertKeyNotReadableOnTheWay(authenticated);
		return authenticated;
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: TEMPLATES_PATH,
			method: 'GET',
		},
		// n8n's credential test shows these messages for these answers instead of the bare
		// HTTP status text ("Unauthorized").
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The API key is wrong: pdf noodle refused it (401). Copy it again from the API Keys page of your pdf noodle dashboard.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'The Base URL does not lead to the pdf noodle API (404). Keep the default https://api.pdfnoodle.com unless you use a local sandbox.',
				},
			},
		],
	};
}
