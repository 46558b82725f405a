import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { attachRenderedFile } from '../../shared/download';
import { throwOnErrorStatus } from '../../shared/errors';
import type { ItemContext } from '../../shared/itemContext';
import { awaitFinalStatus } from '../../shared/polling';
import { idOrStatusUrl } from '../../shared/statusReference';
import { statusWaitingFields, waitSettings } from '../../shared/waiting';
import { RENDER_WAIT_DEFAULTS, renderStatusPath } from './output';
import { pairWithInputItem } from '../../shared/pairing';

const OPERATION = 'getStatus';
const show = { resource: ['document'], operation: [OPERATION] };

/** With "Wait for Completion" on, a render still ONGOING is polled until it has ended. */
const awaitRender = awaitFinalStatus(RENDER_WAIT_DEFAULTS, (context) => {
	const requestId = requestIdOf(context);
	return {
		requestId,
		statusPath: renderStatusPath(requestId),
		subject: 'render',
		isFinished: (body) => body.renderStatus !== 'ONGOING',
	};
});

export const getStatusOperation: INodePropertyOptions = {
	name: 'Get Status',
	value: OPERATION,
	action: 'Get the status of a render',
	description: 'Look up a render by its request ID: ONGOING, SUCCESS (with the file) or FAILED',
	routing: {
		request: { method: 'GET', url: '/v1/pdf/status' },
		send: { preSend: [setStatusUrl] },
		output: { postReceive: [throwOnErrorStatus, awaitRender, attachRenderedFile, pairWithInputItem] },
	},
};

export const getStatusFields: INodeProperties[] = [
	{
		displayName: 'Request ID or Status URL',
		name: 'requestId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3f2c… or https://api.pdfnoodle.com/v1/pdf/status/3f2c…',
		displayOptions: { show },
		description: 'The requestId of an asynchronous or long render, or its full statusUrl',
	},
	...statusWaitingFields(show, RENDER_WAIT_DEFAULTS),
];

function requestIdOf(context: ItemContext): string {
	return idOrStatusUrl(context, 'Request ID or Status URL', context.getNodeParameter('requestId'), '/v1/pdf/status');
}

async function setStatusUrl(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const url = renderStatusPath(requestIdOf(this));
	waitSettings(this, RENDER_WAIT_DEFAULTS);
	return { ...request, url };
}
