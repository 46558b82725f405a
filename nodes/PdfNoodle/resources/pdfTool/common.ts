/** The Tool Options every tool shows (`toolOptionsField`) and their reading (`toolOptionsBody`); the tools' work is tool.ts. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { invalidParameter, requireWholeNumber } from '../../../shared/errors/validation';
import type { ItemContext } from '../../runner/itemContext';

export const RESOURCE = 'pdfTool';

/** The options every tool takes: output file name, URL lifetime, background run. */
export function toolOptionsField(fileNameHint: string): INodeProperties {
	return {
		displayName: 'Options',
		name: 'toolOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Output File Name',
				name: 'finalFilename',
				type: 'string',
				default: '',
				placeholder: 'e.g. report.pdf',
				description: fileNameHint,
			},
			{
				displayName: 'Run in Background',
				name: 'async',
				type: 'boolean',
				default: false,
				description:
					'Whether pdf noodle should answer at once with a request ID and do the work in the background (the node then waits for it when "Wait for Completion" is on)',
			},
			{
				displayName: 'URL Lifetime (Seconds)',
				name: 'expiration',
				type: 'number',
				typeOptions: { minValue: 60, maxValue: 604800 },
				default: 3600,
				description: 'How long the output URL stays valid, from 60 seconds to 7 days (604800)',
			},
		],
	};
}

/** The common tool fields of the body, validated; only what the user set. */
export function toolOptionsBody(context: ItemContext): IDataObject {
	const options = context.getNodeParameter('toolOptions', {}) as IDataObject;
	const body: IDataObject = {};
	if (options.finalFilename !== undefined && options.finalFilename !== '') {
		const name = String(options.finalFilename).trim();
		if (!/^.+\.pdf$/i.test(name) || /[/\\]/.test(name)) {
			throw invalidParameter(context, 'Output File Name', `must be a file name ending in .pdf, not "${name}"`);
		}
		body.finalFilename = name;
	}
	if (options.expiration !== undefined) {
		body.expiration = requireWholeNumber(context, 'URL Lifetime (Seconds)', options.expiration, 60, 604800);
	}
	// Left out when off, never sent as false (api-notes.md): off is the service's default.
	if (options.async === true) body.async = true;
	return body;
}
