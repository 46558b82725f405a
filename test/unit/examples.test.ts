/**
 * The example workflows import and run on n8n 3.x as users deploy it by default, a container
 * without the task-runner sidecar: no node that runs code in a task runner (3.0 removed the
 * runner inside n8n's own container), nor one of the nodes 3.0 removed.
 */
import assert from 'node:assert/strict';
import { test } from '@jest/globals';

import { allExamples } from '../e2e/examples';

/** Nodes that run user code in n8n's task runner (the Code node, AI Transform's generated code). */
const RUNS_IN_A_TASK_RUNNER = ['n8n-nodes-base.code', 'n8n-nodes-base.aiTransform'];
/** Nodes n8n 3.0 removed ("v3.0 breaking changes", Removed nodes; they ran code too). */
const REMOVED_IN_3 = ['n8n-nodes-base.function', 'n8n-nodes-base.functionItem', 'n8n-nodes-base.itemLists', '@n8n/n8n-nodes-langchain.code'];

test('no example has a node that needs a task runner or that n8n 3.0 removed', () => {
	const found = allExamples().flatMap((workflow) =>
		workflow.nodes.filter((node: { type: string }) => [...RUNS_IN_A_TASK_RUNNER, ...REMOVED_IN_3].includes(node.type)).map((node: { name: string; type: string }) => `${workflow.id}: ${node.name} (${node.type})`),
	);
	// Spread: the list comes from fs's arrays, of another realm than jest's test code.
	assert.deepEqual([...found], []);
});
