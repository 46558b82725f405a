import type { INodeProperties } from 'n8n-workflow';

import { invalidParameter } from '../../shared/errors/validation';
import type { ItemContext } from '../runner/itemContext';

export const DATA_CHECK = 'dataCheck';
export const DATA_CHECK_NAME = 'Check Data Against Template';

export type DataCheckSetting = 'warn' | 'refuse' | 'off';
const SETTINGS: DataCheckSetting[] = ['warn', 'refuse', 'off'];

/**
 * "Check Data Against Template": Warn in a workflow (the render goes, the item says what did
 * not match); an agent's tool refuses instead (fields/toolDefaults.ts), so that the model
 * reads the template's variables and calls again.
 */
export function dataCheckField(): INodeProperties {
	return {
		displayName: DATA_CHECK_NAME,
		name: DATA_CHECK,
		type: 'options',
		options: [
			{
				name: 'Warn',
				value: 'warn',
				description: 'Render, and name what did not match in the item\'s dataCheck and above the output',
			},
			{
				name: 'Refuse',
				value: 'refuse',
				description: 'Send nothing for data that does not match; the item fails with the template\'s variables in the message',
			},
			{
				name: 'Off',
				value: 'off',
				description: 'Send the data unchecked, without looking up the template\'s variables',
			},
		],
		default: 'warn',
		description:
			"What to do when the data does not fit the template's variables (looked up once per template per run): variables the data lacks render blank, and keys the template does not use are not rendered",
	};
}

/** The item's "Check Data Against Template"; a value from an expression must be one of the three. */
export function dataCheckSettingOf(context: ItemContext): DataCheckSetting {
	const value = String(context.getNodeParameter(DATA_CHECK, 'warn') ?? 'warn').trim().toLowerCase();
	if (!SETTINGS.includes(value as DataCheckSetting)) throw invalidParameter(context, DATA_CHECK_NAME, `must be warn, refuse or off, not "${value}"`);
	return value as DataCheckSetting;
}
