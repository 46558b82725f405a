import type { ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

/**
 * The secret a PDF Noodle Trigger expects as `?token=` in its URL. A credential, not a node
 * parameter, so that it stays out of exported and shared workflows. pdf noodle never sees it
 * (it only calls the URL it was given), so its test is the trigger's, which judges the token
 * itself (nodes/PdfNoodleTrigger/secret.ts).
 */
export class PdfNoodleTriggerApi implements ICredentialType {
	name = 'pdfNoodleTriggerApi';

	// "Secret" says what it holds, so that it is not taken for the PDF Noodle API credential's key;
	// n8n's rules want every credential's name to end in "API".
	displayName = 'PDF Noodle Trigger Secret API';

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
				'A call must carry it as ?token=… in the URL, or it is refused with 401 and starts nothing. Add it to the Webhook URL you give pdf noodle. Use at least 16 random characters.',
		},
	];
}
