import { downloadFields } from '../../fields/fields';
import { waitingFields } from '../../waiting/settings';
import { type Resource, sharedFields } from '../operation';
import { getStatus } from './getStatus';
import { RENDER_WAIT_DEFAULTS } from './render';
import { renderFromHtml } from './renderFromHtml';
import { renderFromTemplate } from './renderFromTemplate';

const renders = [renderFromTemplate, renderFromHtml];

/** Document: the two single renders (which can pause) and Get Status. */
export const documentResource: Resource = {
	option: { name: 'Document', value: 'document' },
	operations: [renderFromTemplate, renderFromHtml, getStatus],
	defaultOperation: renderFromTemplate,
	fields: [
		renderFromTemplate,
		renderFromHtml,
		getStatus,
		sharedFields(renders, waitingFields(RENDER_WAIT_DEFAULTS, { hasMode: true })),
		sharedFields([...renders, getStatus], downloadFields()),
	],
};
