import dgram from 'node:dgram';
import net from 'node:net';
import { SandboxListenError } from '../sandbox-errors.js';
import { bad, checkPort, isRecord, show } from '../validate-options.js';
import type { DnsZone } from './dns-zone-types.js';
import { respond } from './responder.js';
import { compileZone, type ZoneTable } from './zone-table.js';

/** Options of {@link startDnsServer}: the zone it serves, and where. */
export interface DnsServerOptions extends DnsZone {
  /** Loopback address to bind, UDP and TCP: 127.0.0.0/8 or `::1` (default `127.0.0.1`). */
  host?: string;
  /** Port for both UDP and TCP (default 0: a port free for both). */
  port?: number;
  /**
   * Largest UDP response, in bytes, and the size the server advertises in its OPT record (default 1232, the
   * DNS flag day 2020 value; 512 to 4096). A query without EDNS(0) gets at most 512 bytes; a larger answer
   * goes out truncated (TC bit) and the client asks again over TCP.
   */
  udpPayloadSize?: number;
}

/** Counters of a running server, updated live. */
export interface DnsServerStats {
  /** UDP datagrams received. */
  udpQueries: number;
  /** DNS messages received over TCP. */
  tcpQueries: number;
  /** UDP responses sent truncated (TC bit set) because the answer did not fit. */
  truncated: number;
  /** Messages left unanswered: shorter than a header, responses rather than queries, or over the size cap. */
  ignored: number;
}

/** A running DNS server on UDP and TCP (same port). */
export interface RunningDnsServer {
  /** Bound address. */
  host: string;
  /** Bound port (UDP and TCP). */
  port: number;
  /** `host:port` (`[::1]:port` for IPv6), as the `servers` option of a resolver takes it. */
  address: string;
  /** Live counters. */
  readonly stats: Readonly<DnsServerStats>;
  /** Stops both listeners and drops TCP connections. */
  close(): Promise<void>;
}

/** Largest query accepted on any transport; a real query is well under 512 bytes. */
export const MAX_DNS_QUERY_BYTES = 4096;
const MAX_TCP_CONNECTIONS = 128;
const TCP_IDLE_MS = 5000;
// A client that pipelines queries but never reads its answers is dropped before its backlog grows large.
const MAX_TCP_BACKLOG_BYTES = 1 << 20;

function listenTcp(
  table: ZoneTable,
  udpPayloadSize: number,
  stats: DnsServerStats,
  sockets: Set<net.Socket>,
): net.Server {
  const limits = { transport: 'stream', udpPayloadSize } as const;
  return net.createServer((socket) => {
    if (sockets.size >= MAX_TCP_CONNECTIONS) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(TCP_IDLE_MS, () => socket.destroy());
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      const data = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let offset = 0;
      // RFC 7766: one connection carries any number of length-prefixed queries, answered in order.
      while (data.length - offset >= 2) {
        const length = data.readUInt16BE(offset);
        if (length > MAX_DNS_QUERY_BYTES) {
          stats.ignored += 1;
          socket.destroy();
          return;
        }
        if (data.length - offset < 2 + length) break;
        stats.tcpQueries += 1;
        const reply = respond(table, data.subarray(offset + 2, offset + 2 + length), limits);
        offset += 2 + length;
        if (reply === undefined) {
          stats.ignored += 1;
          continue;
        }
        const prefix = Buffer.alloc(2);
        prefix.writeUInt16BE(reply.bytes.length);
        socket.write(Buffer.concat([prefix, reply.bytes]));
        if (socket.writableLength > MAX_TCP_BACKLOG_BYTES) {
          socket.destroy();
          return;
        }
      }
      // Copied, so a large chunk is not kept alive by the few bytes of the next query.
      pending = Buffer.from(data.subarray(offset));
    });
  });
}

async function bindBoth(table: ZoneTable, host: string, port: number, udpPayloadSize: number) {
  const stats: DnsServerStats = { udpQueries: 0, tcpQueries: 0, truncated: 0, ignored: 0 };
  const udp = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
  const udpLimits = { transport: 'udp', udpPayloadSize } as const;
  udp.on('message', (message, from) => {
    stats.udpQueries += 1;
    const reply = message.length > MAX_DNS_QUERY_BYTES ? undefined : respond(table, message, udpLimits);
    if (reply === undefined) {
      stats.ignored += 1;
      return;
    }
    if (reply.truncated) stats.truncated += 1;
    udp.send(reply.bytes, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(port, host, () => {
      udp.off('error', reject);
      resolve();
    });
  });
  // A failed send (e.g. an ICMP error for a vanished client) must not become an uncaught 'error' event.
  udp.on('error', () => {});
  const bound = udp.address().port;
  const sockets = new Set<net.Socket>();
  const tcp = listenTcp(table, udpPayloadSize, stats, sockets);
  try {
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(bound, host, () => {
        tcp.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    udp.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    host,
    port: bound,
    address: net.isIPv6(host) ? `[${host}]:${bound}` : `${host}:${bound}`,
    stats,
    close: () => {
      closing ??= (async () => {
        for (const socket of sockets) socket.destroy();
        await Promise.all([
          new Promise<void>((resolve) => udp.close(() => resolve())),
          new Promise<void>((resolve) => tcp.close(() => resolve())),
        ]);
      })();
      return closing;
    },
  };
}

/**
 * Binds UDP and TCP on one port for an already compiled zone. With port 0 the kernel picks the UDP port and
 * TCP may find it taken, so a few ports are tried before giving up.
 */
export async function listenDns(
  table: ZoneTable,
  options: { host: string; port?: number; udpPayloadSize?: number },
): Promise<RunningDnsServer> {
  const port = options.port ?? 0;
  const udpPayloadSize = options.udpPayloadSize ?? 1232;
  let lastError: unknown;
  for (let attempt = 0; attempt < (port === 0 ? 10 : 1); attempt++) {
    try {
      return await bindBoth(table, options.host, port, udpPayloadSize);
    } catch (error) {
      lastError = error;
    }
  }
  const message = lastError instanceof Error ? lastError.message : String(lastError);
  throw new SandboxListenError(`DNS server cannot bind ${options.host}:${port}: ${message}`, lastError);
}

function checkServerOptions(options: DnsServerOptions): void {
  if (!isRecord(options)) bad('options', `startDnsServer takes an options object, not ${show(options)}`);
  const { host, udpPayloadSize } = options;
  if (host !== undefined && !(host === '::1' || (net.isIPv4(host) && host.startsWith('127.'))))
    bad('host', `the DNS server binds loopback only (127.0.0.0/8 or ::1), not ${show(host)}`);
  checkPort(options.port);
  if (
    udpPayloadSize !== undefined &&
    !(Number.isInteger(udpPayloadSize) && udpPayloadSize >= 512 && udpPayloadSize <= 4096)
  )
    bad('udpPayloadSize', `udpPayloadSize must be an integer from 512 to 4096, not ${show(udpPayloadSize)}`);
}

/**
 * Starts an authoritative DNS server for one zone on loopback, UDP and TCP on the same port: A, AAAA and TXT
 * records (TXT strings over 255 bytes split into 255-byte character-strings), NXDOMAIN and NODATA with the
 * zone's SOA in the authority section (RFC 2308) or without one (`soa: false`), REFUSED outside the zone,
 * FORMERR for a malformed query or one with other than exactly one question, UDP answers limited to 512 bytes
 * or the query's EDNS(0) size (TC bit beyond), whole answers over TCP with several queries per connection.
 * Rejects with `SandboxOptionsError` for a zone or option it cannot serve and `SandboxListenError` when it
 * cannot bind.
 *
 * @example
 * const dns = await startDnsServer({ suffix: 'test', records: [{ name: '_cap.shop.test', type: 'TXT', data: 'https://shop.test/card.json' }] });
 * const resolver = createDnsResolver({ servers: [dns.address] });
 * await dns.close();
 */
export async function startDnsServer(options: DnsServerOptions): Promise<RunningDnsServer> {
  checkServerOptions(options);
  const table = compileZone(options);
  return listenDns(table, {
    host: options.host ?? '127.0.0.1',
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.udpPayloadSize === undefined ? {} : { udpPayloadSize: options.udpPayloadSize }),
  });
}
