import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { userInfo } from 'node:os';
import * as dnsPacket from 'dns-packet';
import { findExecutable } from '../../../../test/interop.js';

/** One TXT record: its character-strings (dnsmasq splits any longer than 255 bytes by itself). */
export interface TxtRecordSpec {
  /** Owner name, e.g. `_cap.shop.test`. */
  name: string;
  /** The character-strings of the record. */
  strings: string[];
}

/** Options of {@link startDnsmasq}. */
export interface DnsmasqOptions {
  /** TXT records to serve; several with one name make an RRset. */
  records: TxtRecordSpec[];
  /**
   * Zone the server is local for (default `test`). In the default `--local` mode unknown names get
   * NXDOMAIN without an SOA, and the TTL of the records is `ttl`.
   */
  zone?: string;
  /** TTL of the records, and in auth mode of the SOA (whose MINIMUM dnsmasq sets to the same value). Default 120. */
  ttl?: number;
  /**
   * Authoritative mode (`--auth-zone`): NXDOMAIN and NODATA then carry the zone's SOA in the authority
   * section, so RFC 2308 negative TTLs can be tested.
   */
  auth?: boolean;
  /** The dnsmasq executable (default: `dnsmasq` found on PATH). */
  executable?: string;
}

/** A running dnsmasq. */
export interface DnsmasqServer {
  /** `127.0.0.1:<port>`, for the resolver's `servers` option. */
  address: string;
  /** The UDP and TCP port. */
  port: number;
  /** Stops the process and waits for it to exit. */
  close(): Promise<void>;
}

function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address() as AddressInfo;
      socket.close(() => resolve(port));
    });
  });
}

/**
 * dnsmasq's command line does no quote processing (the quotes in its man page are for the shell): each
 * comma-separated part becomes one character-string, so a string cannot contain a comma.
 */
function checked(value: string): string {
  if (value.includes(',')) throw new Error(`dnsmasq TXT strings cannot contain a comma: ${value}`);
  return value;
}

function argumentsFor(options: DnsmasqOptions, port: number): string[] {
  const zone = options.zone ?? 'test';
  const ttl = options.ttl ?? 120;
  const args = [
    '--keep-in-foreground',
    '--conf-file=/dev/null',
    '--no-resolv',
    '--no-hosts',
    '--pid-file=',
    `--user=${userInfo().username}`,
    '--listen-address=127.0.0.1',
    '--bind-interfaces',
    `--port=${port}`,
    `--local-ttl=${ttl}`,
  ];
  if (options.auth) {
    args.push(
      '--auth-server=ns.' + zone + ',lo',
      `--auth-zone=${zone}`,
      `--auth-ttl=${ttl}`,
      `--auth-soa=1,hostmaster.${zone}`,
    );
  } else {
    args.push(`--local=/${zone}/`);
  }
  for (const record of options.records) {
    args.push(`--txt-record=${record.name},${record.strings.map(checked).join(',')}`);
  }
  return args;
}

/** Resolves once the server answers a query over UDP, rejects after `ms`. */
async function waitUntilAnswering(port: number, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error('dnsmasq exited during start-up');
    const answered = await new Promise<boolean>((resolve) => {
      const socket = createSocket('udp4');
      const timer = setTimeout(() => {
        socket.close();
        resolve(false);
      }, 50);
      socket.on('error', () => {
        clearTimeout(timer);
        socket.close();
        resolve(false);
      });
      socket.on('message', () => {
        clearTimeout(timer);
        socket.close();
        resolve(true);
      });
      socket.send(
        dnsPacket.encode({ type: 'query', id: 1, questions: [{ type: 'TXT', name: 'ready.probe' }] }),
        port,
        '127.0.0.1',
      );
    });
    if (answered) return;
  }
  throw new Error(`dnsmasq did not answer on 127.0.0.1:${port} within ${ms} ms`);
}

/**
 * Starts a real dnsmasq on 127.0.0.1 on a free port, serving the given TXT records. Only the interop suite
 * calls it, and only when dnsmasq is on PATH (test/interop.ts); without one it throws saying so.
 */
export async function startDnsmasq(options: DnsmasqOptions): Promise<DnsmasqServer> {
  const executable = options.executable ?? findExecutable('dnsmasq');
  if (executable === undefined) {
    throw new Error('dnsmasq is not on PATH (Debian/Ubuntu: apt-get install dnsmasq-base)');
  }
  let lastError: unknown;
  // Another process may take the port between probing and binding: try a few ports.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = await freeUdpPort();
    const child = spawn(executable, argumentsFor(options, port), { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await waitUntilAnswering(port, child, 5000);
      return {
        address: `127.0.0.1:${port}`,
        port,
        async close() {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      };
    } catch (error) {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      lastError = new Error(`${error instanceof Error ? error.message : String(error)}: ${stderr.trim()}`);
    }
  }
  throw lastError;
}
