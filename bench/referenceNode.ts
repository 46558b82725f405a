/**
 * The floor of n8n's routing engine: the least a declarative node does to render one
 * template per item. A constant base URL, one fixed body, no expression, no download, and
 * our credential for the bearer header. Measured beside our node, it shows which part of
 * the cost over a plain HTTP client is n8n's own, and which part is ours.
 */
import type { IHttpRequestOptions, IExecuteSingleFunctions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

export const REFERENCE_NODE_TYPE = 'bench.referenceRender';

export class ReferenceRenderNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Reference Render',
		name: 'referenceRender',
		group: ['output'],
		version: 1,
		description: 'One render request per item, nothing else',
		defaults: { name: 'Reference Render' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'pdfNoodleApi', required: true }],
		requestDefaults: { baseURL: 'https://api.pdfnoodle.com', headers: { Accept: 'application/json' }, json: true },
		properties: [
			{
				displayName: 'Template ID',
				name: 'templateId',
				type: 'string',
				default: '',
				routing: {
					request: { method: 'POST', url: '/v1/pdf/sync' },
					send: { preSend: [withBody] },
				},
			},
		],
	};
}

async function withBody(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	return { ...request, body: { templateId: this.getNodeParameter('templateId'), data: { recipient: { name: 'Person' } } } };
}
