/**
 * A scripted OpenAI-compatible chat model for end-to-end tests of n8n's AI Agent: an HTTP server
 * that answers `POST /chat/completions` (the path the OpenAI client appends to the credential's
 * Base URL) from a script instead of a model, and records every request it received.
 *
 * A script is a list of turns, one per model call of the conversation: a turn asks for tool calls
 * or gives the final answer. A turn may be a function of the conversation so far, so that the
 * "model" can use what a tool answered (e.g. render the template the list returned).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message of the conversation as the agent sent it (OpenAI's chat format). */
export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content: string | null | Array<{ type: string; text?: string }>;
	tool_call_id?: string;
	tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
}

/** A tool as the agent offered it to the model. */
export interface OfferedTool {
	type: 'function';
	function: { name: string; description?: string; parameters: { properties?: Record<string, { type?: string; description?: string }>; required?: string[] } };
}

/** One request the model received. */
export interface ModelCall {
	model: string;
	messages: ChatMessage[];
	tools: OfferedTool[];
	stream: boolean;
}

export type Turn =
	| { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> }
	| { answer: string };

export type ScriptedTurn = Turn | ((call: ModelCall) => Turn);

export interface ScriptedModel {
	/** The Base URL to put in n8n's OpenAI credential. */
	baseUrl: string;
	/** Every request the model received, in order. */
	calls: ModelCall[];
	/** Replaces the script; the next call gets its first turn. */
	script(turns: ScriptedTurn[]): void;
	close(): Promise<void>;
}

/** The text of a message's content, whichever form the client sent it in. */
export function textOf(message: ChatMessage): string {
	if (typeof message.content === 'string') return message.content;
	return (message.content ?? []).map((part) => part.text ?? '').join('');
}

/** What the tools answered in a call, in order: the model's view of each tool result. */
export function toolResultsIn(call: ModelCall): string[] {
	return call.messages.filter((message) => message.role === 'tool').map(textOf);
}

async function bodyOf(request: IncomingMessage): Promise<any> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/** The assistant message a turn stands for, with tool call ids unique within the run. */
function assistantMessageOf(turn: Turn, callNumber: number) {
	if ('answer' in turn) return { message: { role: 'assistant', content: turn.answer }, finishReason: 'stop' };
	const toolCalls = turn.toolCalls.map((toolCall, index) => ({
		id: `call_${callNumber}_${index}`,
		type: 'function',
		function: { name: toolCall.name, arguments: JSON.stringify(toolCall.arguments) },
	}));
	return { message: { role: 'assistant', content: null, tool_calls: toolCalls }, finishReason: 'tool_calls' };
}

const USAGE = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };

function answer(response: ServerResponse, model: string, turn: Turn, callNumber: number, stream: boolean): void {
	const { message, finishReason } = assistantMessageOf(turn, callNumber);
	const base = { id: `chatcmpl-${callNumber}`, created: Math.floor(Date.now() / 1000), model };
	if (!stream) {
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: finishReason }], usage: USAGE }));
		return;
	}
	// Streamed: the whole message in one delta, then the finish reason, as OpenAI's chunks carry them.
	response.writeHead(200, { 'content-type': 'text/event-stream' });
	const chunk = (choice: object, extra: object = {}) =>
		response.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [choice], ...extra })}\n\n`);
	const delta = 'tool_calls' in message ? { role: 'assistant', tool_calls: message.tool_calls!.map((toolCall, index) => ({ index, ...toolCall })) } : message;
	chunk({ index: 0, delta, finish_reason: null });
	chunk({ index: 0, delta: {}, finish_reason: finishReason }, { usage: USAGE });
	response.end('data: [DONE]\n\n');
}

export async function startScriptedModel(): Promise<ScriptedModel> {
	let turns: ScriptedTurn[] = [];
	const calls: ModelCall[] = [];
	const server: Server = createServer(async (request, response) => {
		if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
			response.writeHead(404, { 'content-type': 'application/json' });
			response.end(JSON.stringify({ error: { message: `The scripted model answers POST /chat/completions only, not ${request.method} ${request.url}` } }));
			return;
		}
		const body = await bodyOf(request);
		const call: ModelCall = { model: body.model, messages: body.messages ?? [], tools: body.tools ?? [], stream: body.stream === true };
		calls.push(call);
		const next = turns.shift();
		if (!next) {
			response.writeHead(500, { 'content-type': 'application/json' });
			response.end(JSON.stringify({ error: { message: `The script has no turn left for call ${calls.length}` } }));
			return;
		}
		answer(response, call.model, typeof next === 'function' ? next(call) : next, calls.length, call.stream);
	});
	await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		calls,
		script(next) {
			turns = [...next];
			calls.length = 0;
		},
		close: async () => await new Promise<void>((closed) => server.close(() => closed())),
	};
}
