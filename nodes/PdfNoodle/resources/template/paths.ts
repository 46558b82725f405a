/** Paths of the template endpoints. */
export const TEMPLATES_PATH = '/v1/integration/templates';

export function templatePath(templateId: string): string {
	return `${TEMPLATES_PATH}/${encodeURIComponent(templateId)}`;
}
