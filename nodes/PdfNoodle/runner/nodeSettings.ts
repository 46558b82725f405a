import type { INodeProperties } from 'n8n-workflow';

import { requestOptionsField } from '../../shared/transport/requestOptions';
import { requestsAtOnceField } from './requestsAtOnce';

/**
 * The node's settings (n8n shows them under Settings), which every operation has and the run
 * reads for all its requests: Request Options (transport.ts; Batching here, runContext.ts) and
 * Requests at Once. The node's description lists them from here, and a paused run keeps each
 * one's value with its plan (pause/pausedPlan.ts), so a setting added here is kept too.
 */
export const NODE_SETTINGS: INodeProperties[] = [requestOptionsField, requestsAtOnceField];
