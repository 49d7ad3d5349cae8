// Preloaded into a process under test (NODE_OPTIONS=--require, which reaches its worker threads too): every
// connection to anywhere but this machine is refused, and written down in NO_NETWORK_LOG for the test to read.
const dns = require('node:dns');
const fs = require('node:fs');
const net = require('node:net');

const log = process.env.NO_NETWORK_LOG;
const LOCAL = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::', '']);
const isLocal = (host) => LOCAL.has(String(host ?? '').replace(/^\[|\]$/g, '')) || String(host).startsWith('127.');

function refuse(what) {
  if (log) fs.appendFileSync(log, `${what}\n`);
  return new Error(`heirloom tests: no network (${what})`);
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  // net.connect passes its normalized arguments as one array: [options, callback]
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options = typeof first === 'object' && first !== null ? first : { port: first, host: args[1] };
  if (!options.path && !isLocal(options.host)) {
    const error = refuse(`connect ${options.host}:${options.port}`);
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function guardedLookup(host, ...rest) {
  const callback = rest.at(-1);
  if (!isLocal(host) && typeof callback === 'function') {
    process.nextTick(() => callback(refuse(`lookup ${host}`)));
    return {};
  }
  return lookup.call(this, host, ...rest);
};
