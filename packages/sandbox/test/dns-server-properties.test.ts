import dnsPacket, { type DecodedPacket, type Packet } from 'dns-packet';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDnsQuery } from '../src/dns/query-parser.js';
import { type ReplyLimits, respond } from '../src/dns/responder.js';
import { compileZone } from '../src/dns/zone-table.js';
import { type RunningDnsServer, startDnsServer } from '../src/index.js';
import { framed, tcpExchange } from './helpers/dns-client.js';

// dns-packet always decodes the sections and the RCODE name; its typings leave them optional or out.
type Decoded = DecodedPacket &
  Required<Pick<DecodedPacket, 'questions' | 'answers' | 'authorities' | 'additionals'>> & { rcode: string };

const ZONE = {
  suffix: 'test',
  soa: { ttl: 50, minimum: 10 },
  records: [
    { name: '_cap.shop.test', type: 'TXT' as const, data: 'https://shop.test/card.json' },
    { name: '_cap.shop.test', type: 'TXT' as const, data: ['a', 'b'] },
    { name: 'shop.test', type: 'A' as const, data: '127.0.0.1' },
    { name: 'shop.test', type: 'AAAA' as const, data: '::1' },
    // About 560 bytes: over 512, under 1232.
    ...Array.from({ length: 2 }, (_, i) => ({
      name: '_cap.mid.test',
      type: 'TXT' as const,
      data: `${i}${'m'.repeat(249)}`,
    })),
    ...Array.from({ length: 5 }, (_, i) => ({
      name: '_cap.big.test',
      type: 'TXT' as const,
      data: `${i}${'z'.repeat(300)}`,
    })),
  ],
};
const table = compileZone(ZONE);

/** What the zone holds, as the model the answers are checked against: name -> record types. */
const MODEL = new Map<string, string[]>([
  ['test', []],
  ['_cap.shop.test', ['TXT', 'TXT']],
  ['shop.test', ['A', 'AAAA']],
  ['_cap.mid.test', ['TXT', 'TXT']],
  ['_cap.big.test', ['TXT', 'TXT', 'TXT', 'TXT', 'TXT']],
]);
const NAMES = [...MODEL.keys(), 'none.test', 'a.b.test', 'example', 'shop.example', 'test.example', 'xtest'];
const TYPES = ['A', 'AAAA', 'TXT', 'SOA', 'ANY', 'MX', 'NS'] as const;
const UDP: ReplyLimits = { transport: 'udp', udpPayloadSize: 1232 };
const STREAM: ReplyLimits = { transport: 'stream', udpPayloadSize: 1232 };

/** A name from `NAMES` with each letter in random case. */
const anyCaseName = fc
  .constantFrom(...NAMES)
  .chain((name) =>
    fc
      .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
      .map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('')),
  );

const queries = fc.record({
  id: fc.integer({ min: 0, max: 0xffff }),
  name: anyCaseName,
  type: fc.constantFrom(...TYPES),
  // From 1: dns-packet writes 4096 for a payload size of 0.
  edns: fc.option(fc.integer({ min: 1, max: 0xffff }), { nil: undefined }),
  rd: fc.boolean(),
});

function encode(q: {
  id: number;
  name: string;
  type: string;
  edns: number | undefined;
  rd: boolean;
}): Buffer {
  return dnsPacket.encode({
    type: 'query',
    id: q.id,
    flags: q.rd ? dnsPacket.RECURSION_DESIRED : 0,
    questions: [{ type: q.type as 'TXT', name: q.name }],
    additionals: q.edns === undefined ? [] : [{ type: 'OPT', name: '.', udpPayloadSize: q.edns }],
  } as Packet);
}

function udpLimit(edns: number | undefined): number {
  return edns === undefined ? 512 : Math.max(512, Math.min(edns, 1232));
}

describe('DNS server message handling (properties)', () => {
  it('never throws on arbitrary bytes; any answer is a decodable response within the UDP limit', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 700 }), (bytes) => {
        const reply = respond(table, bytes, UDP);
        if (bytes.length < 12 || ((bytes[2] ?? 0) & 0x80) !== 0) {
          expect(reply).toBeUndefined();
          return;
        }
        expect(reply).toBeDefined();
        const out = reply?.bytes ?? Buffer.alloc(0);
        expect(out.length).toBeLessThanOrEqual(1232);
        expect(out.readUInt16BE(0)).toBe(((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0));
        const decoded = dnsPacket.decode(out) as Decoded;
        expect(decoded.flag_qr).toBe(true);
        expect(decoded.questions.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on a real query with bytes changed or cut off', () => {
    fc.assert(
      fc.property(
        queries,
        fc.array(fc.record({ at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }), { maxLength: 6 }),
        fc.option(fc.nat(), { nil: undefined }),
        (q, edits, cut) => {
          const bytes = Buffer.from(encode(q));
          for (const { at, value } of edits) bytes[at % bytes.length] = value;
          const message = cut === undefined ? bytes : bytes.subarray(0, cut % (bytes.length + 1));
          const parsed = parseDnsQuery(message);
          expect(['ignore', 'reject', 'query']).toContain(parsed.kind);
          const reply = respond(table, message, UDP);
          if (reply !== undefined) {
            expect(reply.bytes.length).toBeLessThanOrEqual(1232);
            expect(() => dnsPacket.decode(reply.bytes)).not.toThrow();
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('answers every well-formed query as the zone model says, in the client case, within the size limit', () => {
    fc.assert(
      fc.property(queries, fc.boolean(), (q, overUdp) => {
        const reply = respond(table, encode(q), overUdp ? UDP : STREAM);
        if (reply === undefined) throw new Error('a well-formed query got no answer');
        if (overUdp) expect(reply.bytes.length).toBeLessThanOrEqual(udpLimit(q.edns));
        const decoded = dnsPacket.decode(reply.bytes) as Decoded;
        expect(decoded.id).toBe(q.id);
        expect(decoded.flag_rd).toBe(q.rd);
        expect(decoded.questions).toEqual([{ name: q.name, type: q.type, class: 'IN' }]);
        expect(decoded.additionals.some((record) => record.type === 'OPT')).toBe(q.edns !== undefined);
        const key = q.name.toLowerCase();
        const types = MODEL.get(key);
        if (!(key === 'test' || key.endsWith('.test'))) {
          expect(decoded).toMatchObject({ rcode: 'REFUSED', flag_aa: false, answers: [] });
          return;
        }
        expect(decoded.flag_aa).toBe(true);
        expect(decoded.rcode).toBe(types === undefined ? 'NXDOMAIN' : 'NOERROR');
        if (decoded.flag_tc) {
          expect(overUdp).toBe(true);
          expect(decoded.answers).toEqual([]);
          return;
        }
        const expected = (types ?? []).filter((type) => q.type === 'ANY' || type === q.type);
        if (key === 'test' && (q.type === 'SOA' || q.type === 'ANY')) expected.push('SOA');
        expect(decoded.answers.map((answer) => answer.type)).toEqual(expected);
        expect(decoded.answers.every((answer) => answer.name === q.name)).toBe(true);
        expect(decoded.authorities.map((record) => record.type)).toEqual(
          expected.length === 0 ? ['SOA'] : [],
        );
        expect(reply.minAnswerTtl).toBe(expected.length === 0 ? 0 : expected.includes('SOA') ? 50 : 60);
      }),
      { numRuns: 1500 },
    );
  });

  it('reads a header that claims 65535 records in one pass over the bytes it has', () => {
    const bytes = Buffer.alloc(4096);
    bytes.set(encode({ id: 1, name: 'shop.test', type: 'A', edns: undefined, rd: false }));
    bytes.writeUInt16BE(0xffff, 10);
    expect(parseDnsQuery(bytes)).toMatchObject({ kind: 'reject', rcode: 'FORMERR' });
  });
});

describe('DNS server TCP framing (property)', () => {
  let server: RunningDnsServer;
  beforeAll(async () => {
    server = await startDnsServer(ZONE);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers every query of a pipelined stream in order, wherever the stream is cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(queries, { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (batch, cuts) => {
          const stream = Buffer.concat(batch.map((q) => framed(encode(q))));
          const points = [...new Set(cuts.map((cut) => cut % stream.length))].sort((a, b) => a - b);
          const pieces = [0, ...points].map((from, i) =>
            stream.subarray(from, [...points, stream.length][i]),
          );
          const answers = await tcpExchange(server, pieces, batch.length);
          expect(answers.map((answer) => answer.readUInt16BE(0))).toEqual(batch.map((q) => q.id));
        },
      ),
      { numRuns: 40 },
    );
  });
});
