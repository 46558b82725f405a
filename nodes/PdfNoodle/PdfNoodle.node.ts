import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	NodeOutput,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { batchCustomOperations, batchDescription } from './resources/batch';
import { RENDER_HTML, RENDER_TEMPLATES } from './resources/batch/fields';
import { resumeBatch } from './resources/batch/renderBatch';
import { documentDescription } from './resources/document';
import { pausableRender, resumeRenders } from './resources/document/pause';
import { renderFromHtmlOperation } from './resources/document/renderFromHtml';
import { renderFromTemplateOperation } from './resources/document/renderFromTemplate';
import { pdfToolDescription } from './resources/pdfTool';
import { mergeAcrossItems } from './resources/pdfTool/mergeAcrossItems';
import { templateDescription } from './resources/template';
import { CURRENT_BASE_URL } from './shared/baseUrl';
import { type FinishPaused, resumeOnCallback } from './shared/callback';
import { operationsWithErrorsForModels } from './shared/errorsForModels';
import { requestOptionsField } from './shared/requestOptions';
import { requestsAtOnceField } from './shared/requestsAtOnce';
import { routedOperations } from './shared/routedOperations';
import { searchTemplates } from './shared/templateLocator';
import { withAgentDefaults } from './shared/toolDefaults';
import { getTemplateVariableFields } from './shared/variables';

type Operations = NonNullable<INodeType['customOperations']>;

function mergeOperations(...sets: Operations[]): Operations {
	const merged: Operations = {};
	for (const set of sets) {
		for (const [resource, operations] of Object.entries(set)) merged[resource] = { ...merged[resource], ...operations };
	}
	return merged;
}

/**
 * How each operation runs: the described steps through the transport (shared/routedOperations.ts),
 * the batch renders on their own, Merge PDFs across all input items in one request, and the
 * document renders also in the mode that pauses the execution.
 */
function operationsOf(description: INodeTypeDescription): Operations {
	const routed = routedOperations(description);
	const mergePdfs = mergeAcrossItems(routed.pdfTool.mergePdfs);
	const document = {
		renderFromTemplate: pausableRender(renderFromTemplateOperation, routed.document.renderFromTemplate),
		renderFromHtml: pausableRender(renderFromHtmlOperation, routed.document.renderFromHtml),
	};
	return operationsWithErrorsForModels(mergeOperations(routed, batchCustomOperations, { pdfTool: { mergePdfs }, document }));
}

let operations: Operations | undefined;

/** The operation of a resource, as `customOperations` holds it (undefined for a pair the node lacks). */
export function operationFor(resource: string, operation: string): Operations[string][string] | undefined {
	return (operations ?? new PdfNoodle().customOperations)[resource]?.[operation];
}

/** The operation the node's resource and operation parameters name. */
function operationOf(execute: IExecuteFunctions): NonNullable<Operations[string][string]> {
	const resource = String(execute.getNodeParameter('resource', 0));
	const operation = String(execute.getNodeParameter('operation', 0));
	const run = operationFor(resource, operation);
	if (!run) throw new NodeOperationError(execute.getNode(), `The PDF Noodle node has no operation "${operation}" for the resource "${resource}"`);
	return run;
}

/** The operations that can pause the execution, and how each outputs its result when it resumes. */
const PAUSED_OUTPUTS: Record<string, FinishPaused> = {
	'document:renderFromTemplate': resumeRenders(renderFromTemplateOperation),
	'document:renderFromHtml': resumeRenders(renderFromHtmlOperation),
	[`batch:${RENDER_TEMPLATES}`]: resumeBatch('template'),
	[`batch:${RENDER_HTML}`]: resumeBatch('html'),
};

const outputOfPaused: FinishPaused = async (execute, awaited, record) => {
	const operation = `${String(execute.getNodeParameter('resource', 0))}:${String(execute.getNodeParameter('operation', 0))}`;
	return await PAUSED_OUTPUTS[operation](execute, awaited, record);
};

const PROPERTIES: INodeProperties[] = withAgentDefaults([
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Batch',
				value: 'batch',
			},
			{
				name: 'Document',
				value: 'document',
			},
			{
				name: 'PDF Tool',
				value: 'pdfTool',
			},
			{
				name: 'Template',
				value: 'template',
			},
		],
		default: 'document',
	},
	...documentDescription,
	...batchDescription,
	...templateDescription,
	...pdfToolDescription,
	requestOptionsField,
	requestsAtOnceField,
]);

/**
 * The canvas subtitle: the operation's and the resource's names as the node panel shows them
 * ("Render From Template: Document"), looked up from the values the parameters hold.
 */
function subtitleOf(properties: INodeProperties[]): string {
	const resources = (properties.find((property) => property.name === 'resource')?.options ?? []) as INodePropertyOptions[];
	const names: Record<string, string> = {};
	for (const property of properties) {
		if (property.name !== 'operation') continue;
		for (const resource of (property.displayOptions?.show?.resource ?? []) as string[]) {
			const resourceName = resources.find((option) => option.value === resource)?.name ?? resource;
			for (const option of (property.options ?? []) as INodePropertyOptions[]) {
				names[`${resource}:${String(option.value)}`] = `${option.name}: ${resourceName}`;
			}
		}
	}
	return `={{ ${JSON.stringify(names)}[$parameter["resource"] + ":" + $parameter["operation"]] }}`;
}

export class PdfNoodle implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PDF Noodle',
		name: 'pdfNoodle',
		icon: { light: 'file:pdfNoodle.svg', dark: 'file:pdfNoodle.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: subtitleOf(PROPERTIES),
		description: 'Render PDFs and images from templates, HTML and markdown, merge, split, compress and label PDFs, and manage templates, with pdf noodle',
		defaults: {
			name: 'PDF Noodle',
		},
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'pdfNoodleApi',
				required: true,
			},
		],
		// The resume URL of an execution paused by "Pause Until Called Back": pdf noodle posts the
		// result there, and n8n runs `webhook` to resume the execution (as for its Wait node).
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				// Empty, so that n8n answers with the `webhookResponse` of `webhook`.
				responseData: '',
				responseMode: 'onReceived',
				path: '',
				restartWebhook: true,
			},
		],
		// The service's address and the shape of its requests. The operations send through the
		// shared transport, which puts them on the credential's Base URL; n8n reads this to know
		// the node describes requests (it adds its "Request Options" to the node).
		requestDefaults: {
			baseURL: CURRENT_BASE_URL,
			headers: {
				Accept: 'application/json',
				'Content-Type': 'application/json',
			},
			json: true,
			// Error statuses reach `throwOnErrorStatus`, which words them for a person.
			ignoreHttpStatusErrors: true,
		},
		properties: [...PROPERTIES],
	};

	// Built once and shared by every instance and by `execute`: one set of operations.
	customOperations = (operations ??= operationsOf(this.description));

	/**
	 * The node's entry when n8n calls `execute`: n8n's MCP Server Trigger and AI Agent 2.x run
	 * a tool that way (n8n's engine runs `customOperations`). It runs the very same operations;
	 * without it n8n would fall back to its declarative routing engine, which knows neither the
	 * package's transport nor the batch operations (a Batch render sent `GET /`).
	 */
	async execute(this: IExecuteFunctions): Promise<NodeOutput> {
		return await operationOf(this).call(this);
	}

	/**
	 * n8n's webhook lifecycle is for services where a webhook is registered through an API.
	 * The pause's resume URL is n8n's own and travels in each paused request, and pdf noodle
	 * has no API to register webhooks: nothing to create, look up or delete. (n8n runs no
	 * lifecycle for a resume webhook anyway; the methods say so where n8n's scanner looks.)
	 */
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resumeOnCallback(this, outputOfPaused);
	}

	methods = {
		listSearch: {
			searchTemplates,
		},
		resourceMapping: {
			getTemplateVariableFields,
		},
	};
}
