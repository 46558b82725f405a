/** What a user reads from the cluster's main, through its REST API as the editor does. */
import assert from 'node:assert/strict';

import type { AxiosInstance } from 'axios';

import { parseExecutionData } from './cluster';

export interface ExecutionView {
	id: string;
	status: string;
	/** The run data (n8n sends it in the `flatted` format; parsed here). */
	data: any;
}

/** An execution as the editor's execution list and its detail view show it. */
export async function executionFromMain(rest: AxiosInstance, id: string): Promise<ExecutionView> {
	const response = await rest.get(`/rest/executions/${id}`);
	assert.equal(response.status, 200, `execution ${id}: ${response.status} ${JSON.stringify(response.data)}`);
	const execution = response.data.data;
	const data = typeof execution.data === 'string' ? parseExecutionData(execution.data) : execution.data;
	return { id: String(execution.id), status: execution.status, data };
}

/** A binary of an execution, downloaded as the editor downloads it. */
export async function binaryFromMain(rest: AxiosInstance, binary: { id: string }): Promise<Buffer> {
	const response = await rest.get('/rest/binary-data', { params: { id: binary.id, action: 'download' }, responseType: 'arraybuffer' });
	assert.equal(response.status, 200, `binary ${binary.id}: ${response.status}`);
	return Buffer.from(response.data);
}
