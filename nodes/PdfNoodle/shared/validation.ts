import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** An error of the current item, raised before anything is sent. */
export function invalidParameter(
	context: IExecuteSingleFunctions,
	parameter: string,
	rule: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Invalid "${parameter}": ${rule}`, {
		itemIndex: context.getItemIndex(),
		description: `Fix the "${parameter}" parameter and run the node again. Nothing was sent to pdf noodle.`,
	});
}

/** A JSON object given as text or by an expression that yields an object. */
export function requireJsonObject(
	context: IExecuteSingleFunctions,
	parameter: string,
	value: unknown,
): IDataObject {
	let parsed = value;
	if (typeof value === 'string') {
		if (value.trim() === '') {
			throw invalidParameter(context, parameter, 'must be a JSON object, e.g. {"name": "Ada"}');
		}
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			throw invalidParameter(
				context,
				parameter,
				`must be valid JSON (${(error as Error).message})`,
			);
		}
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw invalidParameter(context, parameter, 'must be a JSON object, not a list or a single value');
	}
	return parsed as IDataObject;
}

/** A string that must not be empty once trimmed. */
export function requireText(
	context: IExecuteSingleFunctions,
	parameter: string,
	value: unknown,
): string {
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw invalidParameter(context, parameter, 'must be text');
	}
	const text = String(value);
	if (text.trim() === '') {
		throw invalidParameter(context, parameter, 'must not be empty');
	}
	return text;
}
