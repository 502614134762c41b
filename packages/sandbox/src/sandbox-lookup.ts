import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP, isIPv6 } from 'node:net';
import { checkOptions, is, required } from '@agentweb/core';

/** A node:dns-style `lookup`, as accepted by `http.request` and @agentweb/http. */
export type SandboxLookup = (
  hostname: string,
  options:
    | LookupOptions
    | number
    | ((err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void),
  callback?: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/**
 * Maps every sandbox domain (and `localhost`) to `address` (the sandbox's loopback bind address, default
 * 127.0.0.1); any other name fails with ENOTFOUND.
 */
export function createSandboxLookup(domains: ReadonlySet<string>, address = '127.0.0.1'): SandboxLookup {
  checkOptions(
    'createSandboxLookup',
    { domains, address },
    {
      domains: required({ ...is.methods('has'), expected: 'a Set of domain names' }),
      address: is.custom('an IP address', (v) => typeof v === 'string' && isIP(v) !== 0),
    },
  );
  const family = isIPv6(address) ? 6 : 4;
  return (hostname, options, callback) => {
    const cb = typeof options === 'function' ? options : callback;
    if (cb === undefined) return;
    const all = typeof options === 'object' && options !== null && options.all === true;
    const host = hostname.toLowerCase().replace(/\.$/, '');
    if (!domains.has(host) && host !== 'localhost' && host !== '127.0.0.1') {
      const err: NodeJS.ErrnoException = new Error(
        `getaddrinfo ENOTFOUND ${hostname} (not a sandbox domain)`,
      );
      err.code = 'ENOTFOUND';
      process.nextTick(() => cb(err, all ? [] : '', 4));
      return;
    }
    process.nextTick(() => (all ? cb(null, [{ address, family }]) : cb(null, address, family)));
  };
}
