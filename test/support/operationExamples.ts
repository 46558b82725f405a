/**
 * One example per operation of the node: the parameters it needs to send its request and,
 * against a test sandbox, to finish well. Keyed `resource/operation`, as the node's list of
 * operations (`OPERATIONS`, nodes/PdfNoodle/resources/index.ts) names them. The engine tables
 * that iterate that list (errorStatuses, optionsLeftOff, badInput) and `npm run bench:tools`
 * (bench/toolSurfaceTools.ts) read their parameters from here, so a new operation is one entry;
 * test/unit/architecture.test.ts fails while an operation of the list has none
 * (docs/architecture.md, "Adding an operation").
 */
import { callApi, finishedCall, type Sandbox } from './sandbox';

/** What an example refers to that lives outside the node's parameters: PDFs at URLs, work started earlier. */
export interface ExampleWorld {
	/** Two PDFs the tools read. */
	pdfUrls: [string, string];
	/** A render, a batch and a tool job the Get Status operations look up. */
	requestId: string;
	batchRequestId: string;
	toolRequestId: string;
}

/**
 * Names that stand for the world where nothing is fetched: the node refuses the input first,
 * or pdf noodle answers its first request with an error. `sandboxWorld` makes real ones.
 */
export const PLACEHOLDER_WORLD: ExampleWorld = {
	pdfUrls: ['https://files.example.com/a.pdf', 'https://files.example.com/b.pdf'],
	requestId: 'a-render',
	batchRequestId: 'a-batch',
	toolRequestId: 'a-tool-job',
};

/** A world in `sandbox`: two PDFs it rendered (at its signed URLs), a finished render, a batch and a tool job. */
export async function sandboxWorld(sandbox: Sandbox): Promise<ExampleWorld> {
	// Waited for past a 202 (finishedCall): Chromium on a slow machine may outlast the sync wait.
	const rendered = async (page: string) => String((await finishedCall(sandbox, '/v1/html-to-pdf/sync', { html: `<p>${page}</p>` })).json.signedUrl);
	return {
		pdfUrls: [await rendered('A'), await rendered('B')],
		requestId: String((await callApi(sandbox, 'POST', '/__sandbox/filler-render', { megabytes: 1 })).json.requestId),
		batchRequestId: String((await callApi(sandbox, 'POST', '/v1/html-to-pdf/batch', { items: [{ html: '<p>x</p>' }] })).json.batchRequestId),
		toolRequestId: String((await callApi(sandbox, 'POST', '/v1/tools/convert-markdown-to-pdf', { markdown: '# x', async: true })).json.requestId),
	};
}

type Parameters = Record<string, unknown>;

/** A template chosen by its ID, as the Template parameter's resource locator holds it. */
export const templateById = (value: string) => ({ __rl: true, mode: 'id', value });

/** Data for the sandbox's seeded `certificate` template, every variable given. */
export const CERTIFICATE_DATA = '{"recipient_name": "Dorothy Vaughan", "course": {"title": "FORTRAN", "hours": 3}}';

/**
 * Each operation's example, without its resource and operation (`exampleOf` adds them). Where
 * an operation shows a collection of options, one non-boolean option in it makes the collection
 * part of the request (optionsLeftOff adds each boolean option to it, set to false).
 */
const EXAMPLES = {
	'document/renderFromTemplate': () => ({ template: templateById('certificate'), data: CERTIFICATE_DATA, options: { outputFormat: 'pdf' } }),
	'document/renderFromHtml': () => ({ html: '<p>Hello</p>', options: { outputFormat: 'pdf' }, printSettings: { format: 'A5' } }),
	'document/getStatus': (world) => ({ requestId: world.requestId }),
	'batch/renderTemplates': () => ({ batchSource: 'inputItems', template: templateById('certificate'), documentData: CERTIFICATE_DATA, options: { outputFormat: 'pdf' } }),
	'batch/renderHtml': () => ({ batchSource: 'inputItems', documentHtml: '<p>Hello</p>', options: { outputFormat: 'pdf' }, printSettings: { format: 'A5' } }),
	'batch/getStatus': (world) => ({ batchRequestId: world.batchRequestId }),
	'template/getMany': () => ({ returnAll: false, limit: 2 }),
	'template/get': () => ({ template: templateById('certificate') }),
	'template/getVariables': () => ({ template: templateById('certificate') }),
	'template/createWithAi': () => ({ prompt: 'A receipt with a total', displayName: 'Receipt' }),
	'pdfTool/markdownToPdf': () => ({ markdown: '# Hello', pdfOptions: { format: 'A5' } }),
	'pdfTool/mergePdfs': (world) => ({ sources: { source: world.pdfUrls.map((url) => ({ inputType: 'url', url })) } }),
	'pdfTool/splitPdf': (world) => ({ inputType: 'url', url: world.pdfUrls[1], splitMode: 'intervals', interval: 1 }),
	'pdfTool/compressPdf': (world) => ({ inputType: 'url', url: world.pdfUrls[0], compressLevel: 'low' }),
	'pdfTool/updateMetadata': (world) => ({ inputType: 'url', url: world.pdfUrls[0], pdfProperties: { title: 'Report' } }),
	'pdfTool/getStatus': (world) => ({ toolRequestId: world.toolRequestId }),
} satisfies Record<string, (world: ExampleWorld) => Parameters>;

/** The key of an operation that has an example: a table keyed by it (badInput's cases) must have every one. */
export type ExampleKey = keyof typeof EXAMPLES;

/** The key of an operation of the node's list: `resource/operation`, e.g. `pdfTool/compressPdf`. */
export function exampleKey(operation: { resource: string; option: { value: string } }): string {
	return `${operation.resource}/${operation.option.value}`;
}

/** The operations that have an example, by key. */
export const EXAMPLE_KEYS: readonly string[] = Object.keys(EXAMPLES);

/**
 * The example of `resource/operation` as node parameters (resource and operation included), in
 * `world`, with `extra` over it (a case's own parameters replace the example's of that name).
 * An operation without an example is an error that says where to add one.
 */
export function exampleOf(key: string, extra: Parameters = {}, world: ExampleWorld = PLACEHOLDER_WORLD): Parameters {
	const example = Object.hasOwn(EXAMPLES, key) ? EXAMPLES[key as ExampleKey] : undefined;
	if (!example) throw new Error(`The operation ${key} has no example in test/support/operationExamples.ts`);
	const [resource, operation] = key.split('/');
	return { resource, operation, ...example(world), ...extra };
}
