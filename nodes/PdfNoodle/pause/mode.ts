import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { type ParameterReader, webhookField } from '../fields/fields';
import { PAUSE_MODE, pauseTimeoutField } from './pause';

/** The Mode of a render or a batch (`renderModeFields`): wait on the call, answered at once, or paused. */
export type RenderMode = 'sync' | 'async' | typeof PAUSE_MODE;

/** An item's Mode: every read of it goes through here. */
export function modeOf(context: ParameterReader): RenderMode {
	return context.getNodeParameter('mode', 'sync') as RenderMode;
}

export function isPauseMode(context: ParameterReader): boolean {
	return modeOf(context) === PAUSE_MODE;
}

const PAUSE_OPTION: INodePropertyOptions = {
	name: 'Pause Until Called Back',
	value: PAUSE_MODE,
	description:
		'Up to 20 items. The API answers at once; this execution pauses (holding no worker) until pdf noodle posts the result to its resume URL, then outputs the result and file as when the node polls. pdf noodle must be able to reach this n8n instance.',
};

/**
 * "Mode" of a render or a batch: wait on the call, have the API answer at once, or pause the
 * execution until the API calls back. A single render in asynchronous mode needs its webhook;
 * a batch takes one in either of the first two modes, optionally (`webhookAlwaysOptional`).
 * In the pause mode the node gives the execution's resume URL as the webhook itself.
 */
export function renderModeFields({ webhookAlwaysOptional = false }: { webhookAlwaysOptional?: boolean } = {}): INodeProperties[] {
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
				PAUSE_OPTION,
			],
			default: 'sync',
		},
		webhookAlwaysOptional
			? webhookField({ mode: ['sync', 'async'] }, false)
			: webhookField({ mode: ['async'] }, true),
		pauseTimeoutField(),
	];
}
