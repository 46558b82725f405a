import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { TOOL_PATHS } from '../../../shared/api/endpoints';
import { invalidParameter } from '../../../shared/errors/validation';
import { inputPdfFields } from '../../fields/pdfSource';
import type { ItemContext } from '../../runner/itemContext';
import type { Operation } from '../operation';
import { RESOURCE, toolOptionsField } from './common';
import { runToolOnInputPdf } from './tool';

const LEVELS = ['low', 'medium', 'high'];

const option = {
	name: 'Compress PDF',
	value: 'compressPdf',
	action: 'Compress a PDF to a smaller file',
	description: 'Make a PDF smaller, trading image quality for size',
};

const properties: INodeProperties[] = [
	...inputPdfFields(),
	{
		displayName: 'Compression Level',
		name: 'compressLevel',
		type: 'options',
		options: [
			{ name: 'Low', value: 'low', description: 'Highest quality, least compression' },
			{ name: 'Medium', value: 'medium', description: 'Balanced' },
			{ name: 'High', value: 'high', description: 'Most compression, lower quality' },
		],
		default: 'medium',
	},
	toolOptionsField('Name of the compressed PDF; must end in .pdf'),
];

async function compressItemPdf(context: ItemContext): Promise<INodeExecutionData[]> {
	return await runToolOnInputPdf(context, TOOL_PATHS.compressPdf, compressFields);
}

function compressFields(context: ItemContext): IDataObject {
	const level = String(context.getNodeParameter('compressLevel', 'medium'));
	if (!LEVELS.includes(level)) throw invalidParameter(context, 'Compression Level', `must be one of ${LEVELS.join(', ')}, not "${level}"`);
	return { compressLevel: level };
}

/** PDF Tool → Compress PDF. */
export const compressPdf: Operation = { resource: RESOURCE, option, fields: properties, forEachItem: compressItemPdf };
