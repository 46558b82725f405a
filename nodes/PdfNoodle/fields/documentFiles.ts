/**
 * An item's HTML or Markdown document read from its binary data (Source: File): the binary read
 * once through n8n's helper (memory or filesystem mode alike), the item's other binaries read
 * only when the document names them, the whole made one text by nodes/shared/htmlFiles, and its
 * size checked as the request will carry it, all before anything is sent. A refusal is an error
 * of the item naming Input Binary Field; files the document names that were not found become an
 * execution hint (`addDocumentFileHints`), not an error: the PDF still renders.
 */
import type { NodeExecutionHint } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { invalidParameter, requireText } from '../../shared/errors/validation';
import { SERVICE_BODY_LIMIT_BYTES, utf8ByteLength } from '../../shared/htmlFiles/bodySize';
import { documentFromFile, type DocumentFromFile } from '../../shared/htmlFiles/documentFromFile';
import type { DocumentKind } from '../../shared/htmlFiles/documentKind';
import { FileRefused, humanSize } from '../../shared/htmlFiles/refusal';
import type { ItemContext } from '../runner/itemContext';
import type { RunBase, RunContext } from '../runner/runContext';
import type { RunOperation } from '../runner/runner';
import { DocumentFileHints } from './documentFileHints';

/** The parameters a document file is read by. */
export interface DocumentFileNames {
	kind: DocumentKind;
	/** The choice between 'text' and 'file'. */
	choice: string;
	/** The binary field holding the file. */
	binaryField: string;
}

export const FILE_FIELD_DISPLAY_NAME = 'Input Binary Field';

/**
 * Room kept in the request for what goes with the document: the JSON around it, print settings
 * and options, a batch's own fields (its chunking keeps 2 KB for those).
 */
const REQUEST_ROOM_BYTES = 4 * 1024;

const HINTS_KEY = 'documentFiles.hints';
const PREPARED_KEY = 'documentFiles.prepared';

const HOW_TO_FIX: Record<DocumentKind, string> = {
	html: `Give "${FILE_FIELD_DISPLAY_NAME}" the binary field of an HTML file (or of a ZIP with index.html and its files) and run the node again.`,
	markdown: `Give "${FILE_FIELD_DISPLAY_NAME}" the binary field of a Markdown file (or of a ZIP with index.md and its images) and run the node again.`,
};

/**
 * Whether the item's document comes from a file. Never for a tool (n8n's "<name>Tool" variant, for
 * an AI Agent or an MCP client): its input is the text a model writes, whatever Source a workflow
 * imported with the node says (the editor hides Source from a tool).
 */
export function isFileSource(context: Pick<ItemContext, 'getNodeParameter' | 'getNode'>, names: DocumentFileNames): boolean {
	return !context.getNode().type.endsWith('Tool') && context.getNodeParameter(names.choice, 'text') === 'file';
}

/** The item's document from its binary field, made one text, or an error of the item naming the parameter. */
export async function readDocumentFile(context: ItemContext, names: DocumentFileNames): Promise<string> {
	const field = requireText(context, FILE_FIELD_DISPLAY_NAME, context.getNodeParameter(names.binaryField, 'data')).trim();
	const binaries = context.getInputData().binary ?? {};
	const binary = binaries[field];
	if (!binary) throw invalidParameter(context, FILE_FIELD_DISPLAY_NAME, noSuchField(field, Object.keys(binaries)), HOW_TO_FIX[names.kind]);
	let document: DocumentFromFile;
	try {
		const bytes = await context.helpers.getBinaryDataBuffer(field);
		// The document's own binary is not one of its assets; each other one is read only if named.
		const otherBinaries = Object.entries(binaries)
			.filter(([name]) => name !== field)
			.map(([name, other]) => ({ fileName: other.fileName ?? name, mimeType: other.mimeType, read: async () => await context.helpers.getBinaryDataBuffer(name) }));
		document = await documentFromFile({ fileName: binary.fileName ?? field, mimeType: binary.mimeType, bytes }, { wanted: names.kind, otherBinaries });
		requireRoomInRequest(document);
	} catch (error) {
		if (error instanceof FileRefused) throw invalidParameter(context, FILE_FIELD_DISPLAY_NAME, error.message, HOW_TO_FIX[names.kind]);
		// n8n could not read a binary (a file gone from its binary data folder, say): the item's error.
		throw new NodeOperationError(context.getNode(), error as Error, {
			itemIndex: context.getItemIndex(),
			description: `Reading the binary field "${field}", or a file its document names, failed. Nothing was sent to pdf noodle.`,
		});
	}
	if (document.hint !== undefined) hintsOf(context).add(context.getItemIndex(), document.hint);
	return document.text;
}

/**
 * The document as the request carries it: JSON-escaped (quotes, line breaks and backslashes take
 * two bytes), with room for the request's other fields. A document just under 3 MB can pass
 * documentFromFile's own check and still make a body over the service's limit.
 */
function requireRoomInRequest(document: DocumentFromFile): void {
	const sent = utf8ByteLength(JSON.stringify(document.text)) + REQUEST_ROOM_BYTES;
	if (sent <= SERVICE_BODY_LIMIT_BYTES) return;
	const inlined = document.inlined.length > 0 ? ' with its images and styles inlined' : '';
	throw new FileRefused(
		`${document.name} is ${humanSize(document.bytes)}${inlined}, ${humanSize(sent)} as the request carries it (JSON-escaped, with the request's other fields); pdf noodle takes at most 3 MB per request`,
	);
}

function noSuchField(field: string, fields: string[]): string {
	const has = fields.length === 0 ? 'it has no binary data' : `it has ${fields.map((name) => `"${name}"`).join(', ')}`;
	return `the input item has no binary field "${field}" (${has})`;
}

function hintsOf(context: Pick<ItemContext, 'sharedInRun'>): DocumentFileHints {
	return context.sharedInRun(HINTS_KEY, () => new DocumentFileHints());
}

type Prepared = Map<number, { text: string } | { error: unknown }>;

/**
 * The operation with every item's document file read first, one item after the other, before it
 * plans anything, for operations that build their requests synchronously (`documentText` then
 * takes the prepared text, or throws the item's refusal where the text parameter's would be).
 */
export function withDocumentFiles(names: DocumentFileNames, operation: RunOperation): RunOperation {
	return async (run) => {
		for (let itemIndex = 0; itemIndex < run.getInputData().length; itemIndex++) {
			const context = run.item(itemIndex);
			if (!isFileSource(context, names)) continue;
			const prepared = context.sharedInRun<Prepared>(PREPARED_KEY, () => new Map());
			try {
				prepared.set(itemIndex, { text: await readDocumentFile(context, names) });
			} catch (error) {
				prepared.set(itemIndex, { error });
			}
		}
		return await operation(run);
	};
}

/** The item's document file as `withDocumentFiles` read it: its text, or its refusal thrown. */
export function preparedDocumentFile(context: ItemContext): string {
	const prepared = context.sharedInRun<Prepared>(PREPARED_KEY, () => new Map()).get(context.getItemIndex());
	if (prepared === undefined) throw new Error(`The document file of item ${context.getItemIndex()} was not read before the request was built (withDocumentFiles)`);
	if ('error' in prepared) throw prepared.error;
	return prepared.text;
}

/**
 * Shows the files that documents named and that were not found above the node's output (n8n's
 * execution hints), where n8n offers them (`addExecutionHints`; n8n 1.x's older releases lack it).
 */
export function addDocumentFileHints(run: RunContext<RunBase & { addExecutionHints?: (...hints: NodeExecutionHint[]) => void }>): void {
	const hints = run.sharedIfAny<DocumentFileHints>(HINTS_KEY)?.hints(run.getInputData().length) ?? [];
	if (hints.length > 0 && typeof run.n8n.addExecutionHints === 'function') run.n8n.addExecutionHints(...hints);
}
