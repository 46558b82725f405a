import type { SandboxContext } from '../context';
import { type Router, sendError, sendJson } from '../http';
import { templateRecord } from '../templates/store';

export const TEMPLATE_NOT_FOUND = 'Template could not be found';

export function templateRoutes(router: Router, context: SandboxContext): void {
	router.add('GET', '/v1/integration/templates', (_request, response) => {
		sendJson(response, 200, { templates: context.templates.list() });
	});

	router.add('GET', '/v1/integration/templates/:templateId', (request, response) => {
		const template = context.templates.get(request.params.templateId);
		if (!template) return sendError(response, 404, TEMPLATE_NOT_FOUND);
		sendJson(response, 200, { template: templateRecord(template) });
	});
}
