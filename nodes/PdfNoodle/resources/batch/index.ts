import { downloadFields } from '../../fields/fields';
import { type Resource, sharedFields } from '../operation';
import { batchFileOutputField, batchRunFields, batchSourceField, documentFileNameField } from './fields';
import { getStatus } from './getStatus';
import { renderHtml } from './renderHtml';
import { renderTemplates } from './renderTemplates';

const renders = [renderTemplates, renderHtml];

/** Batch: the two batch renders (which take the whole run, and can pause) and Get Status. */
export const batchResource: Resource = {
	option: { name: 'Batch', value: 'batch' },
	operations: [renderTemplates, renderHtml, getStatus],
	defaultOperation: renderTemplates,
	fields: [
		sharedFields(renders, [batchSourceField]),
		renderTemplates,
		renderHtml,
		sharedFields(renders, batchRunFields),
		sharedFields([...renders, getStatus], downloadFields(false)),
		sharedFields(renders, [documentFileNameField], { batchSource: ['inputItems'] }),
		sharedFields(renders, [batchFileOutputField(true)]),
		sharedFields([getStatus], [batchFileOutputField(false)]),
		getStatus,
	],
};
