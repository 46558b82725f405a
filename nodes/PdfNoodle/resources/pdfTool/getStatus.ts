import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { throwOnErrorStatus } from '../../shared/errors';
import type { ItemContext } from '../../shared/itemContext';
import { awaitFinalStatus } from '../../shared/polling';
import { idOrStatusUrl } from '../../shared/statusReference';
import { statusWaitingFields, waitSettings } from '../../shared/waiting';
import { showFor, TOOL_WAIT_DEFAULTS } from './common';
import { attachToolFiles, toolStatusPath } from './output';
import { pairWithInputItem } from '../../shared/pairing';

const OPERATION = 'getStatus';
const show = showFor(OPERATION);

/** With "Wait for Completion" on, a tool job still ONGOING is polled until it has ended. */
const awaitToolJob = awaitFinalStatus(TOOL_WAIT_DEFAULTS, (context) => {
	const requestId = requestIdOf(context);
	return {
		requestId,
		statusPath: toolStatusPath(requestId),
		subject: 'PDF tool',
		isFinished: (body) => body.status !== 'ONGOING',
	};
});

export const getToolStatusOperation: INodePropertyOptions = {
	name: 'Get Status',
	value: OPERATION,
	action: 'Get the status of a PDF tool job',
	description: 'Look up a background tool job: ONGOING, SUCCESS (with its result and files) or FAILED',
	routing: {
		request: { method: 'GET', url: '/v1/tools/status' },
		send: { preSend: [setStatusUrl] },
		output: { postReceive: [throwOnErrorStatus, awaitToolJob, resultFiles, pairWithInputItem] },
	},
};

export const getToolStatusFields: INodeProperties[] = [
	{
		displayName: 'Request ID or Status URL',
		name: 'toolRequestId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 9d1c… or https://api.pdfnoodle.com/v1/tools/status/9d1c…',
		displayOptions: { show },
		description: 'The requestId of a tool run in the background, or its full statusUrl',
	},
	...statusWaitingFields(show, TOOL_WAIT_DEFAULTS),
];

function requestIdOf(context: ItemContext): string {
	return idOrStatusUrl(context, 'Request ID or Status URL', context.getNodeParameter('toolRequestId'), '/v1/tools/status');
}

async function setStatusUrl(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const url = toolStatusPath(requestIdOf(this));
	waitSettings(this, TOOL_WAIT_DEFAULTS);
	return { ...request, url };
}

/** The status record as it is; a finished job's files are downloaded from its `result`. */
async function resultFiles(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const record = items[0].json;
	if (record.status !== 'SUCCESS' || !record.result || typeof record.result !== 'object') return items;
	const withFiles = await attachToolFiles.call(this, [{ json: { ...(record.result as object) } }]);
	return withFiles.map((item) => ({ ...item, json: { ...record, ...item.json, result: record.result } }));
}
