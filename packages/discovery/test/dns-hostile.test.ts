import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import type { Packet } from 'dns-packet';
import * as dnsPacket from 'dns-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../src/dns/index.js';

/** Where a query came from; `send` answers it from the server's own socket. */
interface Peer {
  address: string;
  port: number;
  send(bytes: Buffer): void;
}

/** What the server sends back for one query: nothing, one datagram, or several in order. */
type Reply = (query: Packet, raw: Buffer, peer: Peer) => Buffer | Buffer[] | undefined;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A scripted DNS server on one loopback port: `udp` answers datagrams, `tcp` (optional) answers streams. */
async function scripted(udp: Reply, tcp?: (query: Packet) => Buffer): Promise<string> {
  // UDP and TCP must share a port number; another process may hold the TCP side of the port the kernel gave
  // us for UDP (other suites run at the same time), so try again with a fresh port rather than fail.
  for (let attempt = 0; ; attempt++) {
    const socket = createSocket('udp4');
    socket.on('message', (message, from) => {
      const send = (bytes: Buffer): void => socket.send(bytes, from.port, from.address);
      const reply = udp(dnsPacket.decode(message), message, { address: from.address, port: from.port, send });
      for (const bytes of reply === undefined ? [] : Array.isArray(reply) ? reply : [reply]) send(bytes);
    });
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const { port } = socket.address() as AddressInfo;
    const closeUdp = () => new Promise<void>((resolve) => socket.close(() => resolve()));
    if (tcp === undefined) {
      closers.push(closeUdp);
      return `127.0.0.1:${port}`;
    }
    const server: Server = createServer((connection) => {
      connection.once('data', (data) => {
        connection.end(tcp(dnsPacket.decode(data.subarray(2))));
      });
      connection.on('error', () => {});
    });
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listening) {
      closers.push(closeUdp, () => new Promise((resolve) => server.close(() => resolve())));
      return `127.0.0.1:${port}`;
    }
    await closeUdp();
    if (attempt >= 20) throw new Error('no loopback port free for both UDP and TCP');
  }
}

function response(query: Packet, extra: Partial<Packet> = {}): Buffer {
  return dnsPacket.encode({
    type: 'response',
    id: query.id ?? 0,
    flags: 0,
    questions: query.questions ?? [],
    answers: [
      { type: 'TXT', name: query.questions?.[0]?.name ?? '', ttl: 60, data: 'https://x.test/card.json' },
    ],
    ...extra,
  });
}

async function ask(server: string, name = '_cap.x.test', timeoutMs = 1500) {
  return createDnsResolver({ servers: [server], timeoutMs }).resolveTxt(name);
}

const EVIL = 'https://evil.test/card.json';

/** A reply to `query` carrying the attacker's record. */
function spoof(query: Packet, extra: Partial<Packet> = {}): Buffer {
  return response(query, {
    answers: [{ type: 'TXT', name: query.questions?.[0]?.name ?? '', ttl: 60, data: EVIL }],
    ...extra,
  });
}

describe('datagrams that are not the reply to our query are ignored until the deadline (anti-spoofing)', () => {
  it('a server that sends only a reply with a mismatched ID times out, not errors', async () => {
    const server = await scripted((query) => spoof(query, { id: ((query.id ?? 0) + 1) % 65_536 }));
    expect(await ask(server, '_cap.x.test', 300)).toMatchObject({
      outcome: 'timeout',
      records: [],
      error: expect.stringMatching(/ignored .*ID .* does not match/),
    });
  });

  it('a mismatched ID first, then the real reply: the real answer wins', async () => {
    const server = await scripted((query) => [
      spoof(query, { id: ((query.id ?? 0) + 1) % 65_536 }),
      response(query),
    ]);
    expect(await ask(server)).toMatchObject({
      outcome: 'answer',
      transport: 'udp',
      records: ['https://x.test/card.json'],
    });
  });

  it('a mismatched question (name or type) is ignored; only it arriving means a timeout', async () => {
    const wrongName = await scripted((query) =>
      spoof(query, { questions: [{ type: 'TXT', name: '_cap.evil.test' }] }),
    );
    expect(await ask(wrongName, '_cap.x.test', 300)).toMatchObject({
      outcome: 'timeout',
      error: expect.stringMatching(/_cap\.evil\.test/),
    });
    const wrongType = await scripted((query) => [
      spoof(query, { questions: [{ type: 'A', name: '_cap.x.test' }] }),
      spoof(query, { questions: [{ type: 'TXT', name: '_cap.evil.test' }] }),
      response(query),
    ]);
    expect(await ask(wrongType)).toMatchObject({ outcome: 'answer', records: ['https://x.test/card.json'] });
  });

  it('a datagram too short to carry an ID is ignored', async () => {
    const server = await scripted((query) => [Buffer.from([1, 2, 3]), response(query)]);
    expect(await ask(server)).toMatchObject({ outcome: 'answer', records: ['https://x.test/card.json'] });
  });

  it('a reply with the right ID from another source port is dropped', async () => {
    const other = createSocket('udp4');
    await new Promise<void>((resolve) => other.bind(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => other.close(() => resolve())));
    const seen: number[] = [];
    const server = await scripted((query, _raw, peer) => {
      seen.push(peer.port);
      // The attacker knows the ID and question but cannot send from the server's address and port.
      other.send(spoof(query), peer.port, peer.address);
      return undefined;
    });
    expect(await ask(server, '_cap.x.test', 300)).toMatchObject({ outcome: 'timeout', records: [] });
    expect(seen).toHaveLength(1);
    const mixed = await scripted((query, _raw, peer) => {
      other.send(spoof(query), peer.port, peer.address);
      // Sent after the spoof, so a client that took the first datagram would have taken the spoof.
      setTimeout(() => peer.send(response(query)), 20);
      return undefined;
    });
    expect(await ask(mixed)).toMatchObject({ outcome: 'answer', records: ['https://x.test/card.json'] });
  });

  it('a mismatched reply does not make the resolver leave the first server for the next', async () => {
    const second = await scripted((query) => spoof(query));
    const first = await scripted((query) => [
      spoof(query, { id: ((query.id ?? 0) + 1) % 65_536 }),
      response(query),
    ]);
    const dns = createDnsResolver({ servers: [first, second], timeoutMs: 3000 });
    expect(await dns.resolveTxt('_cap.x.test')).toMatchObject({
      outcome: 'answer',
      records: ['https://x.test/card.json'],
    });
  });

  it('over TCP a mismatched ID stays an error (one connection, one answer)', async () => {
    const server = await scripted(
      (query) => response(query, { flags: dnsPacket.TRUNCATED_RESPONSE, answers: [] }),
      (query) => {
        const bytes = spoof(query, { id: ((query.id ?? 0) + 1) % 65_536 });
        const prefix = Buffer.alloc(2);
        prefix.writeUInt16BE(bytes.length);
        return Buffer.concat([prefix, bytes]);
      },
    );
    expect(await ask(server)).toMatchObject({
      outcome: 'error',
      transport: 'tcp',
      records: [],
      error: expect.stringMatching(/ID .* does not match/),
    });
  });
});

describe('hostile or broken DNS answers end in an error outcome with a reason', () => {
  it('a question echoed in another case still matches', async () => {
    const server = await scripted((query) =>
      response(query, { questions: [{ type: 'TXT', name: '_CAP.X.TEST' }] }),
    );
    expect((await ask(server)).outcome).toBe('answer');
  });

  it('a packet without the QR bit', async () => {
    const server = await scripted((query) => dnsPacket.encode({ ...query, type: 'query' }));
    expect((await ask(server)).error).toMatch(/QR bit/);
  });

  it('a malformed packet with our ID', async () => {
    const cut = await scripted((query) => response(query).subarray(0, 40));
    expect(await ask(cut)).toMatchObject({ outcome: 'error', error: expect.stringMatching(/malformed/) });
  });

  it('a header claiming a huge number of records', async () => {
    const server = await scripted((query) => {
      const bytes = response(query);
      bytes.writeUInt16BE(60_000, 6);
      return bytes;
    });
    expect((await ask(server)).error).toMatch(/60000 records, more than the limit/);
  });

  it('many real records beyond maxRecords', async () => {
    const answers = Array.from({ length: 300 }, () => ({
      type: 'TXT' as const,
      name: '_cap.x.test',
      ttl: 60,
      data: 'a',
    }));
    const server = await scripted((query) => response(query, { answers }));
    expect((await ask(server)).error).toMatch(/300 records/);
  });

  it('truncated over UDP with no TCP listener', async () => {
    const server = await scripted((query) =>
      response(query, { flags: dnsPacket.TRUNCATED_RESPONSE, answers: [] }),
    );
    expect(await ask(server)).toMatchObject({
      outcome: 'error',
      transport: 'udp',
      error: expect.stringMatching(/TCP/),
    });
  });

  it('a TCP answer announcing more bytes than the cap', async () => {
    const server = await scripted(
      (query) => response(query, { flags: dnsPacket.TRUNCATED_RESPONSE, answers: [] }),
      (query) => {
        const big = response(query, {
          answers: [{ type: 'TXT', name: '_cap.x.test', ttl: 60, data: ['x'.repeat(255), 'y'.repeat(255)] }],
        });
        const prefix = Buffer.alloc(2);
        prefix.writeUInt16BE(big.length);
        return Buffer.concat([prefix, big]);
      },
    );
    const dns = createDnsResolver({ servers: [server], timeoutMs: 1500, maxResponseBytes: 100 });
    expect((await dns.resolveTxt('_cap.x.test')).error).toMatch(/more than the limit of 100/);
  });

  it('a TCP connection closed mid-answer', async () => {
    const server = await scripted(
      (query) => response(query, { flags: dnsPacket.TRUNCATED_RESPONSE, answers: [] }),
      () => Buffer.from([0x01, 0x00, 0xab]),
    );
    expect((await ask(server)).error).toMatch(/closed after 3 bytes/);
  });

  it('an unknown RCODE and a SERVFAIL', async () => {
    const notImp = await scripted((query) => {
      const bytes = response(query, { answers: [] });
      bytes.writeUInt16BE(bytes.readUInt16BE(2) | 4, 2);
      return bytes;
    });
    expect((await ask(notImp)).error).toMatch(/RCODE NOTIMP/);
    const servfail = await scripted((query) => {
      const bytes = response(query, { answers: [] });
      bytes.writeUInt16BE(bytes.readUInt16BE(2) | 2, 2);
      return bytes;
    });
    expect((await ask(servfail)).outcome).toBe('servfail');
  });

  it('a name that cannot be asked', async () => {
    const dns = createDnsResolver({ servers: ['127.0.0.1:1'] });
    expect((await dns.resolveTxt(`_cap.${'a'.repeat(64)}.test`)).error).toMatch(/longer than 63/);
    expect((await dns.resolveCapTxt('https://shop.test/')).error).toMatch(/not a domain name/);
  });
});

describe('TTL selection', () => {
  it('takes the numerically smallest answer TTL (60 beats 300, unlike a string sort)', async () => {
    const server = await scripted((query) =>
      response(query, {
        answers: [
          { type: 'TXT', name: '_cap.x.test', ttl: 300, data: 'https://x.test/a.json' },
          { type: 'TXT', name: '_cap.x.test', ttl: 60, data: 'https://x.test/b.json' },
        ],
      }),
    );
    expect(await ask(server)).toMatchObject({
      outcome: 'answer',
      ttl: 60,
      records: ['https://x.test/a.json', 'https://x.test/b.json'],
    });
  });

  it('follows a CNAME chain in the answer section', async () => {
    const server = await scripted((query) =>
      response(query, {
        answers: [
          { type: 'CNAME', name: '_cap.x.test', ttl: 30, data: 'cap.host.test' },
          { type: 'TXT', name: 'cap.host.test', ttl: 300, data: 'https://host.test/card.json' },
          { type: 'TXT', name: 'unrelated.test', ttl: 300, data: 'https://evil.test/card.json' },
        ],
      }),
    );
    expect(await ask(server)).toMatchObject({ records: ['https://host.test/card.json'], ttl: 30 });
  });
});
