/**
 * A `srcset` attribute's candidates ("logo.png 1x, logo@2x.png 2x"), each URL rewritten and the
 * rest of the text (descriptors, commas, spaces) kept as written. A URL is a run of non-space
 * characters, so a data: URI's own comma stays inside its URL, as browsers read it.
 */
export async function rewriteSrcset(srcset: string, rewriteUrl: (url: string) => Promise<string>): Promise<string> {
	const output: string[] = [];
	let index = 0;
	while (index < srcset.length) {
		const separators = /^[\s,]*/.exec(srcset.slice(index))![0];
		output.push(separators);
		index += separators.length;
		if (index >= srcset.length) break;
		let url = /^\S+/.exec(srcset.slice(index))![0];
		index += url.length;
		// "a.png," ends its candidate: the commas are not part of the URL.
		const trailingCommas = /,*$/.exec(url)![0];
		url = url.slice(0, url.length - trailingCommas.length);
		output.push(url === '' ? '' : await rewriteUrl(url), trailingCommas);
		if (trailingCommas !== '') continue;
		const descriptors = descriptorsAt(srcset, index);
		output.push(descriptors);
		index += descriptors.length;
	}
	return output.join('');
}

/** From `index` up to the comma that ends the candidate (a comma inside parentheses does not). */
function descriptorsAt(srcset: string, index: number): string {
	let depth = 0;
	let end = index;
	for (; end < srcset.length; end++) {
		const character = srcset[end];
		if (character === '(') depth++;
		else if (character === ')') depth = Math.max(0, depth - 1);
		else if (character === ',' && depth === 0) break;
	}
	return srcset.slice(index, end);
}
