import type { INodeProperties } from 'n8n-workflow';

import { downloadFields } from '../../shared/download';
import { waitingFields } from '../../shared/waiting';
import { RESOURCE, TOOL_WAIT_DEFAULTS } from './common';
import { compressPdfFields, compressPdfOperation } from './compressPdf';
import { getToolStatusFields, getToolStatusOperation } from './getStatus';
import { markdownToPdfFields, markdownToPdfOperation } from './markdownToPdf';
import { mergePdfsFields, mergePdfsOperation } from './mergePdfs';
import { splitFilesFields, splitPdfFields, splitPdfOperation } from './splitPdf';
import { updateMetadataFields, updateMetadataOperation } from './updateMetadata';

const toolOperations = [markdownToPdfOperation, mergePdfsOperation, splitPdfOperation, compressPdfOperation, updateMetadataOperation];
const operations = [...toolOperations, getToolStatusOperation];

export const pdfToolDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [RESOURCE] } },
		options: operations,
		default: 'markdownToPdf',
	},
	...markdownToPdfFields,
	...mergePdfsFields,
	...splitPdfFields,
	...compressPdfFields,
	...updateMetadataFields,
	...getToolStatusFields,
	...waitingFields({ resource: [RESOURCE], operation: toolOperations.map((operation) => operation.value as string) }, TOOL_WAIT_DEFAULTS),
	...downloadFields({ resource: [RESOURCE], operation: operations.map((operation) => operation.value as string) }, false),
	...splitFilesFields([splitPdfOperation.value as string, getToolStatusOperation.value as string]),
];
