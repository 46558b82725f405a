import type { INodeProperties } from 'n8n-workflow';

/**
 * "Request Options", in the node's settings: batching, a proxy, a timeout and whether to
 * skip the certificate check. n8n adds a collection of this name and shape only to nodes it
 * runs through its own routing engine; this node runs its operations itself, so it brings its
 * own, with n8n's names and values (which workflows saved before keep). transport.ts reads the
 * proxy, the timeout and the certificate check for every request; the runner reads Batching.
 */

/** Two minutes: what a download gets without this option, and four times pdf noodle's longest synchronous hold. */
export const REQUEST_TIMEOUT_DEFAULT_MS = 120_000;

export const requestOptionsField: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	isNodeSetting: true,
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Batching',
			name: 'batching',
			placeholder: 'Add Batching',
			type: 'fixedCollection',
			typeOptions: { multipleValues: false },
			default: { batch: {} },
			options: [
				{
					displayName: 'Batching',
					name: 'batch',
					values: [
						{
							displayName: 'Items per Batch',
							name: 'batchSize',
							type: 'number',
							typeOptions: { minValue: -1 },
							default: 50,
							description: 'How many items send their requests before the pause. -1 turns batching off.',
						},
						{
							displayName: 'Batch Interval (Ms)',
							name: 'batchInterval',
							type: 'number',
							typeOptions: { minValue: 0 },
							default: 1000,
							description: 'The pause between two batches of items, in milliseconds. 0 turns batching off.',
						},
					],
				},
			],
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'allowUnauthorizedCerts',
			type: 'boolean',
			noDataExpression: true,
			default: false,
			description: 'Whether to connect even if SSL certificate validation is not possible',
		},
		{
			displayName: 'Proxy',
			name: 'proxy',
			type: 'string',
			default: '',
			placeholder: 'e.g. http://myproxy:3128',
			description: 'An HTTP proxy for every request of the node, with its credentials in the URL if it needs them: http://username:password@myproxy:3128',
		},
		{
			displayName: 'Request Timeout (Ms)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			// Well above the 30 s pdf noodle may hold a synchronous call before it answers (n8n's
			// own 10,000 would cut such a call, and the downloads, which otherwise get 120 s).
			default: REQUEST_TIMEOUT_DEFAULT_MS,
			description:
				'How long each single request (to pdf noodle, or a file download) may take, in milliseconds, before it is given up. pdf noodle may hold a synchronous call up to 30 seconds before it answers, so keep this well above 30000. It does not bound waiting for background work: that is the Wait Timeout.',
		},
	],
};
