import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { checkOptions } from '@agentweb/core';
import type { Agent, buildConnector } from 'undici';
import { type AddressPolicy, createAddressPolicy, type PrivateNetworkAllowance } from './address-guard.js';
import { BlockedAddressError } from './errors.js';
import { loadUndici } from './load-undici.js';
import { defaultLookup, type LookupFunction, normalizeLookupResult } from './lookup.js';
import { GUARD_OPTION_RULES } from './option-rules.js';

/** Options of {@link createGuardedDispatcher} and {@link createGuardedConnector}. */
export interface GuardedDispatcherOptions {
  /** Non-public destinations to allow: `true` for all, or an allow-list (see `PrivateNetworkAllowance`). Default `false`. */
  allowPrivateNetwork?: PrivateNetworkAllowance | AddressPolicy;
  /** Resolver used for every new connection (default `node:dns` `lookup`). Tests inject one to map names. */
  lookup?: LookupFunction;
  /**
   * The socket connector run after the address check has passed, with `hostname` replaced by the checked IP
   * (TLS still verifies and sends SNI for the original name). Default: undici's `buildConnector()`.
   */
  connector?: buildConnector.connector;
  /** TCP/TLS connect timeout in ms (default 10 000). The client's whole-request deadline applies as well. */
  connectTimeoutMs?: number;
  /** How long an idle keep-alive socket is kept, in ms (default 4 000, undici's default). */
  keepAliveTimeoutMs?: number;
  /** Maximum connections per origin (default unlimited). */
  connections?: number;
}

function toPolicy(
  allowance: PrivateNetworkAllowance | AddressPolicy | undefined,
  callee: string,
): AddressPolicy {
  return typeof allowance === 'object' && allowance !== null && 'check' in allowance
    ? allowance
    : createAddressPolicy(allowance, callee);
}

/**
 * Builds an undici connector that refuses non-public destinations at connect time. IP literals are checked
 * as they are; names are resolved through `lookup` once, every address is checked (one bad address refuses
 * the name), and the socket is then opened to the checked address itself, so a DNS rebinding between check
 * and connect cannot happen. A refused connection never reaches `connector`, so no packet is sent.
 */
export function createGuardedConnector(
  options: GuardedDispatcherOptions = {},
  callee = 'createGuardedConnector',
): buildConnector.connector {
  checkOptions(callee, options, GUARD_OPTION_RULES);
  const policy = toPolicy(options.allowPrivateNetwork, callee);
  const lookup = options.lookup ?? defaultLookup;
  const connect =
    options.connector ??
    loadUndici().buildConnector(
      options.connectTimeoutMs === undefined ? {} : { timeout: options.connectTimeoutMs },
    );

  const refuse = (
    connectOptions: buildConnector.Options,
    callback: buildConnector.Callback,
    verdict: { host: string; address: string; addressClass: BlockedAddressError['addressClass'] },
  ) => {
    const origin = `${connectOptions.protocol}//${connectOptions.host ?? connectOptions.hostname}`;
    callback(new BlockedAddressError({ url: origin, ...verdict }), null);
  };

  const connectTo = (
    connectOptions: buildConnector.Options,
    addresses: LookupAddress[],
    index: number,
    callback: buildConnector.Callback,
  ) => {
    const target = addresses[index];
    if (!target) return;
    connect({ ...connectOptions, hostname: target.address }, (...result) => {
      // Fall through to the next address only for connection failures, like happy-eyeballs without racing.
      if (result[0] !== null && index + 1 < addresses.length && !connectOptions.httpSocket) {
        connectTo(connectOptions, addresses, index + 1, callback);
      } else {
        callback(...result);
      }
    });
  };

  return (connectOptions, callback) => {
    const { hostname } = connectOptions;
    if (isIP(hostname) !== 0) {
      const verdict = policy.check(hostname, hostname);
      if (verdict) refuse(connectOptions, callback, verdict);
      else connect(connectOptions, callback);
      return;
    }
    lookup(hostname, { all: true }, (error, found, family) => {
      if (error) {
        callback(error, null);
        return;
      }
      const addresses = normalizeLookupResult(found, family);
      if (addresses.length === 0) {
        callback(Object.assign(new Error(`No addresses for ${hostname}`), { code: 'ENOTFOUND' }), null);
        return;
      }
      for (const { address } of addresses) {
        const verdict = policy.check(hostname, address);
        if (verdict) {
          refuse(connectOptions, callback, verdict);
          return;
        }
      }
      connectTo(connectOptions, addresses, 0, callback);
    });
  };
}

/**
 * A keep-alive undici `Agent` whose every connection goes through {@link createGuardedConnector}. Pass it as
 * `dispatcher` to undici's `fetch` / `request`; the client creates one per client by default.
 */
export function createGuardedDispatcher(
  options: GuardedDispatcherOptions = {},
  callee = 'createGuardedDispatcher',
): Agent {
  const agentOptions: Agent.Options = { connect: createGuardedConnector(options, callee) };
  if (options.keepAliveTimeoutMs !== undefined) agentOptions.keepAliveTimeout = options.keepAliveTimeoutMs;
  if (options.connections !== undefined) agentOptions.connections = options.connections;
  return new (loadUndici().Agent)(agentOptions);
}
