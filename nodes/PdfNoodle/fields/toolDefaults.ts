import type { INodeProperties, NodeParameterValueType } from 'n8n-workflow';

/**
 * Defaults that differ where the node runs as an AI agent's tool (n8n shows a parameter with
 * `displayOptions` `@tool: [true]` only then): an agent reads text, so files stay signed URLs
 * unless it asks for them (Download File off), templates come simplified (no HTML), and data
 * that does not fit its template is refused with the template's variables in the message, so
 * that the model calls again with the right keys (Check Data Against Template: Refuse).
 */
const AGENT_DEFAULTS: Record<string, NodeParameterValueType> = { downloadFile: false, simplify: true, dataCheck: 'refuse' };

/** Each parameter named above, split into the usual one and the one an agent's tool sees. */
export function withAgentDefaults(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		const agentDefault = AGENT_DEFAULTS[property.name];
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
