/**
 * The whole way from a file to the text that is sent: the file judged (HTML, Markdown or a ZIP),
 * a ZIP read and its document picked, the document decoded by its charset, its assets inlined
 * from the ZIP or from the item's other binary properties, and the result's size checked. Pure:
 * the operation reads the binaries (lazily, through NamedBinary.read) and turns a FileRefused
 * into a NodeOperationError naming its parameter, and `hint` into an execution hint.
 */
import { inlineAssets, missingAssetsHint } from './assetInliner';
import { binaryAssetResolver, zipAssetResolver, type AssetResolver, type NamedBinary } from './assetSources';
import { bodyTooLarge, SERVICE_BODY_LIMIT_BYTES, utf8ByteLength } from './bodySize';
import { judgeDocumentFile, type DocumentKind } from './documentKind';
import { FileRefused } from './refusal';
import { decodeDocumentText, type DecodedText } from './textDecoding';
import { pickZipDocument } from './zipDocument';
import { DEFAULT_ZIP_LIMITS, readZip, type ZipLimits } from './zipReader';

/** How far past the limit inlining may go before it is stopped rather than measured. */
const RUNAWAY_FACTOR = 4;

export interface DocumentFile {
	fileName: string;
	mimeType?: string;
	bytes: Uint8Array;
}

export interface DocumentFromFileOptions {
	wanted: DocumentKind;
	/** The item's other binary properties, for a document that is not a ZIP. */
	otherBinaries?: NamedBinary[];
	/** The most the document may weigh once inlined; the service's 3 MB by default. */
	maxDocumentBytes?: number;
	zipLimits?: ZipLimits;
}

export interface DocumentFromFile {
	text: string;
	/** "index.html", or "site.zip › site/index.html" for a document inside a ZIP. */
	name: string;
	charset: DecodedText['charset'];
	/** Its size in UTF-8 bytes, once inlined. */
	bytes: number;
	missing: string[];
	inlined: string[];
	/** The execution hint about missing files, if any were. */
	hint?: string;
}

export async function documentFromFile(file: DocumentFile, options: DocumentFromFileOptions): Promise<DocumentFromFile> {
	const { wanted } = options;
	const verdict = judgeDocumentFile(file, wanted);
	if (!verdict.accepted) throw new FileRefused(verdict.reason);
	const maxDocumentBytes = options.maxDocumentBytes ?? SERVICE_BODY_LIMIT_BYTES;

	let source: { bytes: Uint8Array; name: string; mimeType?: string; folder: string };
	let resolver: AssetResolver;
	if (verdict.kind === 'zip') {
		const entries = readZip(file.bytes, options.zipLimits ?? DEFAULT_ZIP_LIMITS, `"${file.fileName}"`);
		const picked = pickZipDocument(entries, wanted, `"${file.fileName}"`);
		const inner = judgeDocumentFile({ bytes: picked.entry.bytes, fileName: picked.entry.name }, wanted);
		if (!inner.accepted) throw new FileRefused(`In ${file.fileName}, ${inner.reason}`);
		source = { bytes: picked.entry.bytes, name: `${file.fileName} › ${picked.entry.name}`, folder: picked.folder };
		resolver = zipAssetResolver(entries);
	} else {
		source = { bytes: file.bytes, name: file.fileName, mimeType: file.mimeType, folder: '' };
		resolver = binaryAssetResolver(options.otherBinaries ?? []);
	}

	const decoded = decodeDocumentText(source.bytes, { kind: wanted, mimeType: source.mimeType, fileName: source.name });
	if (decoded.text.trim() === '') throw new FileRefused(`${source.name} holds no text`);
	const inlined = await inlineAssets({ text: decoded.text, kind: wanted, folder: source.folder, name: source.name }, resolver, {
		// A runaway (one large image named a thousand times) is stopped early; a document merely over
		// the limit is measured whole, so that its message gives its size.
		maxInlinedBytes: maxDocumentBytes * RUNAWAY_FACTOR,
	});
	const bytes = utf8ByteLength(inlined.text);
	const tooLarge = bodyTooLarge({ fileName: source.name, bodyBytes: bytes, limitBytes: maxDocumentBytes, inlined: inlined.inlined.length > 0 });
	if (tooLarge !== undefined) throw new FileRefused(tooLarge);
	return {
		text: inlined.text,
		name: source.name,
		charset: decoded.charset,
		bytes,
		missing: inlined.missing,
		inlined: inlined.inlined,
		hint: missingAssetsHint(source.name, inlined.missing, verdict.kind === 'zip' ? 'zip' : 'binaries'),
	};
}
