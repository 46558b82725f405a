/**
 * Blocks and tests that only n8n 2.x can run (its REST API as used here, MCP, the
 * environment-managed install, ...): skipped, and so reported, when the tests run n8n 1.x.
 * Apart from n8n.ts, which bench/ also loads outside jest.
 */
import { describe, test } from '@jest/globals';

import { N8N_MAJOR } from './n8n';

export const describeOnN8n2 = N8N_MAJOR >= 2 ? describe : describe.skip;
export const testOnN8n2 = N8N_MAJOR >= 2 ? test : test.skip;
