import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { batchRecordAnswer } from '../../../shared/files/batchRecord';
import { downloadAnswerFiles, fileOutputOf, filesAsItems } from '../../../shared/files/fileOutput';
import { downloadSettingsOf } from '../../fields/fields';
import type { ItemContext } from '../../runner/itemContext';
import { statusLookupOperation } from '../../waiting/statusLookup';
import type { Operation } from '../operation';
import { BATCH_WORK, RESOURCE } from './fields';

/**
 * A batch looked up by Get Status, with "Download File" on and the batch ended: its merged file
 * and each document, one item per file or all on one item (see `FileOutput`); else its record.
 */
async function batchStatusItems(context: ItemContext, record: IDataObject): Promise<INodeExecutionData[]> {
	const { download, field } = downloadSettingsOf(context);
	if (!download || record.status === 'ONGOING') return [{ json: record }];
	const answer = batchRecordAnswer(record);
	await downloadAnswerFiles(context, answer);
	return filesAsItems(fileOutputOf(context), answer, field, { item: context.getItemIndex() });
}

/** Batch → Get Status: a batch looked up by its ID, with every result and file once it has ended. */
export const getStatus: Operation = {
	resource: RESOURCE,
	...statusLookupOperation({
		kind: BATCH_WORK,
		option: {
			action: 'Get a batch\'s status and files by batch ID',
			description: 'Look up a batch: ONGOING (with how many are done), SUCCESS, PARTIAL_SUCCESS or FAILED, with every result',
		},
		idParameter: {
			name: 'batchRequestId',
			displayName: 'Batch Request ID or Status URL',
			placeholder: 'e.g. 7e1f… or https://api.pdfnoodle.com/v1/pdf/batch/status/7e1f…',
		},
		output: batchStatusItems,
	}),
};
