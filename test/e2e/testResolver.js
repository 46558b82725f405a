/**
 * Loaded into the test's n8n process only (NODE_OPTIONS=--require, `N8nWithTestResolver` in
 * test/e2e/n8n.ts): resolves test names the way names on the internet would, which this
 * machine cannot reach. Every other name goes to the system's resolver as before; nothing else
 * of n8n is touched.
 * - `loopback.pdf-noodle.test` points at a loopback address, as `127.0.0.1.nip.io` does;
 * - `rebind.pdf-noodle.test` answers a public address to n8n's egress filter (which asks
 *   `dns.promises.lookup`) and loopback to the connection (`dns.lookup`): DNS rebinding, where
 *   a name's short-lived record changes between the check and the connection.
 */
const dns = require('node:dns');

const AT_CONNECTION = { 'loopback.pdf-noodle.test': '127.0.0.2', 'rebind.pdf-noodle.test': '127.0.0.1' };
const AT_CHECK = { 'loopback.pdf-noodle.test': '127.0.0.2', 'rebind.pdf-noodle.test': '93.184.215.14' };

const systemLookup = dns.lookup;
dns.lookup = function lookup(hostname, options, callback) {
	const address = AT_CONNECTION[hostname];
	if (address === undefined) return systemLookup.call(dns, hostname, options, callback);
	const done = typeof options === 'function' ? options : callback;
	const all = typeof options === 'object' && options !== null && options.all;
	process.nextTick(() => (all ? done(null, [{ address, family: 4 }]) : done(null, address, 4)));
};

const systemPromisesLookup = dns.promises.lookup;
dns.promises.lookup = async function lookup(hostname, options) {
	const address = AT_CHECK[hostname];
	if (address === undefined) return await systemPromisesLookup.call(dns.promises, hostname, options);
	return options && options.all ? [{ address, family: 4 }] : { address, family: 4 };
};
