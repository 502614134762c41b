import { isIPv4, isIPv6 } from 'node:net';

/** An IP address parsed to bytes: 4 for IPv4, 16 for IPv6. */
export interface ParsedAddress {
  /** `4` or `6`. */
  family: 4 | 6;
  /** Network-order bytes. */
  bytes: Uint8Array;
}

/** Strips the brackets URL hostnames put around IPv6 literals and any `%zone` suffix. */
export function unbracket(host: string): string {
  const inner = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const zone = inner.indexOf('%');
  return zone === -1 ? inner : inner.slice(0, zone);
}

/** True when `host` (bracketed or not) is an IPv4 or IPv6 literal. */
export function isIpLiteral(host: string): boolean {
  const bare = unbracket(host);
  return isIPv4(bare) || isIPv6(bare);
}

/** Parses an IPv4 or IPv6 literal (brackets and zone ids allowed); `undefined` when it is neither. */
export function parseAddress(input: string): ParsedAddress | undefined {
  const text = unbracket(input.trim());
  if (isIPv4(text)) return { family: 4, bytes: parseIPv4(text) };
  if (isIPv6(text)) return { family: 6, bytes: parseIPv6(text) };
  return undefined;
}

function parseIPv4(text: string): Uint8Array {
  const bytes = new Uint8Array(4);
  const parts = text.split('.');
  for (let i = 0; i < 4; i++) bytes[i] = Number(parts[i]);
  return bytes;
}

// Only called on strings node:net already accepted, so the grammar checks are done.
function parseIPv6(text: string): Uint8Array {
  const bytes = new Uint8Array(16);
  let body = text;
  let tail: Uint8Array | undefined;
  const lastColon = body.lastIndexOf(':');
  if (body.indexOf('.', lastColon) !== -1) {
    tail = parseIPv4(body.slice(lastColon + 1));
    body = `${body.slice(0, lastColon + 1)}0:0`;
  }
  const [head = '', rest] = body.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':');
  const groups =
    rest === undefined
      ? headGroups
      : [
          ...headGroups,
          ...new Array<string>(8 - headGroups.length - restGroups.length).fill('0'),
          ...restGroups,
        ];
  for (let i = 0; i < 8; i++) {
    const value = Number.parseInt(groups[i] ?? '0', 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  }
  if (tail) bytes.set(tail, 12);
  return bytes;
}

/** A CIDR range such as `10.0.0.0/8` or `fd00::/8`. */
export interface CidrRange {
  /** Address family of the range. */
  family: 4 | 6;
  /** Network bytes. */
  bytes: Uint8Array;
  /** Prefix length in bits. */
  prefix: number;
}

/** Parses `address/prefix` (or a bare address, as a single-host range); `undefined` when malformed. */
export function parseCidr(text: string): CidrRange | undefined {
  const slash = text.indexOf('/');
  const address = parseAddress(slash === -1 ? text : text.slice(0, slash));
  if (!address) return undefined;
  const max = address.family === 4 ? 32 : 128;
  const prefixText = slash === -1 ? String(max) : text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  if (prefix > max) return undefined;
  return { family: address.family, bytes: address.bytes, prefix };
}

/** True when `bytes` (same family as the range) lies inside `range`. */
export function inRange(bytes: Uint8Array, range: CidrRange): boolean {
  if (bytes.length !== range.bytes.length) return false;
  let bits = range.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}
