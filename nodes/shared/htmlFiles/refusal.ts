/**
 * The htmlFiles room reads an HTML or Markdown document from files (a binary property, or a ZIP)
 * and makes it one self-contained text, its images and styles inlined. Its modules are pure: bytes
 * and strings in, results out, no n8n call, so that they are tested without an engine and the
 * operations decide which parameter and item a refusal names.
 *
 * FileRefused is the one error they throw: a sentence about the file a person can act on. The
 * caller turns it into a NodeOperationError naming its parameter (`error.message`).
 */
export class FileRefused extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'FileRefused';
	}
}

const KIB = 1024;
const MIB = 1024 * 1024;

/**
 * A size in the units a person reads: bytes, KB or MB (binary units, as the service's 3 MB limit
 * is 3 × 1024 × 1024 bytes), one decimal. A size that would round to the limit's own figure is
 * told in bytes too by the caller when it matters (see bodySize.ts).
 */
export function humanSize(bytes: number): string {
	if (bytes < KIB) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
	if (bytes < MIB) return `${(bytes / KIB).toFixed(1)} KB`;
	return `${(bytes / MIB).toFixed(1)} MB`;
}
