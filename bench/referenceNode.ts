/**
 * The floor of n8n's routing engine: the least a declarative node does to render one
 * template per item. A constant base URL, a body of the template and the "Data" parameter
 * (JSON text, as our node takes it), our credential for the bearer header and, when
 * "Download File" is on, the file fetched through n8n's HTTP helper into n8n's binary data,
 * as any node that hands back the file must. No validation, no retries, no waiting, no
 * bound on requests at once. Measured beside our node, it shows which part of the cost over
 * a plain HTTP client is n8n's own, and which part is ours.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

export const REFERENCE_NODE_TYPE = 'bench.referenceRender';

export class ReferenceRenderNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Reference Render',
		name: 'referenceRender',
		group: ['output'],
		version: 1,
		description: 'One render request per item, and its file if asked for, nothing else',
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
					output: { postReceive: [withFile] },
				},
			},
			{ displayName: 'Data', name: 'data', type: 'string', default: '{"recipient": {"name": "Person"}}' },
			{ displayName: 'Download File', name: 'downloadFile', type: 'boolean', default: false },
		],
	};
}

async function withBody(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const data = JSON.parse(this.getNodeParameter('data') as string) as IDataObject;
	return { ...request, body: { templateId: this.getNodeParameter('templateId'), data } };
}

async function withFile(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	if (!(this.getNodeParameter('downloadFile') as boolean)) return items;
	const { signedUrl } = response.body as { signedUrl: string };
	const file = (await this.helpers.httpRequest({ method: 'GET', url: signedUrl, encoding: 'arraybuffer', json: false })) as Buffer;
	items[0].binary = { data: await this.helpers.prepareBinaryData(file, 'document.pdf', 'application/pdf') };
	return items;
}
