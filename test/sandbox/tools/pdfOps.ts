import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { zipSync } from 'fflate';
import { type PDFDict, PDFDocument, PDFHeader, PDFName, PDFString } from 'pdf-lib';

import { HttpError } from '../http';

const run = promisify(execFile);

/** Merges PDFs in order. */
export async function mergePdfs(sources: Buffer[]): Promise<Buffer> {
	const merged = await PDFDocument.create();
	for (const source of sources) {
		const document = await PDFDocument.load(source);
		for (const page of await merged.copyPages(document, document.getPageIndices())) merged.addPage(page);
	}
	return Buffer.from(await merged.save());
}

/** Page groups (0-based) of a split: every `interval` pages, or one per range of `ranges`. */
export function splitGroups(pageCount: number, mode: 'intervals' | 'ranges', interval: number, ranges: string): number[][] {
	if (mode === 'intervals') {
		const groups: number[][] = [];
		for (let start = 0; start < pageCount; start += interval) {
			groups.push(Array.from({ length: Math.min(interval, pageCount - start) }, (_, offset) => start + offset));
		}
		return groups;
	}
	return ranges.split(',').map((part) => {
		const [from, to = from] = part.split('-').map((page) => Number(page.trim()));
		if (to > pageCount) throw new HttpError(400, `ranges: "${part.trim()}" goes past the last page (${pageCount})`);
		return Array.from({ length: to - from + 1 }, (_, offset) => from - 1 + offset);
	});
}

/** Splits a PDF into parts of the given page groups. */
export async function splitPdf(source: Buffer, groups: number[][]): Promise<Buffer[]> {
	const document = await PDFDocument.load(source);
	const parts: Buffer[] = [];
	for (const group of groups) {
		const part = await PDFDocument.create();
		for (const page of await part.copyPages(document, group)) part.addPage(page);
		parts.push(Buffer.from(await part.save()));
	}
	return parts;
}

export async function pageCountOf(source: Buffer): Promise<number> {
	return (await PDFDocument.load(source)).getPageCount();
}

export function zipFiles(files: Record<string, Buffer>): Buffer {
	return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, new Uint8Array(bytes)]))));
}

export interface PdfMetadataUpdate {
	title?: string;
	author?: string;
	subject?: string;
	keywords?: string[];
	creator?: string;
	createDate?: string;
	modDate?: string;
	pdfVersion?: number;
	producer?: string;
	marked?: boolean;
	trapped?: string;
	copyright?: string;
}

/** Sets only the given document properties; page objects and their content are copied as they are. */
export async function updateMetadata(source: Buffer, metadata: PdfMetadataUpdate): Promise<Buffer> {
	const document = await PDFDocument.load(source, { updateMetadata: false });
	if (metadata.title !== undefined) document.setTitle(metadata.title);
	if (metadata.author !== undefined) document.setAuthor(metadata.author);
	if (metadata.subject !== undefined) document.setSubject(metadata.subject);
	if (metadata.keywords !== undefined) document.setKeywords(metadata.keywords);
	if (metadata.creator !== undefined) document.setCreator(metadata.creator);
	if (metadata.producer !== undefined) document.setProducer(metadata.producer);
	if (metadata.createDate !== undefined) document.setCreationDate(new Date(metadata.createDate));
	if (metadata.modDate !== undefined) document.setModificationDate(new Date(metadata.modDate));
	// pdf-lib keeps the Info dictionary private; Trapped and Copyright have no setter.
	const info = (document as unknown as { getInfoDict(): PDFDict }).getInfoDict();
	if (metadata.trapped !== undefined) info.set(PDFName.of('Trapped'), PDFName.of(metadata.trapped));
	if (metadata.copyright !== undefined) info.set(PDFName.of('Copyright'), PDFString.of(metadata.copyright));
	if (metadata.marked !== undefined) {
		document.catalog.set(PDFName.of('MarkInfo'), document.context.obj({ Marked: metadata.marked }));
	}
	if (metadata.pdfVersion !== undefined) {
		const [major, minor = 0] = String(metadata.pdfVersion).split('.').map(Number);
		(document.context as { header: PDFHeader }).header = PDFHeader.forVersion(major, minor);
	}
	return Buffer.from(await document.save({ useObjectStreams: false }));
}

/** Ghostscript's presets for the three levels: image resolution falls as compression rises. */
const GHOSTSCRIPT_PRESET: Record<string, string> = { low: '/printer', medium: '/ebook', high: '/screen' };

/**
 * Compresses a PDF with Ghostscript (images downsampled and recompressed per level). When
 * the result is not smaller, or Ghostscript is missing, the structure is only re-packed
 * with object streams; the smaller of the two is kept, never a larger file.
 */
export async function compressPdf(source: Buffer, level: string): Promise<Buffer> {
	const candidates = [Buffer.from(await (await PDFDocument.load(source)).save({ useObjectStreams: true }))];
	const folder = await mkdtemp(join(tmpdir(), 'sandbox-compress-'));
	try {
		await writeFile(join(folder, 'in.pdf'), source);
		await run(
			'gs',
			['-sDEVICE=pdfwrite', '-dCompatibilityLevel=1.5', `-dPDFSETTINGS=${GHOSTSCRIPT_PRESET[level]}`, '-dNOPAUSE', '-dQUIET', '-dBATCH', '-dSAFER', `-sOutputFile=${join(folder, 'out.pdf')}`, join(folder, 'in.pdf')],
			{ timeout: 60_000 },
		);
		candidates.push(await readFile(join(folder, 'out.pdf')));
	} catch {
		// Ghostscript missing or failed: the re-packed file stands.
	} finally {
		await rm(folder, { recursive: true, force: true });
	}
	return [source, ...candidates].reduce((smallest, candidate) => (candidate.length < smallest.length ? candidate : smallest));
}
