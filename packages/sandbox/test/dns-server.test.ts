import dgram from 'node:dgram';
import dnsPacket, { type Answer, type DecodedPacket, type Packet } from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerQuery,
  type DnsServerOptions,
  isSandboxOptionsError,
  type RunningDnsServer,
  startDnsServer,
} from '../src/index.js';
import { framed, tcpExchange, udpExchange } from './helpers/dns-client.js';

const servers: RunningDnsServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function serve(options: Omit<DnsServerOptions, 'suffix'> & { suffix?: string }) {
  const server = await startDnsServer({ suffix: 'test', ...options });
  servers.push(server);
  return server;
}

// dns-packet always decodes the sections and the RCODE name; its typings leave them optional or out.
type Decoded = DecodedPacket &
  Required<Pick<DecodedPacket, 'questions' | 'answers' | 'authorities' | 'additionals'>> & { rcode: string };

interface QueryOptions {
  id?: number;
  type?: string;
  edns?: number;
  flags?: number;
}

function query(
  name: string,
  { id = 7, type = 'TXT', edns, flags = dnsPacket.RECURSION_DESIRED }: QueryOptions = {},
) {
  return dnsPacket.encode({
    type: 'query',
    id,
    flags,
    questions: [{ type: type as 'TXT', name }],
    additionals: edns === undefined ? [] : [{ type: 'OPT', name: '.', udpPayloadSize: edns }],
  } as Packet);
}

const udp = (server: RunningDnsServer, message: Buffer) => udpExchange(server, message);
const tcp = (server: RunningDnsServer, chunks: Buffer[], count: number) => tcpExchange(server, chunks, count);

const decode = (bytes: Buffer): Decoded => dnsPacket.decode(bytes) as Decoded;
const txtStrings = (answer: Answer | undefined): string[] =>
  answer?.type === 'TXT' ? ([] as (string | Buffer)[]).concat(answer.data).map(String) : [];

const LONG = 'x'.repeat(300);
const BIG = Array.from({ length: 6 }, (_, i) => ({
  name: '_cap.big.test',
  type: 'TXT' as const,
  data: `${i}${'z'.repeat(250)}`,
}));

let zone: RunningDnsServer;
let bare: RunningDnsServer;

beforeAll(async () => {
  zone = await serve({
    ttl: 120,
    soa: { ttl: 100, minimum: 20 },
    records: [
      { name: '_cap.shop.test', type: 'TXT', data: 'https://shop.test/card.json' },
      { name: '_cap.multi.test', type: 'TXT', data: ['first-', 'record'], ttl: 30 },
      { name: '_cap.multi.test', type: 'TXT', data: 'second' },
      { name: '_cap.long.test', type: 'TXT', data: LONG },
      { name: 'shop.test', type: 'A', data: '127.0.0.1' },
      { name: 'shop.test', type: 'AAAA', data: '::1' },
      { name: 'deep.a.b.test', type: 'A', data: '127.0.0.2' },
      ...BIG,
    ],
  });
  bare = await serve({ soa: false, records: [{ name: '_cap.shop.test', type: 'TXT', data: 'x' }] });
});

describe('startDnsServer: records', () => {
  it('serves a TXT RRset in the order given, with several strings per record and per-record TTLs', async () => {
    const reply = decode(await udp(zone, query('_cap.multi.test')));
    expect(reply).toMatchObject({ id: 7, rcode: 'NOERROR', flag_aa: true, flag_tc: false, flag_rd: true });
    expect(reply.answers.map(txtStrings)).toEqual([['first-', 'record'], ['second']]);
    expect(reply.answers.map((a) => (a as { ttl?: number }).ttl)).toEqual([30, 120]);
  });

  it('splits a string longer than 255 bytes into 255-byte character-strings', async () => {
    const reply = decode(await udp(zone, query('_cap.long.test')));
    expect(txtStrings(reply.answers[0]).map((s) => s.length)).toEqual([255, 45]);
    expect(txtStrings(reply.answers[0]).join('')).toBe(LONG);
  });

  it('serves A and AAAA, and everything of a name for ANY', async () => {
    expect(decode(await udp(zone, query('shop.test', { type: 'A' }))).answers).toEqual([
      expect.objectContaining({ type: 'A', data: '127.0.0.1', ttl: 120 }),
    ]);
    expect(decode(await udp(zone, query('shop.test', { type: 'AAAA' }))).answers).toEqual([
      expect.objectContaining({ type: 'AAAA', data: '::1' }),
    ]);
    const any = decode(await udp(zone, query('shop.test', { type: 'ANY' })));
    expect(any.answers.map((a) => a.type)).toEqual(['A', 'AAAA']);
  });

  it('answers the SOA at the apex', async () => {
    const reply = decode(await udp(zone, query('test', { type: 'SOA' })));
    expect(reply.answers[0]).toMatchObject({
      type: 'SOA',
      name: 'test',
      ttl: 100,
      data: { mname: 'ns.test', rname: 'hostmaster.test', minimum: 20 },
    });
  });

  it("echoes the question in the client's case and owns the answers by it (DNS 0x20)", async () => {
    const reply = decode(await udp(zone, query('_CaP.sHoP.TeSt')));
    expect(reply.questions[0]?.name).toBe('_CaP.sHoP.TeSt');
    expect(reply.answers[0]?.name).toBe('_CaP.sHoP.TeSt');
    expect(txtStrings(reply.answers[0])).toEqual(['https://shop.test/card.json']);
  });
});

describe('startDnsServer: negative answers', () => {
  it('NXDOMAIN for a missing name, with the configured SOA in the authority section', async () => {
    const reply = decode(await udp(zone, query('_cap.none.test')));
    expect(reply).toMatchObject({ rcode: 'NXDOMAIN', flag_aa: true, answers: [] });
    expect(reply.authorities).toEqual([
      expect.objectContaining({
        type: 'SOA',
        name: 'test',
        ttl: 100,
        data: expect.objectContaining({ minimum: 20 }),
      }),
    ]);
  });

  it('NODATA for a name without the type, and for a name that only has names below it', async () => {
    for (const [name, type] of [
      ['_cap.shop.test', 'A'],
      ['shop.test', 'TXT'],
      ['a.b.test', 'A'],
      ['b.test', 'TXT'],
    ] as const) {
      const reply = decode(await udp(zone, query(name, { type })));
      expect(reply, `${name} ${type}`).toMatchObject({ rcode: 'NOERROR', answers: [] });
      expect(reply.authorities.map((a) => a.type)).toEqual(['SOA']);
    }
  });

  it('sends no SOA with soa: false, as dnsmasq in --local mode', async () => {
    expect(decode(await udp(bare, query('_cap.none.test')))).toMatchObject({
      rcode: 'NXDOMAIN',
      authorities: [],
    });
    expect(decode(await udp(bare, query('shop.test')))).toMatchObject({ rcode: 'NOERROR', authorities: [] });
  });

  it('REFUSED, not authoritative, for names outside the zone, other classes and zone transfers', async () => {
    for (const message of [
      query('_cap.shop.example'),
      query('nottest'),
      query('test', { type: 'AXFR' }),
      dnsPacket.encode({
        type: 'query',
        id: 7,
        questions: [{ type: 'TXT', name: 'shop.test', class: 'CH' }],
      }),
    ]) {
      const reply = decode(await udp(zone, message));
      expect(reply).toMatchObject({ rcode: 'REFUSED', flag_aa: false, answers: [], authorities: [] });
      expect(reply.questions).toHaveLength(1);
    }
  });
});

describe('startDnsServer: malformed and unusual queries', () => {
  it('FORMERR without an echoed question for zero or several questions', async () => {
    for (const count of [0, 2, 50]) {
      const questions = Array.from({ length: count }, () => ({
        type: 'TXT' as const,
        name: '_cap.shop.test',
      }));
      const reply = decode(await udp(zone, dnsPacket.encode({ type: 'query', id: 9, questions })));
      expect(reply).toMatchObject({ id: 9, rcode: 'FORMERR', questions: [], answers: [] });
    }
  });

  it('FORMERR for a truncated question, a compressed question name and two OPT records', async () => {
    const whole = query('_cap.shop.test');
    const pointer = Buffer.from(whole);
    pointer.writeUInt16BE(0xc000, 12);
    const twoOpt = dnsPacket.encode({
      type: 'query',
      id: 7,
      questions: [{ type: 'TXT', name: '_cap.shop.test' }],
      additionals: [
        { type: 'OPT', name: '.', udpPayloadSize: 1232 },
        { type: 'OPT', name: '.', udpPayloadSize: 1232 },
      ],
    } as Packet);
    for (const message of [whole.subarray(0, whole.length - 3), pointer, twoOpt]) {
      expect(decode(await udp(zone, message)).rcode).toBe('FORMERR');
    }
  });

  it('NOTIMP for opcodes other than QUERY, BADVERS for EDNS versions other than 0', async () => {
    const notify = Buffer.from(query('test', { type: 'SOA' }));
    notify.writeUInt16BE(notify.readUInt16BE(2) | (4 << 11), 2);
    expect(decode(await udp(zone, notify)).rcode).toBe('NOTIMP');
    const v1 = dnsPacket.encode({
      type: 'query',
      id: 7,
      questions: [{ type: 'TXT', name: '_cap.shop.test' }],
      additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 1232, ednsVersion: 1 }],
    } as Packet);
    const reply = decode(await udp(zone, v1));
    // BADVERS is 16: 0 in the header, 1 in the OPT record's extended RCODE.
    expect(reply.rcode).toBe('NOERROR');
    expect(reply.additionals[0]).toMatchObject({ type: 'OPT', extendedRcode: 1, ednsVersion: 0 });
    expect(reply.answers).toEqual([]);
  });

  it('ignores responses and runt datagrams, and keeps serving', async () => {
    const before = zone.stats.ignored;
    const socket = dgram.createSocket('udp4');
    const asResponse = Buffer.from(query('_cap.shop.test'));
    asResponse[2] = (asResponse[2] ?? 0) | 0x80;
    for (const junk of [Buffer.alloc(0), Buffer.from([1, 2, 3]), asResponse, Buffer.alloc(5000)])
      socket.send(junk, zone.port, zone.host);
    const reply = decode(await udp(zone, query('_cap.shop.test', { id: 4242 })));
    socket.close();
    expect(reply.id).toBe(4242);
    await expect.poll(() => zone.stats.ignored - before).toBe(4);
  });
});

describe('startDnsServer: EDNS(0) and truncation', () => {
  it('answers with an OPT record only when the query had one, advertising the server size', async () => {
    expect(decode(await udp(zone, query('_cap.shop.test'))).additionals).toEqual([]);
    expect(decode(await udp(zone, query('_cap.shop.test', { edns: 4096 }))).additionals).toEqual([
      expect.objectContaining({ type: 'OPT', udpPayloadSize: 1232 }),
    ]);
  });

  it('sets TC and sends no records when the answer exceeds 512 bytes or the EDNS size', async () => {
    for (const edns of [undefined, 100, 600, 1232, 4096]) {
      const bytes = await udp(zone, query('_cap.big.test', { edns }));
      const limit = edns === undefined ? 512 : Math.max(512, Math.min(edns, 1232));
      expect(bytes.length).toBeLessThanOrEqual(limit);
      expect(decode(bytes)).toMatchObject({ flag_tc: true, answers: [], authorities: [] });
    }
    // About 560 bytes: too large without EDNS, fine with 1232.
    const mid = await serve({
      records: [0, 1].map((i) => ({
        name: '_cap.mid.test',
        type: 'TXT' as const,
        data: `${i}${'m'.repeat(249)}`,
      })),
    });
    expect(decode(await udp(mid, query('_cap.mid.test')))).toMatchObject({ flag_tc: true, answers: [] });
    const fits = await udp(mid, query('_cap.mid.test', { edns: 1232 }));
    expect(fits.length).toBeGreaterThan(512);
    expect(decode(fits)).toMatchObject({ flag_tc: false, answers: [expect.anything(), expect.anything()] });
  });

  it('sends up to the EDNS size over UDP when the server allows it', async () => {
    const large = await serve({ udpPayloadSize: 4096, records: BIG });
    const bytes = await udp(large, query('_cap.big.test', { edns: 4096 }));
    expect(bytes.length).toBeGreaterThan(1232);
    expect(decode(bytes).answers).toHaveLength(6);
    expect(decode(await udp(large, query('_cap.big.test', { edns: 1400 }))).flag_tc).toBe(true);
  });
});

describe('startDnsServer: TCP', () => {
  it('answers in full, several queries on one connection, however the bytes arrive', async () => {
    const messages = [
      query('_cap.big.test', { id: 1 }),
      query('_cap.none.test', { id: 2 }),
      query('_cap.shop.test', { id: 3 }),
    ];
    const stream = Buffer.concat(messages.map(framed));
    const oneWrite = (await tcp(zone, [stream], 3)).map(decode);
    expect(oneWrite.map((r) => [r.id, r.rcode, r.answers.length])).toEqual([
      [1, 'NOERROR', 6],
      [2, 'NXDOMAIN', 0],
      [3, 'NOERROR', 1],
    ]);
    const pieces = [
      stream.subarray(0, 1),
      stream.subarray(1, 20),
      stream.subarray(20, 40),
      stream.subarray(40),
    ];
    expect((await tcp(zone, pieces, 3)).map((r) => decode(r).id)).toEqual([1, 2, 3]);
  });

  it('closes a connection that announces a query over 4096 bytes', async () => {
    const prefix = Buffer.from([0xff, 0xff]);
    await expect(tcp(zone, [prefix, Buffer.alloc(100)], 1)).rejects.toThrow(/closed after 0 answers/);
  });
});

describe('startDnsServer: options', () => {
  it.each([
    [{ host: '0.0.0.0' }, 'host'],
    [{ host: '192.0.2.1' }, 'host'],
    [{ port: 70000 }, 'port'],
    [{ udpPayloadSize: 100 }, 'udpPayloadSize'],
    [{ suffix: '' }, 'suffix'],
    [{ suffix: 'a..b' }, 'suffix'],
    [{ ttl: -1 }, 'ttl'],
    [{ records: [{ name: 'shop.example', type: 'TXT', data: 'x' }] }, 'records[0].name'],
    [{ records: [{ name: 'shop.test', type: 'A', data: '::1' }] }, 'records[0].data'],
    [{ records: [{ name: 'shop.test', type: 'AAAA', data: 'nope' }] }, 'records[0].data'],
    [{ records: [{ name: 'shop.test', type: 'TXT', data: 5 }] }, 'records[0].data'],
    [{ records: [{ name: 'shop.test', type: 'TXT', data: 'x', ttl: 1.5 }] }, 'records[0].ttl'],
    [{ records: [{ name: 'shop.test', type: 'MX', data: 'x' }] }, 'records[0].type'],
    [{ records: [{ name: `${'a'.repeat(64)}.test`, type: 'A', data: '127.0.0.1' }] }, 'records[0].name'],
    [{ records: [{ name: 'big.test', type: 'TXT', data: 'x'.repeat(70_000) }] }, 'records[0].data'],
    [{ soa: { minimum: -5 } }, 'soa.minimum'],
    [{ soa: { serial: 2 ** 33 } }, 'soa.serial'],
  ])('refuses %j with SandboxOptionsError naming %s', async (options, option) => {
    const error = await startDnsServer({ suffix: 'test', ...(options as object) }).catch((e: unknown) => e);
    expect(isSandboxOptionsError(error)).toBe(true);
    expect(error).toMatchObject({ option });
  });

  it('refuses a call without options, from plain JavaScript', async () => {
    const start = startDnsServer as (options?: unknown) => Promise<RunningDnsServer>;
    await expect(start()).rejects.toMatchObject({ name: 'SandboxOptionsError', option: 'options' });
  });

  it('binds ::1 and gives a bracketed address; close() twice is fine', async () => {
    const server = await startDnsServer({ suffix: 'test', host: '::1', records: BIG.slice(0, 1) });
    expect(server.address).toBe(`[::1]:${server.port}`);
    await server.close();
    await server.close();
  });
});

describe('answerQuery', () => {
  it('keeps the capTxt shorthand: TXT _cap.<domain>, A for each domain and the apex', () => {
    const zone = { suffix: 'sandbox.test', capTxt: new Map([['shop-0.sandbox.test', 'http://card']]) };
    const ask = (name: string, type: 'TXT' | 'A') =>
      answerQuery(zone, { type: 'query', id: 1, questions: [{ type, name }] }) as Decoded;
    expect(txtStrings(ask('_cap.shop-0.sandbox.test', 'TXT').answers?.[0])).toEqual(['http://card']);
    expect(ask('shop-0.sandbox.test', 'A').answers?.[0]).toMatchObject({ data: '127.0.0.1' });
    expect(ask('sandbox.test', 'A').answers?.[0]).toMatchObject({ data: '127.0.0.1' });
    expect(ask('_cap.other.sandbox.test', 'TXT').rcode).toBe('NXDOMAIN');
  });
});
