import { MAX_RECORD_ID_LENGTH } from '../../shared/api/records';
import { invalidParameter, requireText } from '../../shared/errors/validation';
import type { ItemContext } from '../runner/itemContext';

/**
 * The id in a parameter that takes "an id or a status URL": the id as given, or the last
 * segment of a URL whose path is `<statusPath>/<id>` (the `statusUrl` the API answered).
 */
export function idOrStatusUrl(context: ItemContext, parameter: string, value: unknown, statusPath: string): string {
	const id = idOf(context, parameter, requireText(context, parameter, value).trim(), statusPath);
	// The bound every path that takes a record ID keeps (records.ts), before any request.
	if (id.length > MAX_RECORD_ID_LENGTH) {
		throw invalidParameter(context, parameter, `names an ID of ${id.length} characters: a pdf noodle ID has at most ${MAX_RECORD_ID_LENGTH}`);
	}
	return id;
}

function idOf(context: ItemContext, parameter: string, text: string, statusPath: string): string {
	if (!/^https?:\/\//i.test(text) && !/[/?#\s]/.test(text)) return text;
	const escaped = statusPath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
	const match = new RegExp(`${escaped}/([^/?#]+)/?(?:[?#].*)?$`).exec(text);
	if (!/^https?:\/\//i.test(text) || !match) {
		throw invalidParameter(context, parameter, `must be an ID or a URL ending in ${statusPath}/<id>`);
	}
	return decodeURIComponent(match[1]);
}
