import type { INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { apiJsonWithinRateLimit } from '../../shared/transport/rateLimit';
import { idOrStatusUrl } from '../fields/statusReference';
import type { ItemContext } from '../runner/itemContext';
import { statusWaitingFields, waitSettings } from '../waiting/settings';
import { awaitWork } from '../waiting/waiting';
import type { WorkKind } from '../waiting/workKind';
import type { Operation } from './operation';

/** What sets one family's Get Status apart: its work, its ID parameter, and its output. */
export interface StatusLookup {
	kind: WorkKind;
	option: Pick<INodePropertyOptions, 'action' | 'description'>;
	/** The parameter that takes the ID or the status URL: its name, label, placeholder, description. */
	idParameter: Pick<INodeProperties, 'name' | 'displayName' | 'placeholder' | 'description'>;
	/** The output items of a status record (a finished one with its files). */
	output(context: ItemContext, record: INodeExecutionData['json']): Promise<INodeExecutionData[]>;
}

/**
 * A Get Status operation, the same for renders, batches and PDF tool jobs: look the work up by
 * its ID or status URL, and with "Wait for Completion" wait while it is still going; then the
 * family's output. The lookup is the first status call: the polls follow at the interval.
 * The Get Status operation of `resource`.
 */
export function statusLookupOperation(resource: string, lookup: StatusLookup): Operation {
	const option = { name: 'Get Status', value: 'getStatus', action: String(lookup.option.action), description: String(lookup.option.description) };
	const properties: INodeProperties[] = [
		{ ...lookup.idParameter, type: 'string', required: true, default: '' },
		...statusWaitingFields(lookup.kind.defaults),
	];

	async function lookUpStatus(context: ItemContext): Promise<INodeExecutionData[]> {
		const { name, displayName } = lookup.idParameter;
		// A status URL the API answered is the work's status path with its ID.
		const statusPrefix = lookup.kind.statusPath('').replace(/\/$/, '');
		const id = idOrStatusUrl(context, displayName, context.getNodeParameter(name), statusPrefix);
		const wait = waitSettings(context, lookup.kind.defaults);
		let record = await apiJsonWithinRateLimit(context, { method: 'GET', url: lookup.kind.statusPath(id) });
		if (!lookup.kind.isFinished(record)) record = (await awaitWork(context, lookup.kind, wait, id)) ?? record;
		return await lookup.output(context, record);
	}

	return { resource, option, fields: properties, forEachItem: lookUpStatus };
}
