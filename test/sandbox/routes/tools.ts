import type { ServerResponse } from 'node:http';

import type { SandboxContext } from '../context';
import { HttpError, objectBody, type Router, sendError, sendJson } from '../http';
import { type PrintOptions } from '../render/renderer';
import { fetchPdf } from '../tools/fetchPdf';
import { type ToolJob, toolStatusRecord } from '../tools/jobs';
import { markdownToHtml } from '../tools/markdown';
import { compressPdf, mergePdfs, pageCountOf, type PdfMetadataUpdate, splitGroups, splitPdf, updateMetadata, zipFiles } from '../tools/pdfOps';
import { finishedWithin } from '../wait';
import { optionalBoolean, optionalString } from './fields';

type Body = Record<string, unknown>;
type Work = () => Promise<Record<string, unknown>>;

const PAPER_FORMATS = ['Letter', 'Legal', 'Tabloid', 'Ledger', 'A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6'];
const COMPRESS_LEVELS = ['low', 'medium', 'high'];
const UPLOAD_URL_LIFETIME_SECONDS = 30 * 60;
const UPLOADED_FILE_LIFETIME_SECONDS = 60 * 60;

/** The fields every tool body may carry: output name, URL lifetime, background run. */
interface ToolCommon {
	finalFilename?: string;
	expiration: number;
	async: boolean;
}

function toolCommon(body: Body): ToolCommon {
	const finalFilename = optionalString(body, 'finalFilename');
	if (finalFilename !== undefined && !/\.pdf$/i.test(finalFilename)) throw new HttpError(400, 'finalFilename must end with .pdf');
	const expiration = body.expiration ?? 3600;
	if (typeof expiration !== 'number' || !Number.isInteger(expiration) || expiration < 60 || expiration > 604800) {
		throw new HttpError(400, 'expiration must be a whole number of seconds between 60 and 604800');
	}
	return { finalFilename, expiration, async: optionalBoolean(body, 'async') ?? false };
}

function requireUrlField(value: unknown, field: string): string {
	if (typeof value !== 'string' || value.trim() === '') throw new HttpError(400, `${field} is required`);
	try {
		const url = new URL(value);
		if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
	} catch {
		throw new HttpError(400, `${field} must be a valid http or https URL`);
	}
	return value;
}

const LENGTH = /^\d+(\.\d+)?(px|in|cm|mm)$/;

function pdfOptionsOf(body: Body): PrintOptions {
	if (body.pdfOptions === undefined) return { format: 'Letter' };
	const options = body.pdfOptions as Record<string, unknown>;
	if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new HttpError(400, 'pdfOptions must be an object');
	const print: PrintOptions = { format: 'Letter' };
	if (options.format !== undefined) {
		if (!PAPER_FORMATS.includes(String(options.format))) throw new HttpError(400, `pdfOptions.format must be one of ${PAPER_FORMATS.join(', ')}`);
		print.format = String(options.format);
	}
	for (const flag of ['landscape', 'printBackground'] as const) {
		if (options[flag] !== undefined) {
			if (typeof options[flag] !== 'boolean') throw new HttpError(400, `pdfOptions.${flag} must be a boolean`);
			print[flag] = options[flag] as boolean;
		}
	}
	if (options.scale !== undefined) {
		if (typeof options.scale !== 'number' || options.scale < 0.1 || options.scale > 2) throw new HttpError(400, 'pdfOptions.scale must be a number from 0.1 to 2');
		print.scale = options.scale;
	}
	if (options.pageRanges !== undefined) print.pageRanges = String(options.pageRanges);
	if (options.margin !== undefined) {
		const margin = options.margin as Record<string, unknown>;
		print.margin = {};
		for (const side of ['top', 'right', 'bottom', 'left'] as const) {
			const value = margin?.[side];
			if (value === undefined) continue;
			if (typeof value === 'number') print.margin[side] = `${value}px`;
			else if (typeof value === 'string' && LENGTH.test(value)) print.margin[side] = value;
			else throw new HttpError(400, `pdfOptions.margin.${side} must be a number of pixels or a length in px, in, cm or mm`);
		}
	}
	return print;
}

function randomPdfName(): string {
	return `${Math.random().toString(36).slice(2, 12)}.pdf`;
}

function baseNameOfUrl(url: string): string | undefined {
	try {
		const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
		return /\.pdf$/i.test(name) ? name.replace(/\.pdf$/i, '') : undefined;
	} catch {
		return undefined;
	}
}

const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function toolRoutes(router: Router, context: SandboxContext): void {
	/** Stores a tool's output file and describes it as the tool result does. */
	const publish = (bytes: Buffer, fileName: string, common: ToolCommon, mimeType = 'application/pdf') => {
		const stored = context.files.put(bytes, fileName, mimeType);
		const { url, validUntil } = context.files.signedUrl(stored, common.expiration, context.now());
		return { url, fileName, urlValidUntil: validUntil.toISOString() };
	};

	/** Runs a tool: at once in the background (`async`), or waited for up to the sync wait, then 202. */
	const answer = async (job: ToolJob, common: ToolCommon, response: ServerResponse) => {
		const acknowledgement = () => ({
			requestId: job.requestId,
			statusUrl: `${context.baseUrl()}/v1/tools/status/${job.requestId}`,
			message: 'The tool runs in the background; poll statusUrl for the result.',
		});
		if (common.async) return sendJson(response, 200, acknowledgement());
		if (!(await finishedWithin(job.finished, context.settings.syncWaitMs))) return sendJson(response, 202, acknowledgement());
		if (job.status === 'FAILED') return sendError(response, job.failureStatus ?? 500, job.metadata.errorMessage ?? 'The tool failed');
		sendJson(response, 200, job.result);
	};

	const tool = (path: string, prepare: (body: Body, common: ToolCommon) => Work) => {
		router.add('POST', path, async (request, response) => {
			const body = objectBody(request);
			const common = toolCommon(body);
			const work = prepare(body, common);
			await answer(context.tools.start(work), common, response);
		});
	};

	tool('/v1/tools/convert-markdown-to-pdf', (body, common) => {
		if (typeof body.markdown !== 'string' || body.markdown.trim() === '') throw new HttpError(400, 'markdown is required and must not be empty');
		const customCss = body.customCss === undefined ? '' : String(body.customCss);
		const print = pdfOptionsOf(body);
		return async () => {
			const pdf = await context.renderer.htmlToPdf(markdownToHtml(body.markdown as string, customCss), print);
			return publish(pdf, common.finalFilename ?? randomPdfName(), common);
		};
	});

	tool('/v1/tools/merge-pdfs', (body, common) => {
		if (!Array.isArray(body.urls) || body.urls.length < 2) throw new HttpError(400, 'urls must be a list of at least 2 PDF URLs');
		const urls = body.urls.map((url, index) => requireUrlField(url, `urls[${index}]`));
		return async () => {
			const sources = await Promise.all(urls.map(async (url, index) => await fetchPdf(url, `urls[${index}]`)));
			return publish(await mergePdfs(sources), common.finalFilename ?? randomPdfName(), common);
		};
	});

	tool('/v1/tools/split-pdf', (body, common) => {
		const url = requireUrlField(body.url, 'url');
		const splitMode = body.splitMode ?? 'intervals';
		if (splitMode !== 'intervals' && splitMode !== 'ranges') throw new HttpError(400, 'splitMode must be "intervals" or "ranges"');
		let interval = 1;
		let ranges = '';
		if (splitMode === 'ranges') {
			if (typeof body.ranges !== 'string' || body.ranges.trim() === '') throw new HttpError(400, 'ranges is required when splitMode is "ranges"');
			if (!/^\s*\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*\s*$/.test(body.ranges)) throw new HttpError(400, 'ranges must look like "1-3,5,7-10"');
			for (const part of body.ranges.split(',')) {
				const [from, to = from] = part.split('-').map((page) => Number(page.trim()));
				if (from < 1 || to < from) throw new HttpError(400, `ranges: "${part.trim()}" is not a valid range`);
			}
			ranges = body.ranges;
		} else if (body.interval !== undefined) {
			if (typeof body.interval !== 'number' || !Number.isInteger(body.interval) || body.interval < 1) {
				throw new HttpError(400, 'interval must be a whole number of at least 1');
			}
			interval = body.interval;
		}
		return async () => {
			const source = await fetchPdf(url, 'url');
			const groups = splitGroups(await pageCountOf(source), splitMode, interval, ranges);
			const parts = await splitPdf(source, groups);
			const base = common.finalFilename?.replace(/\.pdf$/i, '') ?? baseNameOfUrl(url) ?? randomPdfName().replace('.pdf', '');
			const names = parts.map((_, index) => `${base}_${index + 1}.pdf`);
			const published = parts.map((part, index) => publish(part, names[index], common));
			const zip = publish(zipFiles(Object.fromEntries(names.map((name, index) => [name, parts[index]]))), `${base}.zip`, common, 'application/zip');
			return {
				totalParts: parts.length,
				fileName: `${base}.pdf`,
				urlValidUntil: zip.urlValidUntil,
				urls: published.map((part) => part.url),
				zipUrl: zip.url,
			};
		};
	});

	tool('/v1/tools/compress-pdf', (body, common) => {
		const url = requireUrlField(body.url, 'url');
		const level = body.compressLevel ?? 'medium';
		if (!COMPRESS_LEVELS.includes(String(level))) throw new HttpError(400, 'compressLevel must be one of low, medium, high');
		return async () => {
			const source = await fetchPdf(url, 'url');
			const compressed = await compressPdf(source, String(level));
			const name = common.finalFilename ?? `${baseNameOfUrl(url) ?? 'document'}_compressed.pdf`;
			return {
				...publish(compressed, name, common),
				metadata: {
					originalSize: kilobytes(source.length),
					compressedSize: kilobytes(compressed.length),
					reduction: `${(((source.length - compressed.length) / source.length) * 100).toFixed(1)}%`,
				},
			};
		};
	});

	tool('/v1/tools/update-pdf-metadata', (body, common) => {
		const url = requireUrlField(body.url, 'url');
		const metadata = metadataUpdateOf(body.metadata);
		return async () => {
			const source = await fetchPdf(url, 'url');
			const name = common.finalFilename ?? `${baseNameOfUrl(url) ?? 'document'}.pdf`;
			return publish(await updateMetadata(source, metadata), name, common);
		};
	});

	router.add('GET', '/v1/tools/status/:requestId', (request, response) => {
		const job = context.tools.get(request.params.requestId);
		if (!job) return sendError(response, 404, 'Request could not be found');
		sendJson(response, 200, toolStatusRecord(job));
	});

	router.add('GET', '/v1/tools/get-signed-upload-url', (request, response) => {
		const fileName = uploadFileName(request.query.get('fileName'));
		const slot = context.files.put(undefined, fileName, 'application/pdf');
		const upload = context.files.signedUrl(slot, UPLOAD_URL_LIFETIME_SECONDS, context.now(), 'put');
		const get = context.files.signedUrl(slot, UPLOADED_FILE_LIFETIME_SECONDS, context.now(), 'get');
		sendJson(response, 200, {
			status: 'SUCCESS',
			fileName,
			presignedUploadUrl: upload.url,
			presignedGetUrl: get.url,
			uploadUrlValidUntil: upload.validUntil.toISOString(),
			getUrlValidUntil: get.validUntil.toISOString(),
		});
	});
}

/**
 * The stored name of an upload: without `fileName` a random one is made, as the service's
 * documentation says; a given name is sanitised (no folders; letters, digits, spaces, dots,
 * dashes, underscores and parentheses kept, anything else made `_`) and ends in .pdf.
 */
function uploadFileName(given: string | null): string {
	const base = (given ?? '').split(/[/\\]/).pop()!.replace(/\.pdf$/i, '');
	const safe = base.replace(/[^\p{L}\p{N} ._()-]+/gu, '_').trim().replace(/^[._]+/, '');
	return safe === '' ? randomPdfName() : `${safe}.pdf`;
}

const TEXT_METADATA = ['title', 'author', 'subject', 'creator', 'producer', 'copyright', 'trapped'];

function metadataUpdateOf(value: unknown): PdfMetadataUpdate {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new HttpError(400, 'metadata is required and must be an object');
	const metadata = value as Record<string, unknown>;
	if (Object.keys(metadata).length === 0) throw new HttpError(400, 'metadata must contain at least one field');
	for (const [field, given] of Object.entries(metadata)) {
		if (TEXT_METADATA.includes(field)) {
			if (typeof given !== 'string') throw new HttpError(400, `metadata.${field} must be a string`);
		} else if (field === 'keywords') {
			if (!Array.isArray(given) || given.some((keyword) => typeof keyword !== 'string')) throw new HttpError(400, 'metadata.keywords must be a list of strings');
		} else if (field === 'createDate' || field === 'modDate') {
			if (typeof given !== 'string' || Number.isNaN(Date.parse(given))) throw new HttpError(400, `metadata.${field} must be an ISO date`);
		} else if (field === 'pdfVersion') {
			if (typeof given !== 'number' || given < 1 || given > 2) throw new HttpError(400, 'metadata.pdfVersion must be a number like 1.7');
		} else if (field === 'marked') {
			if (typeof given !== 'boolean') throw new HttpError(400, 'metadata.marked must be a boolean');
		} else {
			throw new HttpError(400, `metadata.${field} is not a known metadata field`);
		}
	}
	return metadata as PdfMetadataUpdate;
}
