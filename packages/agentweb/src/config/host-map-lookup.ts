import { lookup as systemLookup } from 'node:dns';
import { isIP } from 'node:net';
import { checkOptions, is, required } from '@agentweb/core';
import type { LookupFunction } from '@agentweb/http';
import { ClientFlagError } from './client-flag-error.js';

interface HostMapRule {
  /** Exact host, or the suffix after `*.` for a wildcard. */
  host: string;
  wildcard: boolean;
  address: string;
  family: 4 | 6;
}

/**
 * Parses `host=address` entries (`*.sandbox.test=127.0.0.1` maps every subdomain), the way curl's `--resolve`
 * pins names without touching the system resolver.
 */
function parseHostMap(entries: readonly string[]): HostMapRule[] {
  return entries.map((entry) => {
    const eq = entry.indexOf('=');
    if (eq <= 0) throw new ClientFlagError('--resolve', entry, 'expected host=address');
    const rawHost = entry.slice(0, eq).trim().toLowerCase().replace(/\.$/, '');
    const address = entry.slice(eq + 1).trim();
    const family = isIP(address);
    if (family === 0) throw new ClientFlagError('--resolve', entry, `"${address}" is not an IP address`);
    const wildcard = rawHost.startsWith('*.');
    const host = wildcard ? rawHost.slice(2) : rawHost;
    if (!/^[a-z0-9.-]+$/.test(host))
      throw new ClientFlagError('--resolve', entry, `"${rawHost}" is not a host name`);
    return { host, wildcard, address, family: family === 6 ? 6 : 4 };
  });
}

/** A lookup that answers mapped names itself and hands every other name to `fallback`. */
export function createHostMapLookup(
  entries: readonly string[],
  fallback: LookupFunction = systemLookup,
): LookupFunction {
  checkOptions(
    'createHostMapLookup',
    { entries, fallback },
    { entries: required(is.arrayOf(is.string)), fallback: is.function },
  );
  const rules = parseHostMap(entries);
  return (hostname, options, callback) => {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    const rule = rules.find((r) => (r.wildcard ? host.endsWith(`.${r.host}`) : host === r.host));
    if (!rule) {
      fallback(hostname, options, callback);
      return;
    }
    // Always async, as dns.lookup is: callers may rely on the callback not running inside the call.
    process.nextTick(() => {
      if (options.all) callback(null, [{ address: rule.address, family: rule.family }]);
      else callback(null, rule.address, rule.family);
    });
  };
}
