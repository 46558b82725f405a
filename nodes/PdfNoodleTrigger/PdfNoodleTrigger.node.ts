import type { IHookFunctions, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { assertCredentialOfAuthentication, AUTHENTICATION, CONFIRM, protectionsOf, usesSecret } from './authentication';
import { START_ONCE_PROPERTY, DOWNLOAD_FILE, DOWNLOAD_UNCONFIRMED_PROPERTIES, EVENT_OPTIONS, EVENTS, eventNamesSubtitle, FILE_PROPERTIES, STATUS_FILTER } from './properties';
import { receiveDelivery } from './receive';
import { assertSecretStrong, pdfNoodleTriggerSecretTest } from './secret';

/** Shown only to version 1, the two credentials side by side, as its workflows were saved. */
const V1 = { '@version': [1] };
/** Shown to version 2 and later: one credential at a time, chosen by Authentication. */
const V2 = { '@version': [2] };

export class PdfNoodleTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PDF Noodle Trigger',
		name: 'pdfNoodleTrigger',
		icon: { light: 'file:../PdfNoodle/pdfNoodle.svg', dark: 'file:../PdfNoodle/pdfNoodle.dark.svg' },
		group: ['trigger'],
		// 2: Authentication picks one credential (n8n's rule for nodes), and n8n takes each call
		// without evaluating the expression it evaluates for every call to a version-1 webhook node.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: eventNamesSubtitle(EVENT_OPTIONS),
		// n8n's node panel shows the package's two nodes as one entry with the trigger's description.
		description: 'Render PDFs with pdf noodle, and start workflows when a render or batch finishes',
		defaults: {
			name: 'PDF Noodle Trigger',
		},
		// What n8n's AI workflow builder reads (n8n ≥ 2.40; plain data that n8n 1.x ignores).
		builderHint: {
			searchHint:
				'Starts a workflow when pdf noodle (formerly pdforge) calls back because an asynchronous render or a batch has finished. ' +
				'Put its Production URL into the Webhook URL of a PDF Noodle node\'s render or batch; use it instead of a Webhook node, ' +
				'because it confirms each call with pdf noodle and can download the finished files.',
			relatedNodes: [{ nodeType: 'n8n-nodes-pdf-noodle.pdfNoodle', relationHint: 'Starts the renders and batches whose results this trigger receives' }],
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// Version 2 shows the one its Authentication names. Version 1 has no Authentication, so
		// neither is hidden: both optional, both advised (its notice), as its workflows were saved.
		// Not `required`: version 1 runs with either alone; version 2's activation asks for its one.
		credentials: [
			{ name: 'pdfNoodleApi', required: false, displayOptions: { hide: { authentication: ['secretToken'] } } },
			{ name: 'pdfNoodleTriggerApi', required: false, testedBy: 'pdfNoodleTriggerSecretTest', displayOptions: { hide: { authentication: ['confirmWithService'] } } },
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				// Empty, so that n8n answers with the node's `webhookResponse`: left out, n8n takes
				// its default 'firstEntryJson', which an onReceived webhook sends back as the literal text.
				responseData: '',
				path: 'pdf-noodle',
			},
		],
		properties: [
			{
				displayName: 'Authentication',
				name: AUTHENTICATION,
				type: 'options',
				displayOptions: { show: V2 },
				options: [
					{
						name: 'Confirm With PDF Noodle',
						value: 'confirmWithService',
						description: 'Look each call\'s render or batch up at pdf noodle with a PDF Noodle API credential and use only pdf noodle\'s answer: a call it does not confirm starts nothing',
					},
					{
						name: 'Secret Token in the URL',
						value: 'secretToken',
						description: 'Take only calls whose URL carries ?token= with a PDF Noodle Trigger Secret API credential\'s token, and believe their data: for a trigger that cannot have the API key',
					},
				],
				default: 'confirmWithService',
			},
			{
				displayName:
					'Copy this node\'s Production URL into the "Webhook URL" of an asynchronous render or a batch in the PDF Noodle node: pdf noodle has no API to register webhooks. pdf noodle does not sign its calls, so protect the trigger twice: select a PDF Noodle API credential, so that each call is confirmed with pdf noodle and only its answer is used, and a PDF Noodle Trigger Secret API credential, whose token you add to the URL as ?token=YOUR_TOKEN.',
				name: 'notice',
				type: 'notice',
				default: '',
				displayOptions: { show: V1 },
			},
			{
				displayName:
					'Copy this node\'s Production URL into the "Webhook URL" of an asynchronous render or a batch in the PDF Noodle node: pdf noodle has no API to register webhooks.',
				name: 'notice',
				type: 'notice',
				default: '',
				displayOptions: { show: { ...V2, authentication: ['confirmWithService'] } },
			},
			{
				displayName:
					'Copy this node\'s Production URL into the "Webhook URL" of an asynchronous render or a batch in the PDF Noodle node, and add ?token=YOUR_TOKEN to it with the selected credential\'s token: pdf noodle has no API to register webhooks.',
				name: 'notice',
				type: 'notice',
				default: '',
				displayOptions: { show: { ...V2, authentication: ['secretToken'] } },
			},
			EVENTS,
			STATUS_FILTER,
			{
				displayName: 'Confirm With PDF Noodle',
				name: CONFIRM,
				type: 'boolean',
				default: true,
				displayOptions: { show: V1 },
				description:
					'Whether to look each call\'s render or batch up at pdf noodle with the PDF Noodle API credential and use only pdf noodle\'s answer (its status, its files). A call for an ID pdf noodle does not know, or whose status disagrees with it, is refused and starts nothing. Takes effect when a PDF Noodle API credential is selected.',
			},
			START_ONCE_PROPERTY,
			DOWNLOAD_FILE,
			...DOWNLOAD_UNCONFIRMED_PROPERTIES,
			...FILE_PROPERTIES,
		],
	};

	/**
	 * n8n's webhook lifecycle is for services where a webhook is registered, looked up and
	 * deleted through an API. pdf noodle has none: the trigger's URL travels in each async
	 * render or batch that names it. So nothing is registered on activation and nothing is
	 * left behind on deactivation; activation only refuses a trigger that would refuse every
	 * call or let strangers in: a secret whose token is empty or shorter than MIN_TOKEN_LENGTH,
	 * or (version 2) no credential for its Authentication.
	 */
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				assertCredentialOfAuthentication(this);
				// A secret left on a version-2 trigger that confirms is not read: n8n would refuse it, hidden.
				if (usesSecret(this)) await assertSecretStrong(this);
				return true;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	methods = {
		credentialTest: { pdfNoodleTriggerSecretTest },
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery(this, protectionsOf(this));
	}
}
