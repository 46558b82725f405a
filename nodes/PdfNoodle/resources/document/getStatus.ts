import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { attachRenderedFile } from '../../shared/download';
import { throwOnErrorStatus } from '../../shared/errors';
import { invalidParameter, requireText } from '../../shared/validation';
import { renderStatusPath } from './output';

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
		output: { postReceive: [throwOnErrorStatus, attachRenderedFile] },
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

const STATUS_PATH = /\/v1\/pdf\/status\/([^/?#]+)\/?(?:[?#].*)?$/;

/** The request id, from an id or from a full status URL. */
export function requestIdFrom(context: IExecuteSingleFunctions, value: unknown): string {
	const text = requireText(context, 'Request ID or Status URL', value).trim();
	if (!/^https?:\/\//i.test(text)) {
		if (/[/?#\s]/.test(text)) {
			throw invalidParameter(context, 'Request ID or Status URL', 'must be a request ID or a URL ending in /v1/pdf/status/<id>');
		}
		return text;
	}
	const match = STATUS_PATH.exec(text);
	if (!match) {
		throw invalidParameter(context, 'Request ID or Status URL', 'must be a request ID or a URL ending in /v1/pdf/status/<id>');
	}
	return decodeURIComponent(match[1]);
}

async function setStatusUrl(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const requestId = requestIdFrom(this, this.getNodeParameter('requestId'));
	return { ...request, url: renderStatusPath(requestId) };
}
