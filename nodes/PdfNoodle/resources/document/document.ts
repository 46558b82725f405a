/**
 * The one builder of a document, the body pdf noodle renders: a template's (its ID, its data,
 * the render options) or HTML's (the HTML, its print settings, the render options), every
 * parameter checked, nothing sent. A single render (render.ts), the renders paused together
 * (renderDocuments.ts) and a batch entry from an input item (batch/plan.ts) are built here
 * alike, each from its own parameters (`DocumentParameters`); the render options are read here
 * alone (`renderOptionsBody`), so a new one is one edit of fields/renderOptions.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RenderSource } from '../../../shared/api/endpoints';
import { checkedTemplateData, knownTemplateData } from '../../dataCheck/checkedData';
import { type DocumentSourceNames, documentText } from '../../fields/documentSource';
import { printSettingsBody } from '../../fields/printSettings';
import { renderOptionsBody } from '../../fields/renderOptions';
import type { TemplateDataNames } from '../../fields/templateData';
import { templateIdOf } from '../../fields/templateLocator';
import type { ItemContext } from '../../runner/itemContext';
import type { Outcome } from '../../runner/outcome';

/** Where a document's parameters are: a single render's, or a batch entry's (named apart since the first release). */
export interface DocumentParameters {
	/** The Data group of a template document. */
	data: TemplateDataNames;
	/** The HTML of an HTML document: its Source, text parameter and binary field (fields/documentSource.ts). */
	html: DocumentSourceNames;
	/** A batch entry: its URL lifetime is the batch's, and it may ask for debug with HTML too. */
	batchEntry: boolean;
}

/** A document's body with its data completed and checked, and what the data check found. */
export interface CheckedDocument {
	body: IDataObject;
	dataCheck?: IDataObject;
}

/**
 * A document built and checked: its body, and `withData` for a template, which completes it
 * once the template's variables are looked up (the data check, the data Map Automatically
 * makes), so that every item is checked before pdf noodle is asked for anything.
 */
export interface DocumentDraft {
	body: IDataObject;
	withData?: () => Promise<CheckedDocument>;
}

/**
 * The document of one item. `requestFields` gives the fields of the request the document goes
 * in (a single render's webhook), read after the document's own and placed before the render
 * options. A template's `withData` gives the same body back when the data was known already.
 */
export function documentOf(context: ItemContext, source: RenderSource, parameters: DocumentParameters, requestFields: () => IDataObject = () => ({})): DocumentDraft {
	if (source === 'template') {
		const templateId = templateIdOf(context);
		const known = knownTemplateData(context, parameters.data);
		const fields = requestFields();
		const options = renderOptionsBody(context, 'template', parameters.batchEntry);
		const body: IDataObject = { templateId, data: known ?? {}, ...fields, ...options };
		return {
			body,
			withData: async () => {
				const { data, dataCheck } = await checkedTemplateData(context, parameters.data, templateId, known);
				return { body: known ? body : { templateId, data, ...fields, ...options }, dataCheck };
			},
		};
	}
	const content: IDataObject = { html: documentText(context, parameters.html) };
	const pdfParams = printSettingsBody(context, 'printSettings', 'Print Settings');
	if (pdfParams) content.pdfParams = pdfParams;
	return { body: { ...content, ...requestFields(), ...renderOptionsBody(context, 'html', parameters.batchEntry) } };
}

/** What a draft's `withData` completes it with. */
type CompletionOf<Draft> = Draft extends { withData?: () => Promise<infer Checked> } ? Checked : never;

/** A draft completed: without `withData`, with what it gave. */
export type Completed<Draft> = Omit<Draft, 'withData'> & CompletionOf<Draft>;

/**
 * The one completion of drafts (the documents of a run, its render requests): each one's data
 * looked up and checked side by side, in its item's "Requests at Once" slots; a refused one
 * fails its input item (`outcome`), in input order. A draft without `withData` is complete.
 */
export async function completedSideBySide<Draft extends { inputIndex: number; withData?: () => Promise<object> }>(drafts: Draft[], outcome: Outcome): Promise<Array<Completed<Draft>>> {
	const done = await Promise.all(
		drafts.map(async ({ withData, ...draft }): Promise<{ completed: Completed<Draft> } | { failed: number; error: unknown }> => {
			try {
				return { completed: { ...draft, ...(withData ? await withData() : {}) } as Completed<Draft> };
			} catch (error) {
				return { failed: draft.inputIndex, error };
			}
		}),
	);
	const completed: Array<Completed<Draft>> = [];
	for (const result of done) {
		if ('completed' in result) completed.push(result.completed);
		else outcome.fail([result.failed], result.error);
	}
	return completed;
}
