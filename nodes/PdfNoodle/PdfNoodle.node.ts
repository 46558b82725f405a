import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { addDataCheckHints } from './dataCheck/dataChecks';
import { NODE_BUILDER_HINT, withBuilderHints } from './fields/builderHints';
import { addDocumentFileHints } from './fields/documentFiles';
import { searchTemplates } from './fields/templateLocator';
import { withAgentDefaults } from './fields/toolDefaults';
import { getTemplateVariableFields } from './fields/variables';
import { type FinishPaused, resumeOnCallback } from './pause/callback';
import { operationFor, operationsDescription, resourceField, resumeFor } from './resources';
import { type Operation, runOperation } from './resources/operation';
import { runWithErrorsForModels } from './runner/errorsForModels';
import { NODE_SETTINGS } from './runner/nodeSettings';
import { type RunBase, runContextOf } from './runner/runContext';

/** The Resource and Operation parameters of the node. */
function chosen(run: Pick<RunBase, 'getNodeParameter'>): { resource: string; operation: string } {
	return { resource: String(run.getNodeParameter('resource', 0)), operation: String(run.getNodeParameter('operation', 0)) };
}

/**
 * The operation the node's Resource and Operation name, refused by name when there is none.
 * Both are read from the first item (they cannot be expressions), so the error is about it.
 */
function chosenOperation(n8n: IExecuteFunctions): Operation {
	const { resource, operation } = chosen(n8n);
	const found = operationFor(resource, operation);
	if (!found) throw new NodeOperationError(n8n.getNode(), `The PDF Noodle node has no operation "${operation}" for the resource "${resource}"`, { itemIndex: 0 });
	return found;
}

/** The output of a paused operation when pdf noodle's call resumes its execution. */
const outputOfPaused: FinishPaused = async (run, awaited, record, plan) => {
	const { resource, operation } = chosen(run);
	const finish = resumeFor(resource, operation);
	if (!finish) throw new NodeOperationError(run.getNode(), `The PDF Noodle node cannot resume the operation "${operation}" of the resource "${resource}"`, { itemIndex: 0 });
	return await finish(run, awaited, record, plan);
};

const PROPERTIES: INodeProperties[] = withBuilderHints(withAgentDefaults([resourceField, ...operationsDescription, ...NODE_SETTINGS]));

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
		builderHint: NODE_BUILDER_HINT,
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
		properties: [...PROPERTIES],
	};

	/**
	 * The node's one entry, however n8n calls it: its engine in a workflow, and a tool call of an
	 * AI Agent or of the MCP Server Trigger. The Resource and Operation parameters name the
	 * operation (resources/index.ts); the node run is made once (pacing, request slots, the
	 * credential read once, first status calls) and the operation runs in it, for each item or
	 * for the whole run (batches, Merge PDFs across items, a pause).
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const operation = chosenOperation(this);
		const run = runContextOf(this);
		const output = await runWithErrorsForModels(run, async () => await runOperation(operation, run));
		addDataCheckHints(run);
		addDocumentFileHints(run);
		return output;
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
