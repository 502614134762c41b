import { createDnsResolver, type DnsResolver } from '@agentweb/discovery';
import { createHttpClient } from '@agentweb/http';
import fc from 'fast-check';
import { mutatedText } from '../arbitraries.js';
import { defineTarget, type FuzzTarget } from '../target.js';

const NAME = '_cap.shop.example';

function name(labels: string): number[] {
  const out: number[] = [];
  for (const label of labels.split('.')) out.push(label.length, ...Buffer.from(label, 'latin1'));
  return [...out, 0];
}

/** A DoH reply (ID 0) to a TXT query for `NAME` with one answer of `strings`. */
function txtReply(strings: string[], ttl = 300): string {
  const rdata = strings.flatMap((s) => [s.length, ...Buffer.from(s, 'latin1')]);
  const bytes = [
    0,
    0,
    0x81,
    0x80,
    0,
    1,
    0,
    1,
    0,
    0,
    0,
    0,
    ...name(NAME),
    0,
    16,
    0,
    1,
    0xc0,
    12,
    0,
    16,
    0,
    1,
    (ttl >>> 24) & 255,
    (ttl >>> 16) & 255,
    (ttl >>> 8) & 255,
    ttl & 255,
    rdata.length >> 8,
    rdata.length & 255,
    ...rdata,
  ];
  return Buffer.from(bytes).toString('latin1');
}

const SEEDS = [
  txtReply(['v=cap1; card=https://shop.example/.well-known/agent-card.json']),
  txtReply(['v=cap1; card=https://shop.', 'example/card.json', 'x'.repeat(200)]),
  txtReply([]),
];
const FRAGMENTS = ['\u0000', '\u00ff', '\u00c0\u000c', '\u00c0', '\u0010', '\u0001', 'v=cap1', '\u0080'];

let resolver: DnsResolver | undefined;
let reply = new Uint8Array();
/** A resolver whose DoH server answers with the bytes under test (no socket is opened). */
function doh(): DnsResolver {
  resolver ??= createDnsResolver({
    transport: 'doh',
    dohUrl: 'https://127.0.0.1/dns-query',
    cache: false,
    http: createHttpClient({
      allowPrivateNetwork: true,
      fetch: async () =>
        new Response(reply, { status: 200, headers: { 'content-type': 'application/dns-message' } }),
    }),
  });
  return resolver;
}

export const dnsTargets: FuzzTarget[] = [
  defineTarget({
    name: 'discovery.resolveCapTxt(DoH answer)',
    input: fc.oneof(
      { weight: 5, arbitrary: mutatedText(SEEDS, FRAGMENTS) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 600 }) },
    ),
    run: async (latin1: string) => {
      reply = new Uint8Array(Buffer.from(latin1, 'latin1'));
      return doh().resolveCapTxt('shop.example');
    },
    size: (latin1: string) => latin1.length,
    testRuns: 150,
  }),
];
