import type { PostReceiveAction } from 'n8n-workflow';

import { attachRenderedFile } from '../../shared/download';
import { throwOnErrorStatus } from '../../shared/errors';

/** What every render operation does with the answer: errors first, then the file. */
export const renderOutput: PostReceiveAction[] = [throwOnErrorStatus, attachRenderedFile];
