import { isIP } from 'node:net';
import { DnsConfigError } from './dns-errors.js';

/** A DNS server as host and port. */
export interface DnsServerAddress {
  /** IPv4 or IPv6 literal (no brackets). */
  host: string;
  /** UDP/TCP port. */
  port: number;
}

/**
 * Parses `1.2.3.4`, `1.2.3.4:5353`, `::1`, `[::1]:5353`. Only IP literals: a DNS server named by a host name
 * would need DNS to find it.
 */
export function parseServerAddress(text: string): DnsServerAddress {
  const trimmed = text.trim();
  let host = trimmed;
  let portText: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(trimmed);
  if (bracketed) {
    host = bracketed[1] ?? '';
    portText = bracketed[2];
  } else if (isIP(trimmed) === 0) {
    const colon = trimmed.lastIndexOf(':');
    if (colon > 0 && trimmed.indexOf(':') === colon) {
      host = trimmed.slice(0, colon);
      portText = trimmed.slice(colon + 1);
    }
  }
  if (isIP(host) === 0) {
    throw new DnsConfigError(`DNS server "${text}" is not an IP address (optionally with :port)`);
  }
  const port = portText === undefined ? 53 : Number(portText);
  if (!/^\d*$/.test(portText ?? '') || !Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new DnsConfigError(`DNS server "${text}" has an invalid port`);
  }
  return { host, port };
}

/** `host:port`, with brackets around IPv6 hosts, as node:dns `setServers` and error messages expect. */
export function formatServerAddress({ host, port }: DnsServerAddress): string {
  return isIP(host) === 6 ? `[${host}]:${port}` : `${host}:${port}`;
}
