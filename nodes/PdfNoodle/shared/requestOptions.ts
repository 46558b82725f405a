import type { INodeProperties } from 'n8n-workflow';

/**
 * "Request Options", in the node's settings: batching, a proxy, a timeout and whether to
 * skip the certificate check. n8n adds a collection of this name and shape to a node that
 * describes requests, but not to one with a `webhook` method, and the node has one (for
 * "Pause Until Called Back"). So the node brings its own, with the same names and values,
 * which workflows saved before keep; shared/transport.ts and the runner read them.
 */
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
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 10000,
			description: 'How long to wait, in milliseconds, for the server to start answering a request before giving up on it',
		},
	],
};
