/**
 * n8n's editor for the browser tests: the pinned n8n started as `npm run dev` starts it (a
 * throw-away user folder, the packed package installed, the sandbox credential imported),
 * its owner account set up through n8n's REST API, and a headless Chromium logged in to it.
 */

import { type Browser, type BrowserContext, chromium, type Page, selectors } from 'playwright-core';

import { sandboxCredential } from '../e2e/examples';
import { N8n, N8N_OWNER } from '../e2e/n8n';
import { findChromium } from '../sandbox/render/renderer';
import { type Sandbox, startTestSandbox } from '../support/sandbox';

/** The size of the browser window, and so of the screenshots in docs/images/. */
export const VIEWPORT = { width: 1280, height: 800 };
/** How long a step may take on screen: n8n's editor on a busy 2-core machine is slow to load. */
export const STEP_TIMEOUT = 30_000;

/**
 * n8n as `npm run dev` runs it, without its "What's new" panel: n8n fills it from api.n8n.io,
 * out of the tests' reach, and it can slide over the editor.
 */
class EditorN8n extends N8n {
	override get env(): NodeJS.ProcessEnv {
		return { ...super.env, N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false' };
	}
}

export interface Editor {
	/** Where n8n serves its editor, e.g. http://127.0.0.1:5678 */
	url: string;
	sandbox: Sandbox;
	n8n: N8n;
	close(): Promise<void>;
}

/** What else n8n holds when it starts: more credentials, and workflows (activated) with them. */
export interface EditorExtras {
	credentials?: unknown[];
	activeWorkflows?: Array<{ id: string }>;
}

/** The sandbox, and n8n with the package and a credential for the sandbox, its owner set up. */
export async function startEditor(extras: EditorExtras = {}): Promise<Editor> {
	const sandbox = await startTestSandbox();
	const n8n = new EditorN8n();
	const close = async () => {
		await n8n.dispose();
		await sandbox.close();
	};
	try {
		await n8n.installThisPackage();
		await n8n.importCredentials([sandboxCredential(sandbox.apiKey, sandbox.baseUrl), ...(extras.credentials ?? [])]);
		for (const workflow of extras.activeWorkflows ?? []) {
			await n8n.importWorkflow(workflow);
			await n8n.activateWorkflow(workflow.id);
		}
		const url = await n8n.start();
		// A fresh n8n asks its first visitor to create the owner account; the API does it at once.
		await n8n.setUpOwner(url);
		return { url, sandbox, n8n, close };
	} catch (error) {
		await close();
		throw error;
	}
}

export interface Session {
	browser: Browser;
	context: BrowserContext;
	close(): Promise<void>;
}

/** A headless Chromium logged in to the editor as its owner. */
export async function openSession(editorUrl: string): Promise<Session> {
	// n8n marks the elements of its editor for its own end-to-end tests with data-test-id.
	selectors.setTestIdAttribute('data-test-id');
	const browser = await chromium.launch({
		executablePath: findChromium(),
		args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
	});
	try {
		const context = await browser.newContext({ baseURL: editorUrl, viewport: VIEWPORT });
		context.setDefaultTimeout(STEP_TIMEOUT);
		// The context's request client shares the browser's cookies: the login sets n8n's
		// `n8n-auth` cookie for every page of this context.
		const login = await context.request.post('/rest/login', { data: { emailOrLdapLoginId: N8N_OWNER.email, password: N8N_OWNER.password } });
		if (!login.ok()) throw new Error(`Logging in to n8n failed with ${login.status()}: ${await login.text()}`);
		return { browser, context, close: () => browser.close() };
	} catch (error) {
		await browser.close();
		throw error;
	}
}

/** A new page of the session, with n8n's occasional pop-ups (surveys) closed as they come. */
export async function newPage(session: Session): Promise<Page> {
	const page = await session.context.newPage();
	// n8n may slide its satisfaction survey over the editor, where it would take the clicks
	// meant for the editor; it closes on Escape. (Its "What's new" panel is off: EditorN8n.)
	await page.addLocatorHandler(page.getByTestId('nps-survey-modal'), async () => {
		await page.keyboard.press('Escape');
	});
	return page;
}
