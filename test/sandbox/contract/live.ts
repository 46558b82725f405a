import type { SandboxContext } from '../context';

/**
 * The sandboxes running in this process, so that a test harness can read every one's
 * contract-violation log after each test (test/harness/contractCheck.ts), whoever started it.
 */
export const liveSandboxes = new Set<SandboxContext>();
