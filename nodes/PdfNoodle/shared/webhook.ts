import type { INodeProperties } from 'n8n-workflow';

/** The receiver URL of an asynchronous render or a batch. */
export function webhookField(show: { [key: string]: string[] }, required: boolean): INodeProperties {
	return {
		displayName: 'Webhook URL',
		name: 'webhook',
		type: 'string',
		default: '',
		required,
		placeholder: 'e.g. https://n8n.example.com/webhook/…',
		displayOptions: { show },
		description:
			'The URL that receives the result as a POST when the work has finished. Paste the production URL of a "PDF Noodle Trigger" node here, or use {{ $execution.resumeUrl }} and a Wait node set to "On Webhook Call" to continue this workflow when the result arrives.',
	};
}
