import { checkOptions, InvalidOptionError } from '@agentweb/core';
import { type CidrRange, inRange, parseAddress, parseCidr } from './ip-address.js';
import { PRIVATE_NETWORK_RULE } from './option-rules.js';

/**
 * What kind of address an IP is. Everything except `public` is refused by default.
 * - `unspecified`: `0.0.0.0/8`, `::`.
 * - `loopback`: `127.0.0.0/8`, `::1`.
 * - `private`: RFC 1918, IPv6 unique-local `fc00::/7` and deprecated site-local `fec0::/10`.
 * - `link-local`: `169.254.0.0/16` (cloud metadata lives here), `fe80::/10`.
 * - `cgnat`: shared address space `100.64.0.0/10`.
 * - `multicast`: `224.0.0.0/4`, `ff00::/8`.
 * - `broadcast`: `255.255.255.255`.
 * - `documentation`, `benchmarking`: ranges that never route on the internet.
 * - `reserved`: `240.0.0.0/4`, `192.0.0.0/24`, `192.88.99.0/24`, IPv4-compatible `::/96`, discard `100::/64`,
 *   Teredo `2001::/32`, local-use NAT64 `64:ff9b:1::/48`, and all IPv6 outside `2000::/3`.
 *
 * IPv6 forms that carry an IPv4 address (`::ffff:0:0/96` mapped, `64:ff9b::/96` NAT64, `2002::/16` 6to4) take
 * the class of the embedded IPv4 address, since that is where the packet ends up.
 */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved';

type Rule = readonly [CidrRange, AddressClass];

function rules(entries: ReadonlyArray<readonly [string, AddressClass]>): Rule[] {
  return entries.map(([cidr, kind]) => {
    const range = parseCidr(cidr);
    if (!range) throw new Error(`bad built-in range ${cidr}`);
    return [range, kind] as const;
  });
}

function builtInTables() {
  const v4 = rules([
    ['0.0.0.0/8', 'unspecified'],
    ['10.0.0.0/8', 'private'],
    ['100.64.0.0/10', 'cgnat'],
    ['127.0.0.0/8', 'loopback'],
    ['169.254.0.0/16', 'link-local'],
    ['172.16.0.0/12', 'private'],
    ['192.0.0.0/24', 'reserved'],
    ['192.0.2.0/24', 'documentation'],
    ['192.88.99.0/24', 'reserved'],
    ['192.168.0.0/16', 'private'],
    ['198.18.0.0/15', 'benchmarking'],
    ['198.51.100.0/24', 'documentation'],
    ['203.0.113.0/24', 'documentation'],
    ['224.0.0.0/4', 'multicast'],
    ['255.255.255.255/32', 'broadcast'],
    ['240.0.0.0/4', 'reserved'],
  ]);

  const v6 = rules([
    ['::/128', 'unspecified'],
    ['::1/128', 'loopback'],
    ['::/96', 'reserved'],
    ['64:ff9b:1::/48', 'reserved'],
    ['100::/64', 'reserved'],
    ['2001::/32', 'reserved'],
    ['2001:2::/48', 'benchmarking'],
    ['2001:db8::/32', 'documentation'],
    ['fc00::/7', 'private'],
    ['fe80::/10', 'link-local'],
    ['fec0::/10', 'private'],
    ['ff00::/8', 'multicast'],
  ]);

  return {
    v4,
    v6,
    mapped: parseCidr('::ffff:0:0/96')!,
    nat64: parseCidr('64:ff9b::/96')!,
    sixToFour: parseCidr('2002::/16')!,
    globalUnicast: parseCidr('2000::/3')!,
  };
}

// Built on first use: parsing the ranges calls node:net's isIPv6, whose first call compiles a large regular
// expression (over 10 ms), a cost an import of the package should not pay.
let tables: ReturnType<typeof builtInTables> | undefined;
function builtInRanges(): ReturnType<typeof builtInTables> {
  tables ??= builtInTables();
  return tables;
}

function classifyV4(bytes: Uint8Array): AddressClass {
  for (const [range, kind] of builtInRanges().v4) if (inRange(bytes, range)) return kind;
  return 'public';
}

function classifyV6(bytes: Uint8Array): AddressClass {
  const ranges = builtInRanges();
  if (inRange(bytes, ranges.mapped) || inRange(bytes, ranges.nat64))
    return classifyV4(bytes.subarray(12, 16));
  if (inRange(bytes, ranges.sixToFour)) return classifyV4(bytes.subarray(2, 6));
  for (const [range, kind] of ranges.v6) if (inRange(bytes, range)) return kind;
  return inRange(bytes, ranges.globalUnicast) ? 'public' : 'reserved';
}

/**
 * Classifies an IPv4 or IPv6 literal (brackets and zone ids allowed, IPv4-mapped IPv6 in dotted or hex form).
 * Returns `undefined` when `ip` is not an IP literal.
 */
export function classifyAddress(ip: string): AddressClass | undefined {
  const parsed = parseAddress(ip);
  if (!parsed) return undefined;
  return parsed.family === 4 ? classifyV4(parsed.bytes) : classifyV6(parsed.bytes);
}

/** True unless `ip` is a valid, publicly routable IP literal; anything unparseable counts as blocked. */
export function isBlockedAddress(ip: string): boolean {
  return classifyAddress(ip) !== 'public';
}

/**
 * Which non-public destinations are allowed: `true` allows all of them; a list allows the named hosts
 * (exact names such as `localhost`, or `*.internal` for any subdomain) and the listed IP literals or CIDR
 * ranges (`10.0.0.0/8`, `fd00::/8`) whatever name led to them.
 */
export type PrivateNetworkAllowance = boolean | readonly string[];

/** Why an address was refused. */
export interface AddressVerdict {
  /** The host name (or literal) that was asked for. */
  host: string;
  /** The IP address that would have been connected to. */
  address: string;
  /** Its class. */
  addressClass: AddressClass | 'invalid';
}

/** The compiled form of a {@link PrivateNetworkAllowance}, used by every guard in this package. */
export interface AddressPolicy {
  /** True when nothing is refused (`allowPrivateNetwork: true`). */
  readonly allowsAll: boolean;
  /** True when `host` is on the allow-list by name, so any address it resolves to is allowed. */
  allowsHost(host: string): boolean;
  /** `undefined` when connecting to `address` for `host` is allowed, else the reason it is not. */
  check(host: string, address: string): AddressVerdict | undefined;
}

/**
 * Compiles an allowance into an {@link AddressPolicy}. Throws `InvalidOptionError` (naming `callee`, by default
 * `createAddressPolicy`) for anything but a boolean or a list of strings, and for a malformed IP or CIDR entry.
 */
export function createAddressPolicy(
  allowance: PrivateNetworkAllowance = false,
  callee = 'createAddressPolicy',
): AddressPolicy {
  checkOptions(callee, { allowPrivateNetwork: allowance }, { allowPrivateNetwork: PRIVATE_NETWORK_RULE });
  if (allowance === true) {
    return { allowsAll: true, allowsHost: () => true, check: () => undefined };
  }
  const names = new Set<string>();
  const suffixes: string[] = [];
  const ranges: CidrRange[] = [];
  for (const raw of allowance === false ? [] : allowance) {
    const entry = raw.trim().toLowerCase();
    if (entry.startsWith('*.')) suffixes.push(entry.slice(1));
    else if (/^[\d.]+(\/\d+)?$/.test(entry) || entry.includes(':')) {
      const range = parseCidr(entry.replace(/[[\]]/g, ''));
      if (!range)
        throw new InvalidOptionError({
          callee,
          option: 'allowPrivateNetwork',
          expected: 'host names, IP addresses and CIDR ranges',
          received: `"${raw.slice(0, 60)}", which is neither an IP address nor a CIDR range`,
        });
      ranges.push(range);
    } else if (entry.length > 0) names.add(entry.endsWith('.') ? entry.slice(0, -1) : entry);
  }
  const allowsHost = (host: string): boolean => {
    const name = host.toLowerCase().replace(/\.$/, '');
    if (names.has(name)) return true;
    for (const suffix of suffixes) if (name.endsWith(suffix)) return true;
    return false;
  };
  return {
    allowsAll: false,
    allowsHost,
    check(host, address) {
      const parsed = parseAddress(address);
      if (!parsed) return { host, address, addressClass: 'invalid' };
      const addressClass = parsed.family === 4 ? classifyV4(parsed.bytes) : classifyV6(parsed.bytes);
      if (addressClass === 'public' || allowsHost(host)) return undefined;
      const bytes =
        parsed.family === 6 && inRange(parsed.bytes, builtInRanges().mapped)
          ? parsed.bytes.subarray(12)
          : parsed.bytes;
      for (const range of ranges) if (inRange(bytes, range)) return undefined;
      return { host, address, addressClass };
    },
  };
}
