/** Reading what n8n's editor shows, and keeping it as a picture for the README. */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { Locator, Page } from 'playwright-core';

import { STEP_TIMEOUT } from './editor';

/** Where `npm run docs:screenshots` puts the pictures README shows. */
export const DOCS_IMAGES = resolve(__dirname, '..', '..', 'docs', 'images');

/**
 * Saves what the page shows as docs/images/<name>.png when DOCS_SCREENSHOTS is set (by `npm
 * run docs:screenshots`); a plain test run leaves the committed pictures alone.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
	if (!process.env.DOCS_SCREENSHOTS) return;
	mkdirSync(DOCS_IMAGES, { recursive: true });
	await page.screenshot({ path: join(DOCS_IMAGES, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

/**
 * Reads the screen until `check` accepts what it shows: the editor fills lists and panels a
 * moment after the click. Fails with the last mismatch once the step's time is up.
 */
export async function eventually<T>(read: () => Promise<T>, check: (shown: T) => void, timeout = STEP_TIMEOUT): Promise<T> {
	const deadline = Date.now() + timeout;
	for (;;) {
		const shown = await read();
		try {
			check(shown);
			return shown;
		} catch (mismatch) {
			if (Date.now() > deadline) throw mismatch;
		}
		await new Promise((wait) => setTimeout(wait, 250));
	}
}

/** Waits until the element shows, failing with what was expected on screen. */
export async function shows(locator: Locator, what: string): Promise<void> {
	try {
		await locator.first().waitFor({ state: 'visible' });
	} catch (error) {
		throw new Error(`Not on screen: ${what}\n${(error as Error).message}`);
	}
}

/**
 * The options of the open drop-down list, by their names: n8n shows each option's
 * description under its name, in the same element.
 */
async function listedOptions(page: Page): Promise<string[]> {
	const options = page.getByRole('listbox').getByRole('option');
	await options.first().waitFor();
	return (await options.allInnerTexts()).map((text) => text.split('\n')[0].trim());
}

/** The names a drop-down parameter offers; the list is closed again afterwards. */
export async function optionsOf(page: Page, select: Locator): Promise<string[]> {
	await select.click();
	const names = await listedOptions(page);
	await select.click();
	await page.getByRole('listbox').waitFor({ state: 'hidden' });
	return names;
}

/** Picks an option of a drop-down parameter by its name. */
export async function choose(page: Page, select: Locator, name: string): Promise<void> {
	await select.click();
	const option = page.getByRole('listbox').getByRole('option').filter({ has: page.getByText(name, { exact: true }) });
	await option.first().click();
}
