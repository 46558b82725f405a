import type { SandboxContext } from '../context';
import { type Router, sendError } from '../http';

/** Signed file URLs: the file while the signature holds, 403 once it has expired. */
export function fileRoutes(router: Router, context: SandboxContext): void {
	router.add('GET', '/files/:fileId/:fileName', (request, response) => {
		const verdict = context.files.verify(
			request.params.fileId,
			request.query.get('expires'),
			request.query.get('signature'),
			context.now(),
		);
		if (verdict === 'missing') return sendError(response, 404, 'The file does not exist');
		if (verdict === 'expired') return sendError(response, 403, 'Request has expired');
		if (verdict === 'forbidden') return sendError(response, 403, 'The signature of this URL is not valid');
		response.writeHead(200, {
			'Content-Type': verdict.mimeType,
			'Content-Length': verdict.bytes.length,
			'Content-Disposition': `inline; filename="${verdict.fileName}"`,
		});
		response.end(verdict.bytes);
	});
}
