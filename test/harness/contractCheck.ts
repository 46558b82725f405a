/**
 * After every test of the engine, e2e and queue layers: the contract-violation log of every
 * sandbox running in the test file must be empty (test/sandbox/contract/check.ts), so that a
 * field the node misspells, misplaces or sends as false fails the test that sent it. A test
 * that means to send junk takes its findings first with `takeContractViolations` (and asserts
 * on them), which empties the log.
 */
import { afterEach } from '@jest/globals';

import { liveSandboxes } from '../sandbox/contract/live';

afterEach(() => {
	const found: string[] = [];
	for (const context of liveSandboxes) {
		for (const violation of context.violations) found.push(`${violation.request}: ${violation.field} ${violation.problem}`);
		context.violations.length = 0;
	}
	if (found.length > 0) {
		throw new Error(`The sandbox logged requests that break the API contract (a test that sends them on purpose takes them with takeContractViolations):\n- ${found.join('\n- ')}`);
	}
});
