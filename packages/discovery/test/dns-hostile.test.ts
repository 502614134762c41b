import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import type { Packet } from 'dns-packet';
import * as dnsPacket from 'dns-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../src/dns/index.js';

type Reply = (query: Packet, raw: Buffer) => Buffer | undefined;

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
    socket.on('message', (message, peer) => {
      const reply = udp(dnsPacket.decode(message), message);
      if (reply !== undefined) socket.send(reply, peer.port, peer.address);
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

async function ask(server: string, name = '_cap.x.test') {
  return createDnsResolver({ servers: [server], timeoutMs: 1500 }).resolveTxt(name);
}

describe('hostile or broken DNS answers end in an error outcome with a reason', () => {
  it('a mismatched ID', async () => {
    const server = await scripted((query) => response({ ...query, id: ((query.id ?? 0) + 1) % 65_536 }));
    expect(await ask(server)).toMatchObject({
      outcome: 'error',
      error: expect.stringMatching(/ID .* does not match/),
    });
  });

  it('a mismatched question', async () => {
    const server = await scripted((query) =>
      response(query, { questions: [{ type: 'TXT', name: '_cap.evil.test' }] }),
    );
    expect(await ask(server)).toMatchObject({
      outcome: 'error',
      error: expect.stringMatching(/_cap\.evil\.test/),
    });
    const typed = await scripted((query) =>
      response(query, { questions: [{ type: 'A', name: '_cap.x.test' }] }),
    );
    expect((await ask(typed)).error).toMatch(/IN A, not/);
  });

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

  it('malformed and short packets', async () => {
    const short = await scripted(() => Buffer.from([1, 2, 3]));
    expect((await ask(short)).error).toMatch(/shorter than the 12-byte/);
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
