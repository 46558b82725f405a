import type { SandboxContext } from '../context';
import { contentDisposition } from '../files';
import { type Handler, type Router, sendError } from '../http';

/**
 * Signed file URLs: the file while the signature holds, 403 once it has expired; and the
 * pre-signed upload URLs, which take one PDF with a PUT (no API key: the URL is signed).
 */
export function fileRoutes(router: Router, context: SandboxContext): void {
	router.add('PUT', '/uploads/:fileId', (request, response) => {
		const verdict = context.files.verify(request.params.fileId, request.query.get('expires'), request.query.get('signature'), context.now(), 'put');
		if (verdict === 'missing') return sendError(response, 404, 'No upload was prepared for this URL');
		if (verdict === 'expired') return sendError(response, 403, 'Request has expired');
		if (verdict === 'forbidden') return sendError(response, 403, 'The signature of this URL is not valid');
		if (!String(request.headers['content-type'] ?? '').startsWith('application/pdf')) {
			return sendError(response, 400, 'Upload with the header Content-Type: application/pdf');
		}
		if (!request.rawBody.subarray(0, 1024).includes('%PDF-')) return sendError(response, 400, 'The uploaded file is not a PDF');
		verdict.bytes = request.rawBody;
		response.writeHead(200).end();
	});

	const download: Handler = (request, response) => {
		const verdict = context.files.verify(
			request.params.fileId,
			request.query.get('expires'),
			request.query.get('signature'),
			context.now(),
		);
		if (verdict === 'missing') return sendError(response, 404, 'The file does not exist');
		if (verdict === 'expired') return sendError(response, 403, 'Request has expired');
		if (verdict === 'forbidden') return sendError(response, 403, 'The signature of this URL is not valid');
		if (verdict.bytes === undefined) return sendError(response, 404, 'The file has not been uploaded yet');
		response.writeHead(200, {
			'Content-Type': verdict.mimeType,
			'Content-Length': verdict.bytes.length,
			'Content-Disposition': contentDisposition(verdict.fileName),
		});
		response.end(verdict.bytes);
	};
	// A signed URL ends in the file's name, or only in its id (`opaqueFileUrls`).
	router.add('GET', '/files/:fileId/:fileName', download);
	router.add('GET', '/files/:fileId', download);
}
