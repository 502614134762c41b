// Copied into the consumer project: AgentWeb options that reach the sandbox the consumer test started (its names
// map to 127.0.0.1, its DNS server answers `_cap` TXT, plain http on loopback, which the defaults refuse).
import { createDnsResolver } from '@agentweb/discovery';

const env = (name) => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set (the consumer test sets it)`);
  return value;
};

/** `host:port` of the sandbox's first merchant and of its reservations AGIS service. */
export const shop = env('AGENTWEB_SANDBOX_SHOP');
export const reservations = env('AGENTWEB_SANDBOX_RESERVATIONS');

/** The sandbox's DNS server; closed by the caller. */
export const dns = createDnsResolver({ servers: [env('AGENTWEB_SANDBOX_DNS')] });

/** A node:dns-style lookup answering every `*.sandbox.test` name with 127.0.0.1. */
function lookup(hostname, options, callback) {
  const cb = typeof options === 'function' ? options : callback;
  const all = typeof options === 'object' && options !== null && options.all === true;
  const host = hostname.toLowerCase();
  if (!host.endsWith('.sandbox.test') && host !== 'localhost') {
    const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    process.nextTick(() => cb(error, all ? [] : '', 4));
    return;
  }
  process.nextTick(() => (all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4)));
}

export const sandboxOptions = {
  lookup,
  allowHttp: true,
  allowPrivateNetwork: true,
  dns,
  discovery: { defaultScheme: 'http' },
  // Sandbox carts accept any bearer token.
  credentials: () => ({ type: 'bearer', token: 'consumer-test' }),
};

/** The README's `askTheUser`: here the user always agrees (the sandbox books nothing real). */
export async function askTheUser(candidate, input) {
  console.log(`confirm ${candidate.method} ${candidate.path} ${JSON.stringify(input)}: yes`);
  return true;
}
