import type { IDataObject, INodeProperties } from 'n8n-workflow';

import {
	invalidParameter,
	requireCssLength,
	requireJsonObject,
	requireNumberInRange,
	requirePageRanges,
} from '../../shared/errors/validation';
import type { ItemContext } from '../runner/itemContext';

/** The paper formats the API accepts (Chromium's names). */
export const PAPER_FORMATS = ['Letter', 'Legal', 'Tabloid', 'Ledger', 'A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6'];

const MARGIN_SIDES = ['top', 'right', 'bottom', 'left'] as const;

function lengthField(displayName: string, name: string, description: string): INodeProperties {
	return { displayName, name, type: 'string', default: '', placeholder: 'e.g. 2cm', description };
}

/** Settings only HTML renders (`pdfParams`) take; markdown's `pdfOptions` has the others. */
const HTML_ONLY_SETTINGS = ['width', 'height', 'displayHeaderFooter', 'headerTemplate', 'footerTemplate', 'extraJson'];

/**
 * Chromium-style print options as fields: for HTML renders (`pdfParams`: paper, size,
 * orientation, margins, header and footer, raw JSON) or for markdown (`pdfOptions`: the
 * spec's subset, Letter by default).
 */
export function printSettingsFields(
	name: string,
	displayName: string,
	variant: 'pdfParams' | 'pdfOptions' = 'pdfParams',
): INodeProperties {
	return {
		displayName,
		name,
		type: 'collection',
		placeholder: 'Add Print Setting',
		default: {},
		options: (
			[
			{
				displayName: 'Paper Format',
				name: 'format',
				type: 'options',
				options: PAPER_FORMATS.map((format) => ({ name: format, value: format })),
				default: 'A4',
			},
			lengthField('Paper Width', 'width', 'Paper width (number of pixels, or with px, in, cm, mm); overrides the format'),
			lengthField('Paper Height', 'height', 'Paper height (number of pixels, or with px, in, cm, mm); overrides the format'),
			{ displayName: 'Landscape', name: 'landscape', type: 'boolean', default: false, description: 'Whether to print in landscape orientation' },
			{ displayName: 'Print Background', name: 'printBackground', type: 'boolean', default: false, description: 'Whether to print background colors and images' },
			{
				displayName: 'Scale',
				name: 'scale',
				type: 'number',
				typeOptions: { minValue: 0.1, maxValue: 2, numberPrecision: 2 },
				default: 1,
				description: 'Zoom of the page content, from 0.1 to 2',
			},
			{ displayName: 'Page Ranges', name: 'pageRanges', type: 'string', default: '', placeholder: 'e.g. 1-5, 8, 11-13', description: 'Pages to print; empty prints all' },
			lengthField('Margin Top', 'marginTop', 'Top margin (number of pixels, or with px, in, cm, mm)'),
			lengthField('Margin Right', 'marginRight', 'Right margin (number of pixels, or with px, in, cm, mm)'),
			lengthField('Margin Bottom', 'marginBottom', 'Bottom margin (number of pixels, or with px, in, cm, mm)'),
			lengthField('Margin Left', 'marginLeft', 'Left margin (number of pixels, or with px, in, cm, mm)'),
			{ displayName: 'Display Header and Footer', name: 'displayHeaderFooter', type: 'boolean', default: false, description: 'Whether to print the header and footer templates' },
			{
				displayName: 'Header Template',
				name: 'headerTemplate',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'HTML of the header; elements with the class date, title, pageNumber or totalPages are filled in',
			},
			{
				displayName: 'Footer Template',
				name: 'footerTemplate',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'HTML of the footer; elements with the class date, title, pageNumber or totalPages are filled in',
			},
			{
				displayName: 'More Print Settings (JSON)',
				name: 'extraJson',
				type: 'json',
				default: '{}',
				description: 'Any further print options as a JSON object; the fields above win where both are set',
			},
		] as INodeProperties[]
		)
			.filter((option) => variant === 'pdfParams' || !HTML_ONLY_SETTINGS.includes(option.name))
			.map((option) => (variant === 'pdfOptions' && option.name === 'format' ? { ...option, default: 'Letter' } : option))
			.sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/**
 * The print settings of the current item as the API's object (only what was set), or
 * undefined when nothing was. `parameter` names the collection in messages.
 */
export function printSettingsBody(
	context: ItemContext,
	name: string,
	parameter: string,
): IDataObject | undefined {
	const settings = context.getNodeParameter(name, {}) as IDataObject;
	const extra = settings.extraJson === undefined ? {} : requireJsonObject(context, `${parameter} → More Print Settings (JSON)`, settings.extraJson);
	const body: IDataObject = { ...extra };

	if (settings.format !== undefined) {
		if (!PAPER_FORMATS.includes(String(settings.format))) {
			throw invalidParameter(context, `${parameter} → Paper Format`, `must be one of ${PAPER_FORMATS.join(', ')}`);
		}
		body.format = settings.format;
	}
	for (const side of ['width', 'height'] as const) {
		if (settings[side] !== undefined && settings[side] !== '') {
			body[side] = requireCssLength(context, `${parameter} → Paper ${side === 'width' ? 'Width' : 'Height'}`, settings[side]);
		}
	}
	for (const flag of ['landscape', 'printBackground', 'displayHeaderFooter'] as const) {
		// Chromium's default for each is off: a flag added and left off is left out of the body.
		if (settings[flag] === true) body[flag] = true;
	}
	if (settings.scale !== undefined) body.scale = requireNumberInRange(context, `${parameter} → Scale`, settings.scale, 0.1, 2);
	if (settings.pageRanges !== undefined && settings.pageRanges !== '') {
		body.pageRanges = requirePageRanges(context, `${parameter} → Page Ranges`, settings.pageRanges);
	}

	const margin: IDataObject = { ...((extra.margin as IDataObject | undefined) ?? {}) };
	for (const side of MARGIN_SIDES) {
		const key = `margin${side[0].toUpperCase()}${side.slice(1)}`;
		if (settings[key] !== undefined && settings[key] !== '') {
			margin[side] = requireCssLength(context, `${parameter} → Margin ${side[0].toUpperCase()}${side.slice(1)}`, settings[key]);
		}
	}
	if (Object.keys(margin).length > 0) body.margin = margin;

	for (const template of ['headerTemplate', 'footerTemplate'] as const) {
		if (typeof settings[template] === 'string' && settings[template] !== '') body[template] = settings[template];
	}
	return Object.keys(body).length > 0 ? body : undefined;
}
