import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import {
	CURRENT_BASE_URL,
	assertKeyStaysWithService,
	normalizeBaseUrl,
	rewriteFormerAddress,
} from '../nodes/PdfNoodle/shared/baseUrl';

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
	 * Sets the bearer header, and puts every request that names a base URL onto the
	 * credential's Base URL, normalised. The node's operations name the service's own address
	 * (a constant, so n8n's routing engine has no expression to evaluate per item); a sandbox
	 * or the former pdforge address is applied here, so that a POST never meets the former
	 * address's 301 and loses its body.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const authenticated: IHttpRequestOptions = {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				Authorization: `Bearer ${String(credentials.apiKey ?? '')}`,
			},
		};
		if (requestOptions.baseURL !== undefined) {
			authenticated.baseURL = normalizeBaseUrl(credentials.baseUrl);
		}
		authenticated.url = rewriteFormerAddress(requestOptions.url);
		assertKeyStaysWithService(authenticated, normalizeBaseUrl(credentials.baseUrl));
		return authenticated;
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/v1/integration/templates',
			method: 'GET',
		},
	};
}
