/**
 * Blocks and tests that only n8n 2.x can run (its REST API as used here, MCP, the
 * environment-managed install, ...): skipped, and so reported, when the tests run n8n 1.x.
 * Apart from n8n.ts, which bench/ also loads outside jest.
 */
import { describe, test } from '@jest/globals';

import { N8N_MAJOR } from './n8n';
import { N8N_3X_PROFILE } from './n8n3Profile';

export const describeOnN8n2 = N8N_MAJOR >= 2 ? describe : describe.skip;
export const testOnN8n2 = N8N_MAJOR >= 2 ? test : test.skip;

/** Tests of the n8n 3.x profile that only n8n 2.x can answer (its 3.0 Migration Report); skipped elsewhere. */
export const testOnN8n2With3xProfile = N8N_3X_PROFILE && N8N_MAJOR === 2 ? test : test.skip;
