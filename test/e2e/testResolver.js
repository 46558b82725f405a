/**
 * Loaded into the test's n8n process only (NODE_OPTIONS=--require, test/e2e/hardened.test.ts):
 * resolves one test name to a loopback address the way a public name that points at loopback
 * (`127.0.0.1.nip.io`) resolves on the internet, which this machine cannot reach. Every other
 * name goes to the system's resolver as before; nothing else of n8n is touched.
 */
const dns = require('node:dns');

const TEST_NAMES = { 'loopback.pdf-noodle.test': '127.0.0.2' };

const systemLookup = dns.lookup;
dns.lookup = function lookup(hostname, options, callback) {
	const address = TEST_NAMES[hostname];
	if (address === undefined) return systemLookup.call(dns, hostname, options, callback);
	const done = typeof options === 'function' ? options : callback;
	const all = typeof options === 'object' && options !== null && options.all;
	process.nextTick(() => (all ? done(null, [{ address, family: 4 }]) : done(null, address, 4)));
};

const systemPromisesLookup = dns.promises.lookup;
dns.promises.lookup = async function lookup(hostname, options) {
	const address = TEST_NAMES[hostname];
	if (address === undefined) return await systemPromisesLookup.call(dns.promises, hostname, options);
	return options && options.all ? [{ address, family: 4 }] : { address, family: 4 };
};
