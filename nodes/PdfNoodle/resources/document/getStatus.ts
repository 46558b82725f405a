import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { attachRenderedFile } from '../../shared/download';
import { throwOnErrorStatus } from '../../shared/errors';
import { idOrStatusUrl } from '../../shared/statusReference';
import { renderStatusPath } from './output';
import { pairWithInputItem } from '../../shared/pairing';

const OPERATION = 'getStatus';
const show = { resource: ['document'], operation: [OPERATION] };

export const getStatusOperation: INodePropertyOptions = {
	name: 'Get Status',
	value: OPERATION,
	action: 'Get the status of a render',
	description: 'Look up a render by its request ID: ONGOING, SUCCESS (with the file) or FAILED',
	routing: {
		request: { method: 'GET', url: '/v1/pdf/status' },
		send: { preSend: [setStatusUrl] },
		output: { postReceive: [throwOnErrorStatus, attachRenderedFile, pairWithInputItem] },
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
];

async function setStatusUrl(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const requestId = idOrStatusUrl(this, 'Request ID or Status URL', this.getNodeParameter('requestId'), '/v1/pdf/status');
	return { ...request, url: renderStatusPath(requestId) };
}
