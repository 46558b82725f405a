/**
 * A hardened n8n: n8n's SSRF protection on (`N8N_SSRF_PROTECTION_ENABLED`, n8n 2.x), with only
 * the sandbox's own address allowed, as an admin allows a self-hosted service. The package's
 * workflows run; the trigger is replayed, restarted and overloaded; and an unconfirmed trigger
 * call naming an address inside n8n's network (the machine's own interface address, a name
 * resolving to loopback, a documentation range) fetches nothing and says why. On n8n 1.x, which
 * has no SSRF protection nor egress filter, the package's own rule judges those addresses.
 * And a burst of deliveries at the trigger, its status lookups rate-limited (test/support/burst.ts;
 * CI runs 40, `npm run test:burst` 500), on the pinned n8n only.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, test } from '@jest/globals';
import axios from 'axios';

import { answerCounts, BURST_LOOKUPS_PER_SECOND, BURST_SIZE, BURST_TEST_TIMEOUT_MS, burstDeliveries, executionKey, postBurst, sentAgainCount, tally, unansweredCount, unexpectedAnswerSamples } from '../support/burst';
import { pdfText } from '../support/pdf';
import { waitFor } from '../support/processes';
import { type Receiver, startReceiver } from '../support/receiver';
import { type Sandbox, startTestSandbox } from '../support/sandbox';
import { EXAMPLE_CREDENTIAL_ID, EXAMPLE_TRIGGER_TOKEN, example, httpRequestsWithCredential, sandboxCredential, secretTokenTrigger, triggerSecretCredential } from './examples';
import { N8N_MAJOR, N8nWithTestResolver } from './n8n';
import { N8N_3X_PROFILE } from './n8n3Profile';
import { testOnN8n2 } from './versions';

/** n8n with its SSRF protection on and only 127.0.0.1 (the sandbox) allowed, and the test's resolver. */
class HardenedN8n extends N8nWithTestResolver {
	get env(): NodeJS.ProcessEnv {
		return { ...super.env, N8N_SSRF_PROTECTION_ENABLED: 'true', N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32' };
	}
}

const TRIGGER_PATH = '/webhook/pdf-noodle-example/pdf-noodle';
/**
 * The example trigger under an ID n8n can save static data for: n8n saves a workflow's static
 * data only when its ID is as long as its own IDs at most (16 characters in n8n 1.x, 21 in 2.x).
 * The example's own ID is longer; imported as it is by the CLI it would keep it, while the
 * editor gives an imported workflow a new one.
 */
const CONFIRMED_TRIGGER_ID = 'pdfNoodleHardTrg';
const UNCONFIRMED_TRIGGER_ID = 'pdfNoodleHardUnconf';
const UNCONFIRMED_PATH = '/webhook/pdf-noodle-hardened-unconfirmed/pdf-noodle';

let sandbox: Sandbox;
let n8n: HardenedN8n;
let baseUrl: string;
/** What a refused download of an address of n8n's own network (or a name resolving to one) says: no allow list helps. */
const OWN_NETWORK_ADVICE =
	"Only the credential's Base URL may be an address of n8n's own network (loopback, link-local, private or reserved): no n8n setting lets the package reach another.";

/** A service inside n8n's network, on every interface as services bound to 0.0.0.0 are. */
let internal: Server;
const internalReceived: string[] = [];

/** A host that is not pdf noodle's, collecting what is sent to it (the key must not be). */
let collector: Receiver;
/** A Base URL that answers every request with a redirect to http://api.pdfnoodle.com:<port>. */
let redirector: Server;
const REDIRECTING_CREDENTIAL = { id: 'pdfNoodleRedirect', name: 'Redirecting account' };

/** n8n's HTTP Request node with the PDF Noodle API credential, asking the collector. */
function httpRequestWithTheKey(collectorUrl: string) {
	return httpRequestsWithCredential(
		{ id: 'pdfNoodleHardHttp', name: 'HTTP Request with the PDF Noodle API credential' },
		{ id: EXAMPLE_CREDENTIAL_ID, name: 'PDF Noodle account' },
		[{ name: 'HTTP Request', url: `${collectorUrl}/steal` }],
	);
}

/**
 * n8n's HTTP Request node with the credential and the collector as its Proxy option, one workflow
 * per case (a failed node ends its workflow): to the sandbox's plain-http Base URL, and to the
 * service over https with Ignore SSL Issues on.
 */
const PROXY_CASES = {
	pdfNoodleHardProxyHttp: (sandboxBaseUrl: string) => ({ url: `${sandboxBaseUrl}/v1/integration/templates`, options: {} }),
	pdfNoodleHardProxyUnchecked: () => ({ url: 'https://api.pdfnoodle.com/v1/integration/templates', options: { allowUnauthorizedCerts: true } }),
};
function httpRequestsThroughProxy(collectorUrl: string, sandboxBaseUrl: string) {
	return Object.entries(PROXY_CASES).map(([id, request]) => {
		const { url, options } = request(sandboxBaseUrl);
		return httpRequestsWithCredential({ id, name: `HTTP Request through a proxy (${id})` }, { id: EXAMPLE_CREDENTIAL_ID, name: 'PDF Noodle account' }, [
			{ name: 'HTTP Request', url, options: { ...options, proxy: collectorUrl } },
		]);
	});
}

/** The invoice example rendering through the redirecting Base URL. */
function renderThroughRedirect() {
	const workflow = example('render-invoice');
	const renderNode = workflow.nodes.find((node: { name: string }) => node.name === 'Render invoice');
	renderNode.credentials = { pdfNoodleApi: REDIRECTING_CREDENTIAL };
	return { ...workflow, id: 'pdfNoodleHardRedirect' };
}

/** The example trigger with the secret token instead of the confirmation, downloading what a call names. */
function unconfirmedDownloadingTrigger() {
	return secretTokenTrigger(UNCONFIRMED_TRIGGER_ID, 'PDF Noodle: unconfirmed, downloading', 'pdf-noodle-hardened-unconfirmed', { downloadUnconfirmed: true });
}

beforeAll(async () => {
	sandbox = await startTestSandbox();
	internal = createServer((request, response) => {
		internalReceived.push(request.url ?? '/');
		response.end('%PDF-1.4 internal secret');
	});
	await new Promise<void>((resolve) => internal.listen(0, '0.0.0.0', resolve));
	collector = await startReceiver();
	redirector = createServer((request, response) => {
		request.resume();
		response.writeHead(308, { Location: `http://api.pdfnoodle.com:8080${request.url ?? '/'}` }).end();
	});
	await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
	const redirectingBaseUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;

	n8n = new HardenedN8n();
	await n8n.installThisPackage();
	// Every credential and workflow of the file in one import each (one n8n CLI start each).
	await n8n.importCredentials([
		sandboxCredential(sandbox.apiKey, sandbox.baseUrl),
		triggerSecretCredential(),
		{ ...sandboxCredential(sandbox.apiKey, redirectingBaseUrl), ...REDIRECTING_CREDENTIAL },
	]);
	await n8n.importWorkflows([
		...['render-invoice', 'batch-merge', 'markdown-merge-compress-metadata'].map((name) => example(name)),
		{ ...example('trigger-receive-renders'), id: CONFIRMED_TRIGGER_ID },
		unconfirmedDownloadingTrigger(),
		httpRequestWithTheKey(collector.url),
		...httpRequestsThroughProxy(collector.url, sandbox.baseUrl),
		renderThroughRedirect(),
	]);
	await n8n.activateWorkflow(CONFIRMED_TRIGGER_ID);
	await n8n.activateWorkflow(UNCONFIRMED_TRIGGER_ID);
	baseUrl = await n8n.start();
	await n8n.waitForWebhook(baseUrl, 'pdf-noodle-example/pdf-noodle', 'POST');
});

afterAll(async () => {
	await n8n?.dispose();
	await sandbox?.close();
	await collector?.close();
	for (const server of [internal, redirector]) {
		server?.closeAllConnections();
		await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
	}
});

const executionsOf = (workflowId: string) => n8n.executions().filter((execution) => execution.workflowId === workflowId);
const post = async (path: string, body: unknown) =>
	await axios.post(`${baseUrl}${path}?token=${EXAMPLE_TRIGGER_TOKEN}`, body, { validateStatus: () => true });

describe('with n8n\'s SSRF protection on and the sandbox allowed', () => {
	testOnN8n2('a render, a batch and the PDF tools on a binary (merge, compress, metadata) run', async () => {
		const invoice = await n8n.runManually(baseUrl, 'pdfNoodleRenderInvoice');
		const [rendered] = invoice.data.resultData.runData['Render invoice'][0].data.main[0];
		assert.ok((await pdfText(n8n.readBinary(rendered.binary.data))).includes('Invoice INV-1042'));

		const batch = await n8n.runManually(baseUrl, 'pdfNoodleBatchMerge');
		const [merged] = batch.data.resultData.runData['Certificates, merged'][0].data.main[0];
		assert.ok((await pdfText(n8n.readBinary(merged.binary.data))).includes('Grace Hopper'));

		const tools = await n8n.runManually(baseUrl, 'pdfNoodleMarkdownMergeCompressMetadata');
		assert.equal(tools.data.resultData.error, undefined, tools.data.resultData.error?.message);
		const [titled] = tools.data.resultData.runData['Set title and author'][0].data.main[0];
		assert.ok((await pdfText(n8n.readBinary(titled.binary.data))).length > 0);
	});
});

describe('the trigger under pressure from outside', () => {
	test('three renders and a batch start four executions; each posted again after the others, and again after a restart, is a duplicate', async () => {
		// The first delivery alone passes whatever n8n does with the static data: it is the
		// second and later ones that need n8n to save it after a run was started (docs/trigger.md).
		const api = axios.create({ baseURL: sandbox.baseUrl, headers: { Authorization: `Bearer ${sandbox.apiKey}` } });
		const webhook = `${baseUrl}${TRIGGER_PATH}?token=${EXAMPLE_TRIGGER_TOKEN}`;
		const ids: string[] = [];
		for (const name of ['Ada', 'Grace', 'Hedy']) {
			const { data: ack } = await api.post('/v1/pdf/async', { templateId: 'letter', data: { recipient: { name: `${name} Replayed` }, closing: 'Once' }, webhook });
			ids.push(ack.requestId);
		}
		const { data: batch } = await api.post('/v1/html-to-pdf/batch', { items: [{ html: '<p>One</p>' }, { html: '<p>Two</p>' }], webhook });
		ids.push(batch.batchRequestId);
		const deliveries = await waitFor('the four deliveries', () => {
			const found = ids.map((id) => sandbox.context.webhookDeliveries.find(({ payload }) => [(payload as { requestId?: string }).requestId, (payload as { batchRequestId?: string }).batchRequestId].includes(id)));
			return found.every(Boolean) ? found.map((delivery) => delivery!) : undefined;
		});
		assert.deepEqual(deliveries.map(({ answer }) => answer), ids.map(() => ({ received: true, started: true })));
		await waitFor('four executions', () => executionsOf(CONFIRMED_TRIGGER_ID).filter((entry) => entry.status === 'success').length === 4 || undefined);

		const replayAll = async () => {
			for (const { payload } of deliveries) {
				const replay = await post(TRIGGER_PATH, payload);
				assert.deepEqual([replay.status, replay.data], [200, { received: true, started: false, duplicate: true }], `replay of ${JSON.stringify(payload).slice(0, 80)}`);
			}
		};
		await replayAll();
		const remembered = [...ids.slice(0, 3).map((id) => `render:${id}`), `batch:${ids[3]}`];
		// In the order they arrived: the renders may finish in any order.
		const delivered = (n8n.staticData(CONFIRMED_TRIGGER_ID)?.['node:PDF Noodle Trigger'] as { delivered?: string[] })?.delivered ?? [];
		assert.deepEqual([...delivered].sort(), remembered.sort());

		// The memory is n8n's static data of the workflow, in its database: a restart keeps it.
		await n8n.stop();
		baseUrl = await n8n.start();
		await n8n.waitForWebhook(baseUrl, 'pdf-noodle-example/pdf-noodle', 'POST');
		await replayAll();
		await new Promise((wait) => setTimeout(wait, 1500));
		assert.equal(executionsOf(CONFIRMED_TRIGGER_ID).length, 4, 'one execution for each render and the batch');
	});

	test('a batch record of 21 results and a chunked body over 1 MB are refused 413, naming the bound', async () => {
		const results = Array.from({ length: 21 }, (_, index) => ({ requestId: `r${index}`, renderStatus: 'SUCCESS', signedUrl: `http://127.0.0.2:1/f${index}.pdf`, metadata: {} }));
		const tooMany = await post(UNCONFIRMED_PATH, { batchRequestId: 'b-21', status: 'SUCCESS', total: 21, completed: 21, results });
		assert.deepEqual([tooMany.status, tooMany.data], [413, { message: 'The batch record names 21 results: a pdf noodle batch has at most 20, so it starts nothing' }]);

		const padded = JSON.stringify({ requestId: 'big-1', renderStatus: 'SUCCESS', signedUrl: '', metadata: { padding: 'x'.repeat(2_200_000) } });
		const chunked = await axios.post(`${baseUrl}${UNCONFIRMED_PATH}?token=${EXAMPLE_TRIGGER_TOKEN}`, Readable.from([Buffer.from(padded)]), {
			headers: { 'Content-Type': 'application/json' },
			validateStatus: () => true,
		});
		assert.equal(chunked.status, 413);
		assert.match(String(chunked.data.message), /^The payload is \d{7} bytes: a pdf noodle event is at most 1048576 bytes \(1 MB\), so it starts nothing$/);
		assert.equal(executionsOf(UNCONFIRMED_TRIGGER_ID).length, 0);
	});

	test('an unconfirmed call naming an address inside n8n\'s network, or a name resolving to one, fetches nothing, and the item says why', async () => {
		const { port } = internal.address() as AddressInfo;
		const interfaceAddress = Object.values(networkInterfaces()).flat().find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
		assert.ok(interfaceAddress, 'the machine has an interface address');
		// An address of n8n's own network, and a name resolving to one, the package refuses whatever n8n's lists allow.
		const blockedByN8n = (url: string) => `data: Not downloaded: n8n's SSRF protection blocked ${new URL(url).origin} (The request was blocked because it resolves to a restricted IP address) (${OWN_NETWORK_ADVICE})`;
		const resolvesHome = (url: string, address: string) =>
			`data: Not downloaded: ${new URL(url).origin} resolves to ${address}, an address of n8n's own network (loopback, link-local, private or reserved), and only the credential's Base URL may be one (${OWN_NETWORK_ADVICE})`;
		const literal = (url: string) =>
			N8N_MAJOR >= 2 ? blockedByN8n(url) : `data: Not downloaded: ${new URL(url).origin} is an address of n8n's own network (loopback, link-local, private or reserved), and only the credential's Base URL may be one`;
		const named = (name: string) => `http://${name}.pdf-noodle.test:${port}/admin`;
		const probes = [
			{ url: `http://${interfaceAddress}:${port}/latest/meta-data/`, what: 'the machine\'s own interface address', error: literal(`http://${interfaceAddress}:${port}`) },
			{ url: `http://198.51.100.7:${port}/x.pdf`, what: 'a documentation range', error: literal(`http://198.51.100.7:${port}`) },
			// n8n 2.x gives its resolver: every address a name resolves to is judged where the connection is made (1.x: e2e.test.ts).
			...(N8N_MAJOR >= 2
				? [
						{ url: named('loopback'), what: 'a name resolving to 127.0.0.2', error: blockedByN8n(named('loopback')) },
						// n8n's list allows 127.0.0.1 here (the admin's range for the sandbox): the package's rule does not.
						{ url: named('allowed'), what: 'a name resolving to a range the admin allowed for the Base URL', error: resolvesHome(named('allowed'), '127.0.0.1') },
						// 2.x's list lacks :: and 100.64.0.0/10; 3.x's has them (test/e2e/n8n3Profile.ts).
						{ url: named('zero'), what: 'a name resolving to ::', error: N8N_3X_PROFILE ? blockedByN8n(named('zero')) : resolvesHome(named('zero'), '::') },
						{ url: named('shared'), what: 'a name resolving to 100.64.0.1', error: N8N_3X_PROFILE ? blockedByN8n(named('shared')) : resolvesHome(named('shared'), '100.64.0.1') },
					]
				: []),
			// n8n 3.x's larger list (test/e2e/n8n3Profile.ts); not in 2.x's.
			...(N8N_3X_PROFILE ? [{ url: `http://100.64.0.7:${port}/x.pdf`, what: 'the shared address space (CGNAT)', error: blockedByN8n(`http://100.64.0.7:${port}`) }] : []),
		];
		for (const [index, probe] of probes.entries()) {
			const answer = await post(UNCONFIRMED_PATH, { requestId: `probe-${index}`, renderStatus: 'SUCCESS', signedUrl: probe.url, metadata: {} });
			assert.deepEqual([answer.status, answer.data], [200, { received: true, started: true }], probe.what);
		}
		const executions = await waitFor('the probes\' executions', () => {
			const ended = executionsOf(UNCONFIRMED_TRIGGER_ID).filter((entry) => entry.status === 'success');
			return ended.length === probes.length ? ended : undefined;
		});
		// Spread into this test's own array: the executions come from another realm (node:sqlite, flatted).
		const errors = [...executions.map((execution) => String(execution.data.resultData.runData['PDF Noodle Trigger'][0].data.main[0][0].json.downloadError))].sort();
		const expected = probes.map(({ error }) => error);
		assert.deepEqual(errors, expected.sort());
		assert.deepEqual(internalReceived, [], 'the internal service got nothing');
	});

	// Last in this describe: a burst's Start Once memory is saved by calls that overlap, which
	// may drop each other's keys (docs/trigger.md), and the replay test above relies on its key.
	testOnN8n2(`a burst of ${BURST_SIZE} deliveries (one in ten forged) posted within a second, the status lookups rate-limited: every genuine one starts exactly one execution, no forged one any`, async () => {
		const deliveries = await burstDeliveries(sandbox, BURST_SIZE);
		const genuine = deliveries.filter((delivery) => !delivery.forged);
		const before = new Set(executionsOf(CONFIRMED_TRIGGER_ID).map((row) => row.id));
		sandbox.context.settings.statusLookupsPerSecond = BURST_LOOKUPS_PER_SECOND;
		sandbox.context.traffic.reset();
		const started = Date.now();
		let answers;
		try {
			answers = await postBurst(`${baseUrl}${TRIGGER_PATH}?token=${EXAMPLE_TRIGGER_TOKEN}`, deliveries);
		} finally {
			delete sandbox.context.settings.statusLookupsPerSecond;
		}
		const traffic = sandbox.context.traffic.snapshot();
		console.log(`burst: ${deliveries.length} deliveries answered in ${((Date.now() - started) / 1000).toFixed(1)} s (${sentAgainCount(answers)} sent again after a 503 or no answer; ${unansweredCount(answers)} calls unanswered in time); ${traffic.statusCalls} status lookups, ${traffic.rateLimited} of them answered 429`);
		for (const sample of unexpectedAnswerSamples(answers)) console.log(`unexpected answer: ${sample}`);
		assert.deepEqual(answerCounts(answers), { 'genuine 200 started': genuine.length, 'forged 403': deliveries.length - genuine.length });
		assert.ok(traffic.rateLimited > 0, 'the sandbox\'s rate limit was met');

		const burstRows = () => executionsOf(CONFIRMED_TRIGGER_ID).filter((row) => !before.has(row.id));
		await waitFor(`${genuine.length} finished executions`, () => {
			const rows = burstRows();
			return rows.length >= genuine.length && rows.every((row) => !['new', 'running'].includes(row.status)) ? rows : undefined;
		}, 300_000);
		// An execution the burst should not have started would come after these: a moment for any.
		await new Promise((wait) => setTimeout(wait, 1000));
		const rows = burstRows();
		assert.deepEqual([...new Set(rows.map((row) => row.status))], ['success']);
		const keys = rows.map((row) => executionKey(row.data.resultData.runData['PDF Noodle Trigger'][0].data.main[0][0].json));
		assert.deepEqual(tally(deliveries, keys), { missing: [], twice: [], forgedStarted: [] });
		assert.equal(rows.length, genuine.length);
	}, BURST_TEST_TIMEOUT_MS + 300_000);
});

describe('the API key stays with pdf noodle', () => {
	test('n8n\'s HTTP Request node with the PDF Noodle API credential cannot send the key to another host', async () => {
		const run = await n8n.runManually(baseUrl, 'pdfNoodleHardHttp');
		const error = run.data.resultData.runData['HTTP Request'][0].error;
		assert.match(`${error?.message} ${error?.description}`, new RegExp(`Refusing to send the pdf noodle API key to ${new URL(collector.url).origin.replace(/\./g, '\\.')}`));
		assert.deepEqual(collector.received, [], 'the other host got nothing, so not the key');
	});

	test('n8n\'s HTTP Request node with the credential sends no key through a proxy that could read it (plain http, or Ignore SSL Issues on)', async () => {
		const proxy = new URL(collector.url).host.replace(/\./g, '\\.');
		const errorOf = async (workflowId: keyof typeof PROXY_CASES) => {
			const error = (await n8n.runManually(baseUrl, workflowId)).data.resultData.runData['HTTP Request'][0].error;
			return `${error?.message} ${error?.description}`;
		};
		assert.match(
			await errorOf('pdfNoodleHardProxyHttp'),
			new RegExp(`Refusing to send the pdf noodle API key through the proxy ${proxy}: the request goes to ${new URL(sandbox.baseUrl).origin.replace(/\./g, '\\.')} over plain http, so the proxy could read the key`),
		);
		assert.match(
			await errorOf('pdfNoodleHardProxyUnchecked'),
			new RegExp(`Refusing to send the pdf noodle API key through the proxy ${proxy} with the certificate check off: the proxy could answer as https://api\\.pdfnoodle\\.com and read the key`),
		);
		assert.deepEqual(collector.received, [], 'the proxy got nothing, so not the key');
	});

	test('a redirect of the API to the service over plain http is not followed, and the render says why', async () => {
		const run = await n8n.runManually(baseUrl, 'pdfNoodleHardRedirect');
		assert.equal(
			run.data.resultData.runData['Render invoice'][0].error?.message,
			'The pdf noodle API answered with a redirect to http://api.pdfnoodle.com:8080, which is not the pdf noodle service: it was not followed, so your API key stays with the service',
		);
	});
});

