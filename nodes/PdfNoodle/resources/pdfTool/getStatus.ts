import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { succeeded } from '../../../shared/api/records';
import type { ItemContext } from '../../runner/itemContext';
import type { Operation } from '../operation';
import { statusLookupOperation } from '../statusLookup';
import { RESOURCE } from './common';
import { toolFiles, toolOutputSettingsOf } from './output';
import { TOOL_WORK } from './tool';

/** The status record as it is; a finished job's files are downloaded from its `result`. */
async function toolStatusItems(context: ItemContext, record: IDataObject): Promise<INodeExecutionData[]> {
	if (!succeeded('tool', record) || !record.result || typeof record.result !== 'object') return [{ json: record }];
	const withFiles = await toolFiles(context, { ...(record.result as IDataObject) }, toolOutputSettingsOf(context));
	return withFiles.map((item) => ({ ...item, json: { ...record, ...item.json, result: record.result } }));
}

/** PDF Tool → Get Status: a tool job looked up by its request ID, with its files once it succeeded. */
export const getStatus: Operation = statusLookupOperation(RESOURCE, {
	kind: TOOL_WORK,
	option: {
		action: 'Get a PDF tool job\'s status and files by ID',
		description: 'Look up a background tool job: ONGOING, SUCCESS (with its result and files) or FAILED',
	},
	idParameter: {
		name: 'toolRequestId',
		displayName: 'Request ID or Status URL',
		placeholder: 'e.g. 9d1c… or https://api.pdfnoodle.com/v1/tools/status/9d1c…',
		description: 'The requestId of a tool run in the background, or its full statusUrl',
	},
	output: toolStatusItems,
});
