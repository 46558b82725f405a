import type { INodeProperties } from 'n8n-workflow';

import { webhookField } from '../../shared/webhook';

/** "Mode" of a render operation: wait on the call, or have the result posted to a webhook. */
export function renderModeFields(operation: string): INodeProperties[] {
	const show = { resource: ['document'], operation: [operation] };
	return [
		{
			displayName: 'Mode',
			name: 'mode',
			type: 'options',
			options: [
				{
					name: 'Synchronous',
					value: 'sync',
					description: 'The API answers with the finished document (renders over 30 s are awaited by polling)',
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
