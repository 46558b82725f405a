import type { ContractViolation } from './contract/check';
import type { Fault } from './faults';
import type { BatchStore } from './batches';
import type { FileStore } from './files';
import type { RenderQueue } from './renders';
import type { ToolQueue } from './tools/jobs';
import type { Renderer } from './render/renderer';
import type { CreationQueue } from './templates/creations';
import type { TemplateStore } from './templates/store';
import type { Traffic } from './traffic';
import type { WebhookDelivery } from './webhooks';

/** What the sandbox can be told to do differently, by its options or its test controls. */
export interface SandboxSettings {
	/** How long a sync call waits for its render before it answers 202 (the service: 30 s). */
	syncWaitMs: number;
	/** Extra time every render takes before it starts. */
	renderDelayMs: number;
	/** Extra time every PDF tool job takes before it starts. */
	toolDelayMs: number;
	/** Batch entry n starts n times this late, so that a running batch is partly done. */
	batchStaggerMs: number;
	/**
	 * Every render returns the same small prepared PDF instead of running Chromium: for
	 * benchmarks (a fixed `renderDelayMs` is then the whole render latency) and for tests that
	 * check what is done with a render, not what was rendered. The template is not filled, so a
	 * broken template's render succeeds too (a missing one is still answered 404).
	 */
	fixedRender?: boolean;
	/**
	 * Renders end only once this settles (after their delay): a test decides when the work is
	 * done, where a delay would race the node's polls on a loaded machine. In-process tests only.
	 */
	renderGate?: Promise<void>;
	/**
	 * Every PDF render is the document's visible text drawn without Chromium
	 * (render/textOnly.ts): the template is filled (a broken one still fails), the words are
	 * there page by page; the layout, a cover and the metadata are not. For tests that check
	 * which document went where, not how it looks. A PNG is still Chromium's.
	 */
	textRender?: boolean;
	/**
	 * Signed file URLs end in the file's id, not its name, as some object stores' URLs do: a
	 * client then learns the name only from the download's Content-Disposition.
	 */
	opaqueFileUrls?: boolean;
	/**
	 * The origin signed file URLs name instead of the sandbox's own address, when a front
	 * serves the sandbox under another name (test/support/realHosts.ts: the service's real host).
	 */
	fileOrigin?: string;
	/**
	 * Status lookups (`/v1/.../status/...`) answered per second before the next are answered 429
	 * with a Retry-After, as a rate-limited service does; 0 (the default) is no limit.
	 */
	statusLookupsPerSecond?: number;
	/** Added to the real clock: lets a test age signed URLs without waiting. */
	clockOffsetMs: number;
	/** How long an AI template creation takes; with 0 it is done (preview rendered) when the POST answers. */
	templateCreationMs: number;
	/** How long after a successful creation lookups still answer the status record before the template. */
	templateFinalizeMs: number;
}

export interface LoggedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string | string[] | undefined>;
	/** The parsed JSON body, or `{bytes}` for a body that is not JSON. */
	body: unknown;
	at: string;
}

/** Everything a route handler needs, shared by the routes of one sandbox. */
export interface SandboxContext {
	apiKey: string;
	baseUrl: () => string;
	settings: SandboxSettings;
	now: () => number;
	files: FileStore;
	templates: TemplateStore;
	creations: CreationQueue;
	renders: RenderQueue;
	batches: BatchStore;
	tools: ToolQueue;
	renderer: Renderer;
	requestLog: LoggedRequest[];
	/** Counts of every request served and of those in flight (benchmarks; the log keeps only the latest). */
	traffic: Traffic;
	/**
	 * The contract-violation log: every way a request to the API differed from the contract
	 * (contract/check.ts), oldest first. The engine, e2e and queue harnesses assert it empty
	 * after each test (test/harness/contractCheck.ts).
	 */
	violations: ContractViolation[];
	/** Every webhook POST the sandbox made, oldest first. */
	webhookDeliveries: WebhookDelivery[];
	/** Faults to inject into coming requests (test controls). */
	faults: Fault[];
	/** Ids of the account's active storage connections (`s3_bucket`). */
	storageConnections: Set<string>;
}
