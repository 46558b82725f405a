import type { ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

/**
 * The secret a PDF Noodle Trigger expects as `?token=` in its URL. A credential, not a node
 * parameter, so that it stays out of exported and shared workflows.
 */
// There is nothing to test it against: pdf noodle never sees it, it only sends the URL it was given.
// eslint-disable-next-line @n8n/community-nodes/credential-test-required
export class PdfNoodleTriggerApi implements ICredentialType {
	name = 'pdfNoodleTriggerApi';

	// Not an API key: the name says what it is, so it is not confused with the PDF Noodle API credential.
	// eslint-disable-next-line n8n-nodes-base/cred-class-field-display-name-missing-api
	displayName = 'PDF Noodle Trigger Secret';

	icon: Icon = {
		light: 'file:../nodes/PdfNoodle/pdfNoodle.svg',
		dark: 'file:../nodes/PdfNoodle/pdfNoodle.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-pdf-noodle/n8n-nodes-pdf-noodle#pdf-noodle-trigger';

	properties: INodeProperties[] = [
		{
			displayName: 'Secret Token',
			name: 'token',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'A call must carry it as ?token=… in the URL, or it is refused with 401 and starts nothing. Add it to the Webhook URL you give pdf noodle.',
		},
	];
}
