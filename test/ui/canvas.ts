/** Steps on n8n's workflow canvas: new workflows, the node panel, a node's details view. */
import type { Locator, Page } from 'playwright-core';

/** The node panel (n8n calls it the node creator): search, apps, their actions and triggers. */
export function nodePanel(page: Page): Locator {
	return page.getByTestId('node-creator');
}

/** The details view of the open node: its parameters between its input and output. */
export function nodeDetails(page: Page): Locator {
	return page.getByTestId('ndv');
}

/** One parameter's input in the details view, by the parameter's name in the node's description. */
export function parameter(details: Locator, name: string): Locator {
	return details.getByTestId(`parameter-input-${name}`);
}

/** An empty new workflow, with the node panel open for its first step. */
export async function newWorkflow(page: Page): Promise<Locator> {
	await page.goto('/workflow/new');
	await page.getByTestId('canvas-plus-button').click();
	return nodePanel(page);
}

/**
 * A new workflow that starts on n8n's "Execute workflow" button, with the node panel open
 * for the step after it, where action nodes are offered.
 */
export async function newManualWorkflow(page: Page): Promise<Locator> {
	const panel = await newWorkflow(page);
	await panel.getByText('Trigger manually', { exact: true }).click();
	await page.getByTestId('canvas-handle-plus').click();
	return panel;
}

/** Searches the node panel and opens an app's entry, which lists its actions and triggers. */
export async function openApp(panel: Locator, search: string, app: string): Promise<void> {
	await panel.getByRole('textbox').fill(search);
	await panel.getByText(app, { exact: true }).click();
}
