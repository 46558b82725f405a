import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { batchCustomOperations, batchDescription } from './resources/batch';
import { documentDescription } from './resources/document';
import { pdfToolDescription } from './resources/pdfTool';
import { templateDescription } from './resources/template';
import { CURRENT_BASE_URL } from './shared/baseUrl';
import { searchTemplates } from './shared/templateLocator';
import { getTemplateVariableFields } from './shared/variables';

export class PdfNoodle implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PDF Noodle',
		name: 'pdfNoodle',
		icon: { light: 'file:pdfNoodle.svg', dark: 'file:pdfNoodle.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
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
		requestDefaults: {
			// The credential moves requests onto its own Base URL. A constant here spares the
			// routing engine two expression evaluations per item (the bench measures them).
			baseURL: CURRENT_BASE_URL,
			headers: {
				Accept: 'application/json',
				'Content-Type': 'application/json',
			},
			json: true,
			// Error statuses reach `throwOnErrorStatus`, which words them for a person.
			ignoreHttpStatusErrors: true,
		},
		properties: [
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
		],
	};

	customOperations = batchCustomOperations;

	methods = {
		listSearch: {
			searchTemplates,
		},
		resourceMapping: {
			getTemplateVariableFields,
		},
	};
}
