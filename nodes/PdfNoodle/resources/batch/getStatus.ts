import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { batchRecordAnswer } from '../../shared/batchRecord';
import { downloadAnswerFiles, type FileOutput, FILE_OUTPUT, filesAsItems } from '../../shared/fileOutput';
import { throwOnErrorStatus } from '../../shared/errors';
import type { ItemContext } from '../../shared/itemContext';
import { awaitFinalStatus } from '../../shared/polling';
import { idOrStatusUrl } from '../../shared/statusReference';
import { statusWaitingFields, waitSettings } from '../../shared/waiting';
import { BATCH_WAIT_DEFAULTS, GET_STATUS, RESOURCE } from './fields';
import { batchStatusPath } from './renderBatch';
import { pairWithInputItem } from '../../shared/pairing';

const show = { resource: [RESOURCE], operation: [GET_STATUS] };

/** With "Wait for Completion" on, a batch still ONGOING is polled until it has ended. */
const awaitBatch = awaitFinalStatus(BATCH_WAIT_DEFAULTS, (context) => {
	const batchRequestId = batchRequestIdOf(context);
	return {
		requestId: batchRequestId,
		statusPath: batchStatusPath(batchRequestId),
		subject: 'batch',
		isFinished: (body) => body.status !== 'ONGOING',
	};
});

export const getBatchStatusOperation: INodePropertyOptions = {
	name: 'Get Status',
	value: GET_STATUS,
	action: 'Get the status of a batch',
	description: 'Look up a batch: ONGOING (with how many are done), SUCCESS, PARTIAL_SUCCESS or FAILED, with every result',
	routing: {
		request: { method: 'GET', url: '/v1/pdf/batch/status' },
		send: { preSend: [setStatusUrl] },
		output: { postReceive: [throwOnErrorStatus, awaitBatch, attachBatchFiles, pairWithInputItem] },
	},
};

export const getBatchStatusFields: INodeProperties[] = [
	{
		displayName: 'Batch Request ID or Status URL',
		name: 'batchRequestId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 7e1f… or https://api.pdfnoodle.com/v1/pdf/batch/status/7e1f…',
		displayOptions: { show },
	},
	...statusWaitingFields(show, BATCH_WAIT_DEFAULTS),
];

function batchRequestIdOf(context: ItemContext): string {
	const parameter = 'Batch Request ID or Status URL';
	return idOrStatusUrl(context, parameter, context.getNodeParameter('batchRequestId'), '/v1/pdf/batch/status');
}

async function setStatusUrl(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const url = batchStatusPath(batchRequestIdOf(this));
	waitSettings(this, BATCH_WAIT_DEFAULTS);
	return { ...request, url };
}

/**
 * A batch that has ended, with "Download File" on: its merged file and each document, one
 * item per file or all on one item (see `FileOutput`); a batch still ONGOING is its record.
 */
async function attachBatchFiles(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const record = items[0].json;
	if (!(this.getNodeParameter('downloadFile', true) as boolean) || record.status === 'ONGOING') return items;
	const answer = batchRecordAnswer(record);
	await downloadAnswerFiles(this, answer);
	const output = this.getNodeParameter(FILE_OUTPUT, 'itemPerFile') as FileOutput;
	return filesAsItems(output, answer, this.getNodeParameter('binaryPropertyName', 'data') as string, { item: this.getItemIndex() });
}
