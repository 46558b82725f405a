import type { INodeProperties } from 'n8n-workflow';

import { webhookField } from './webhook';

/**
 * "Mode" of a render or a batch: wait on the call, or have the API answer at once. A single
 * render in asynchronous mode needs its webhook; a batch takes one in either mode, optionally
 * (`webhookAlwaysOptional`).
 */
export function renderModeFields(
	resource: string,
	operations: string[],
	{ webhookAlwaysOptional = false }: { webhookAlwaysOptional?: boolean } = {},
): INodeProperties[] {
	const show = { resource: [resource], operation: operations };
	return [
		{
			displayName: 'Mode',
			name: 'mode',
			type: 'options',
			options: [
				{
					name: 'Synchronous',
					value: 'sync',
					description: 'The API answers with the finished work (anything over 30 s is awaited by polling)',
				},
				webhookAlwaysOptional
					? {
							name: 'Asynchronous',
							value: 'async',
							description:
								'The API answers at once; the result is polled (Wait for Completion, or Get Status later) and posted to the Webhook URL if you give one',
						}
					: {
							name: 'Asynchronous With Webhook',
							value: 'async',
							description: 'The API answers at once and posts the result to a webhook, e.g. a PDF Noodle Trigger',
						},
			],
			default: 'sync',
			displayOptions: { show },
		},
		webhookAlwaysOptional ? webhookField(show, false) : webhookField({ ...show, mode: ['async'] }, true),
	];
}
