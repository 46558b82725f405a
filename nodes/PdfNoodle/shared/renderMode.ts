import type { INodeProperties } from 'n8n-workflow';

import { webhookField } from './webhook';

/** "Mode" of a render or a batch: wait on the call, or have the result posted to a webhook. */
export function renderModeFields(resource: string, operations: string[]): INodeProperties[] {
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
				{
					name: 'Asynchronous With Webhook',
					value: 'async',
					description:
						'The API answers at once and posts the result to a webhook, e.g. a PDF Noodle Trigger',
				},
			],
			default: 'sync',
			displayOptions: { show },
		},
		webhookField({ ...show, mode: ['async'] }, true),
	];
}
