/**
 * Loaded into the test's n8n process only (NODE_OPTIONS=--require, `N8nWithTestResolver` in
 * test/e2e/n8n.ts): resolves test names the way names on the internet would, which this
 * machine cannot reach. Every other name goes to the system's resolver as before; nothing else
 * of n8n is touched.
 * - `loopback.pdf-noodle.test` points at a loopback address, as `127.0.0.1.nip.io` does;
 * - `rebind.pdf-noodle.test` answers a public address to n8n's egress filter (which asks
 *   `dns.promises.lookup`) and loopback to the connection (`dns.lookup`): DNS rebinding, where
 *   a name's short-lived record changes between the check and the connection;
 * - `zero.pdf-noodle.test`, `shared.pdf-noodle.test` and `mapped.pdf-noodle.test` point at `::`,
 *   100.64.0.1 and `::ffff:127.0.0.1`: addresses n8n 2.x's list lacks or knows only by their IPv4
 *   form (the literals are refused by the package's rule; the names must be too, where the
 *   connection is made), and `allowed.pdf-noodle.test` at 127.0.0.1, a range an admin allowed.
 */
const dns = require('node:dns');

const HOME = { 'zero.pdf-noodle.test': '::', 'shared.pdf-noodle.test': '100.64.0.1', 'mapped.pdf-noodle.test': '::ffff:127.0.0.1', 'allowed.pdf-noodle.test': '127.0.0.1' };
const AT_CONNECTION = { 'loopback.pdf-noodle.test': '127.0.0.2', 'rebind.pdf-noodle.test': '127.0.0.1', ...HOME };
const AT_CHECK = { 'loopback.pdf-noodle.test': '127.0.0.2', 'rebind.pdf-noodle.test': '93.184.215.14', ...HOME };
const familyOf = (address) => (address.includes(':') ? 6 : 4);

const systemLookup = dns.lookup;
dns.lookup = function lookup(hostname, options, callback) {
	const address = AT_CONNECTION[hostname];
	if (address === undefined) return systemLookup.call(dns, hostname, options, callback);
	const done = typeof options === 'function' ? options : callback;
	const all = typeof options === 'object' && options !== null && options.all;
	process.nextTick(() => (all ? done(null, [{ address, family: familyOf(address) }]) : done(null, address, familyOf(address))));
};

const systemPromisesLookup = dns.promises.lookup;
dns.promises.lookup = async function lookup(hostname, options) {
	const address = AT_CHECK[hostname];
	if (address === undefined) return await systemPromisesLookup.call(dns.promises, hostname, options);
	return options && options.all ? [{ address, family: familyOf(address) }] : { address, family: familyOf(address) };
};
