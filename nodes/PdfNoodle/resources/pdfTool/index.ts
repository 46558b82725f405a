import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { downloadFields } from '../../fields/fields';
import { eachItem, type RunOperation } from '../../runner/runner';
import { waitingFields } from '../../waiting/settings';
import { RESOURCE, TOOL_WAIT_DEFAULTS } from './common';
import * as compressPdf from './compressPdf';
import * as getStatus from './getStatus';
import * as markdownToPdf from './markdownToPdf';
import { mergePdfsRun } from './mergeAcrossItems';
import * as mergePdfs from './mergePdfs';
import * as splitPdf from './splitPdf';
import * as updateMetadata from './updateMetadata';

const tools = [markdownToPdf, mergePdfs, splitPdf, compressPdf, updateMetadata];
const toolNames = tools.map((tool) => tool.option.value as string);

export const pdfToolDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [RESOURCE] } },
		options: [...tools.map((tool) => tool.option), getStatus.option],
		default: 'markdownToPdf',
	},
	...tools.flatMap((tool) => tool.description),
	...getStatus.description,
	...updateDisplayOptions({ show: { resource: [RESOURCE], operation: toolNames } }, waitingFields(TOOL_WAIT_DEFAULTS)),
	...updateDisplayOptions({ show: { resource: [RESOURCE], operation: [...toolNames, getStatus.option.value as string] } }, downloadFields(false)),
	...splitPdf.splitFilesFields([splitPdf.option.value as string, getStatus.option.value as string]),
];

/** How each operation runs: each tool for each item, but Merge PDFs across all items in one request. */
export const pdfToolOperations: Record<string, RunOperation> = {
	markdownToPdf: eachItem(markdownToPdf.execute),
	mergePdfs: mergePdfsRun,
	splitPdf: eachItem(splitPdf.execute),
	compressPdf: eachItem(compressPdf.execute),
	updateMetadata: eachItem(updateMetadata.execute),
	getStatus: eachItem(getStatus.execute),
};
