import type { INodeProperties } from 'n8n-workflow';

/**
 * Defaults that differ where the node runs as an AI agent's tool (n8n shows a parameter with
 * `displayOptions` `@tool: [true]` only then): an agent reads text, so files stay signed URLs
 * unless it asks for them (Download File off), and templates come simplified (no HTML).
 */
const OFF_FOR_AGENTS = new Set(['downloadFile']);
const ON_FOR_AGENTS = new Set(['simplify']);

/** Each parameter named above, split into the usual one and the one an agent's tool sees. */
export function withAgentDefaults(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		const agentDefault = OFF_FOR_AGENTS.has(property.name) ? false : ON_FOR_AGENTS.has(property.name) ? true : undefined;
		if (agentDefault === undefined || property.default === agentDefault) return [property];
		const { show, hide } = property.displayOptions ?? {};
		// Spread, not `{ show, hide }`: a key whose value is undefined makes n8n 1.x's Workflow
		// throw ("Cannot convert undefined or null to object") for every workflow with the node.
		return [
			{ ...property, displayOptions: { ...property.displayOptions, hide: { ...hide, '@tool': [true] } } },
			{ ...property, default: agentDefault, displayOptions: { ...property.displayOptions, show: { ...show, '@tool': [true] } } },
		];
	});
}
