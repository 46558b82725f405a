/**
 * Where an HTML or Markdown document comes from (issue 63): typed text, as before, or a file in a
 * binary field of the input item (an HTML or Markdown file, or a ZIP of a site), its images and
 * stylesheets inlined (documentFiles.ts reads it, nodes/shared/htmlFiles makes it one text).
 *
 * The parameters: *Source* (Text or File, Text by default so that saved workflows behave as
 * before), the text parameter each operation already had (its name kept), and *Input Binary
 * Field*. An AI agent's or MCP client's tool keeps text only: a model hands over text, not an
 * item's binary data, so *Source* is hidden from the tool (`@tool`) and the text parameter is
 * hidden only when Source is File, never because Source is absent.
 */
import type { INodeProperties } from 'n8n-workflow';

import type { DocumentKind } from '../../shared/htmlFiles/documentKind';
import { requireText } from '../../shared/errors/validation';
import type { ItemContext } from '../runner/itemContext';
import { type DocumentFileNames, FILE_FIELD_DISPLAY_NAME, isFileSource, preparedDocumentFile, readDocumentFile } from './documentFiles';

/** The names of one operation's document parameters, as saved workflows have them. */
export interface DocumentSourceNames extends DocumentFileNames {
	/** The text parameter, and its display name (what an error names). */
	text: string;
	textDisplayName: string;
}

/** Document → Render From HTML. */
export const RENDER_HTML_SOURCE: DocumentSourceNames = { kind: 'html', choice: 'htmlSource', text: 'html', textDisplayName: 'HTML', binaryField: 'htmlBinaryField' };
/** Batch → Render HTML, entries from input items. */
export const BATCH_HTML_SOURCE: DocumentSourceNames = { ...RENDER_HTML_SOURCE, text: 'documentHtml' };
/** PDF Tool → Markdown to PDF. */
export const MARKDOWN_SOURCE: DocumentSourceNames = {
	kind: 'markdown',
	choice: 'markdownSource',
	text: 'markdown',
	textDisplayName: 'Markdown',
	binaryField: 'markdownBinaryField',
};

const WORDS: Record<DocumentKind, { file: string; textOption: string; fileOption: string; binaryHint: string }> = {
	html: {
		file: 'an HTML file',
		textOption: 'HTML typed here or given by an expression',
		fileOption:
			'An HTML file, or a ZIP of a site, in a binary field of the input item (from Google Drive, S3, an email, an HTTP Request); its local images and stylesheets are put into the document',
		binaryHint: 'The binary field with the HTML file or the ZIP (index.html and its files)',
	},
	markdown: {
		file: 'a Markdown file',
		textOption: 'Markdown typed here or given by an expression',
		fileOption:
			'A Markdown file, or a ZIP with it and its images, in a binary field of the input item (from Google Drive, S3, an email, an HTTP Request); its local images are put into the document',
		binaryHint: 'The binary field with the Markdown file or the ZIP (index.md and its images)',
	},
};

/** Source, the operation's own text parameter (`textField`, shown unless Source is File) and Input Binary Field. */
export function documentSourceFields(names: DocumentSourceNames, textField: INodeProperties): INodeProperties[] {
	const words = WORDS[names.kind];
	return [
		{
			displayName: 'Source',
			name: names.choice,
			type: 'options',
			options: [
				{ name: 'Text', value: 'text', description: words.textOption },
				{ name: 'File', value: 'file', description: words.fileOption },
			],
			default: 'text',
			description: "Where the document comes from. As an AI agent's or MCP client's tool the node takes text only: a model writes text, and files are not a tool's input.",
			// Hidden from a tool, whose Source is then Text (documentFiles.ts: isFileSource).
			displayOptions: { hide: { '@tool': [true] } },
		},
		{ ...textField, displayOptions: { ...textField.displayOptions, hide: { ...textField.displayOptions?.hide, [names.choice]: ['file'] } } },
		{
			displayName: FILE_FIELD_DISPLAY_NAME,
			name: names.binaryField,
			type: 'string',
			required: true,
			default: 'data',
			hint: words.binaryHint,
			description:
				"Its images and stylesheets are taken from the ZIP, or from the item's other binary fields by file name (e.g. logo.png); web addresses are left as they are. The node fetches nothing. A file it names that is not found is named in an execution hint.",
			displayOptions: { show: { [names.choice]: ['file'] } },
		},
	];
}

/**
 * The item's document, for an operation that builds its request synchronously (Render From HTML,
 * the HTML batch): the text parameter, or the file read beforehand by `withDocumentFiles`.
 */
export function documentText(context: ItemContext, names: DocumentSourceNames): string {
	if (!isFileSource(context, names)) return requireText(context, names.textDisplayName, context.getNodeParameter(names.text));
	return preparedDocumentFile(context);
}

/** The item's document, read now (Markdown to PDF, which builds its request per item, asynchronously). */
export async function readDocumentText(context: ItemContext, names: DocumentSourceNames): Promise<string> {
	if (!isFileSource(context, names)) return requireText(context, names.textDisplayName, context.getNodeParameter(names.text));
	return await readDocumentFile(context, names);
}
