import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Chromium's print options, as the API's `pdfParams` carries them. */
export interface PrintOptions {
	format?: string;
	width?: string | number;
	height?: string | number;
	landscape?: boolean;
	printBackground?: boolean;
	scale?: number;
	pageRanges?: string;
	margin?: { top?: string | number; right?: string | number; bottom?: string | number; left?: string | number };
	displayHeaderFooter?: boolean;
	headerTemplate?: string;
	footerTemplate?: string;
}

const CANDIDATE_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Flags for a headless Chromium on a machine without network or display. */
const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-dev-shm-usage',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/**
 * How many pages one sandbox renders at once; more renders wait their turn. The tests run two
 * Jest workers on this project's 2-core machines, each with its own sandbox, so at most four
 * pages render at a time: more would only slow every render down (and with it every test that
 * waits on one) without finishing any sooner. docs/development.md says what runs in parallel.
 */
const MAX_PARALLEL_PAGES = 2;

export function findChromium(): string {
	const configured = process.env.CHROMIUM_PATH;
	if (configured) return configured;
	const found = CANDIDATE_PATHS.find((path) => existsSync(path));
	if (!found) {
		throw new Error(
			'Chromium was not found. The sandbox renders real PDFs with it: install it ' +
				'(Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH.',
		);
	}
	return found;
}

/**
 * One headless Chromium shared by every render of a sandbox. Pages may load nothing
 * from the network but `data:` URLs and the sandbox itself, so a template can never
 * reach out of the machine.
 */
export class Renderer {
	private browser: Promise<Browser> | undefined;
	private closed = false;
	private running = 0;
	private readonly queue: Array<() => void> = [];
	/**
	 * Pages kept for the next PDF render, at most one per render slot. A new page is a new
	 * renderer process: measured on this project's 2-core machine, a render on a new page took
	 * about 0.23 s of CPU, on a kept one 0.06 s, and the sandboxes render hundreds of documents in
	 * a test run. Each render still starts on a blank document (a fresh script realm).
	 */
	private readonly keptPages: Page[] = [];

	constructor(private readonly allowedOrigin: () => string) {}

	async htmlToPdf(html: string, options: PrintOptions): Promise<Buffer> {
		return await this.withPage('kept', async (page) => {
			await page.setContent(html, { waitUntil: 'load', timeout: 20_000 });
			return await page.pdf(options);
		});
	}

	/** A PNG of the whole page, laid out at the width of the requested paper. */
	async htmlToPng(html: string, widthPx: number): Promise<Buffer> {
		return await this.withPage('own', async (page) => {
			await page.setViewportSize({ width: Math.round(widthPx), height: 600 });
			await page.setContent(html, { waitUntil: 'load', timeout: 20_000 });
			await page.emulateMedia({ media: 'print' });
			return await page.screenshot({ fullPage: true, type: 'png' });
		});
	}

	async close(): Promise<void> {
		// A render still waiting out its delay must not start a new browser once the sandbox is closed.
		this.closed = true;
		const browser = this.browser;
		this.browser = undefined;
		this.keptPages.length = 0; // closed with the browser
		if (browser) await (await browser).close().catch(() => undefined);
	}

	/** A new page that may load only `data:` URLs and the sandbox's own. */
	private async newPage(): Promise<Page> {
		const page = await (await this.launch()).newPage();
		await page.route('**/*', async (route) => {
			const url = route.request().url();
			if (url.startsWith('data:') || url.startsWith(this.allowedOrigin())) await route.continue();
			else await route.abort('blockedbyclient');
		});
		return page;
	}

	/**
	 * Runs a render in its slot on a page: a kept one (a PDF; it starts on a blank document, and
	 * is kept again unless the render failed: a time-out, a crash) or its own (a PNG, whose
	 * viewport and print media are set for it alone), closed after it.
	 */
	private async withPage<T>(which: 'kept' | 'own', work: (page: Page) => Promise<T>): Promise<T> {
		await this.acquire();
		let page: Page | undefined;
		let keep = false;
		try {
			page = (which === 'kept' && this.keptPages.pop()) || (await this.newPage());
			if (which === 'kept') await page.goto('about:blank');
			const result = await work(page);
			keep = which === 'kept' && !this.closed;
			return result;
		} finally {
			if (page && keep) this.keptPages.push(page);
			else await page?.close().catch(() => undefined);
			this.release();
		}
	}

	private launch(): Promise<Browser> {
		if (this.closed) return Promise.reject(new Error('The sandbox is closed'));
		this.browser ??= chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
		return this.browser;
	}

	private async acquire(): Promise<void> {
		if (this.running < MAX_PARALLEL_PAGES) {
			this.running++;
			return;
		}
		await new Promise<void>((resolve) => this.queue.push(resolve));
	}

	private release(): void {
		const next = this.queue.shift();
		if (next) next();
		else this.running--;
	}
}
