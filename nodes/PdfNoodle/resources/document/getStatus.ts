import type { Operation } from '../operation';
import { statusLookupOperation } from '../statusLookup';
import { RENDER_WORK, renderStatusItems } from './render';

/** Document → Get Status: a render looked up by its request ID, with the file once it succeeded. */
export const getStatus: Operation = statusLookupOperation('document', {
	kind: RENDER_WORK,
	option: {
		action: 'Get a render\'s status and file by request ID',
		description: 'Look up a render by its request ID: ONGOING, SUCCESS (with the file) or FAILED',
	},
	idParameter: {
		name: 'requestId',
		displayName: 'Request ID or Status URL',
		placeholder: 'e.g. 3f2c… or https://api.pdfnoodle.com/v1/pdf/status/3f2c…',
		description: 'The requestId of an asynchronous or long render, or its full statusUrl',
	},
	output: renderStatusItems,
});
