import { readFile } from 'node:fs/promises';
import type { DnsServerAddress } from './server-address.js';
import { parseServerAddress } from './server-address.js';

/**
 * The `nameserver` lines of a resolv.conf text, in order. Zone indexes (`fe80::1%eth0`) and malformed lines
 * are skipped rather than failing the whole file, as the C library does.
 */
export function parseResolvConf(text: string): DnsServerAddress[] {
  const servers: DnsServerAddress[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*nameserver\s+(\S+)/.exec(line);
    const value = match?.[1];
    if (value === undefined || value.includes('%')) continue;
    try {
      servers.push(parseServerAddress(value));
    } catch {
      // A bad line is ignored, as glibc does.
    }
  }
  return servers;
}

/**
 * The system's nameservers from `/etc/resolv.conf`; when the file is missing or lists none, the glibc
 * default of 127.0.0.1:53.
 */
export async function readSystemServers(path = '/etc/resolv.conf'): Promise<DnsServerAddress[]> {
  let text = '';
  try {
    text = await readFile(path, 'utf8');
  } catch {
    // No file: fall through to the default, like the C library.
  }
  const servers = parseResolvConf(text);
  return servers.length > 0 ? servers : [{ host: '127.0.0.1', port: 53 }];
}
