import { downloadFields } from '../../fields/fields';
import { waitingFields } from '../../waiting/settings';
import { type Resource, sharedFields } from '../operation';
import { compressPdf } from './compressPdf';
import { getStatus } from './getStatus';
import { markdownToPdf } from './markdownToPdf';
import { mergePdfs } from './mergePdfs';
import { splitFilesFields, splitPdf } from './splitPdf';
import { TOOL_WAIT_DEFAULTS } from './tool';
import { updateMetadata } from './updateMetadata';

const tools = [markdownToPdf, mergePdfs, splitPdf, compressPdf, updateMetadata];

/** PDF Tool: each tool (Merge PDFs also across all input items) and Get Status of a tool job. */
export const pdfToolResource: Resource = {
	option: { name: 'PDF Tool', value: 'pdfTool' },
	operations: [...tools, getStatus],
	defaultOperation: markdownToPdf,
	fields: [
		...tools,
		getStatus,
		sharedFields(tools, waitingFields(TOOL_WAIT_DEFAULTS)),
		sharedFields([...tools, getStatus], downloadFields(false)),
		sharedFields([splitPdf, getStatus], splitFilesFields()),
	],
};
