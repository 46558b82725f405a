import type { SandboxContext } from '../context';
import { HttpError, objectBody, type Router, sendError, sendJson } from '../http';
import { templateRecord } from '../templates/store';
import { extractVariables } from '../templates/variables';
import { optionalString, requireString, requireUrl } from './fields';

export const TEMPLATE_NOT_FOUND = 'Template could not be found';

export function templateRoutes(router: Router, context: SandboxContext): void {
	router.add('GET', '/v1/integration/templates', (_request, response) => {
		sendJson(response, 200, { templates: context.templates.list() });
	});

	router.add('POST', '/v1/integration/templates/create', async (request, response) => {
		const body = objectBody(request);
		const prompt = requireString(body, 'prompt');
		const displayName = requireString(body, 'displayName');
		if (optionalString(body, 'fileUrl') !== undefined) requireUrl(body, 'fileUrl');
		const creation = await context.creations.start(prompt, displayName);
		sendJson(response, 202, {
			message: 'Template creation started. Poll fetchTemplateUrl every 10 to 30 seconds until its status is SUCCESS or FAILED.',
			fetchTemplateUrl: `${context.baseUrl()}/v1/integration/templates/${creation.templateId}`,
			templateId: creation.templateId,
		});
	});

	router.add('GET', '/v1/integration/templates/:templateId', (request, response) => {
		const { templateId } = request.params;
		const creation = context.creations.get(templateId);
		if (creation && !context.creations.isFullyCreated(creation)) {
			if (context.creations.isExpired(creation)) return sendError(response, 404, TEMPLATE_NOT_FOUND);
			return sendJson(response, 200, context.creations.record(creation));
		}
		const template = context.templates.get(templateId);
		if (!template) return sendError(response, 404, TEMPLATE_NOT_FOUND);
		sendJson(response, 200, { template: templateRecord(template) });
	});

	router.add('GET', '/v1/integration/templates/:templateId/variables', (request, response) => {
		const { templateId } = request.params;
		const creation = context.creations.get(templateId);
		if (creation && !context.creations.isFullyCreated(creation)) {
			return sendError(response, 404, `${TEMPLATE_NOT_FOUND}: it is not fully created yet (status ${creation.status})`);
		}
		const template = context.templates.get(templateId);
		if (!template) return sendError(response, 404, TEMPLATE_NOT_FOUND);
		let variables: Record<string, unknown>;
		try {
			variables = extractVariables(template.html);
		} catch (error) {
			throw new HttpError(500, `Could not extract the variables of this template: ${(error as Error).message.split('\n')[0]}`);
		}
		sendJson(response, 200, variables);
	});
}
