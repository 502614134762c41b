import {
  createHtmlLinkScanner,
  decodeStandardOfferCode,
  extractProductIds,
  normalizeAvailability,
  parseAidRecord,
  parseAidSignatureInput,
  parseDiscoveryResult,
  parseJsonLdText,
  parseLinkHeader,
  parseResolvConf,
  parseSse,
  parseStandardOffer,
  robotsAllows,
  selectAidRecord,
  selectCapRecord,
} from '@agentweb/discovery';
import fc from 'fast-check';
import { fill, mutatedJson, textInput } from '../arbitraries.js';
import { hostilePages, hostileRobots, plainRobots } from '../hostile.js';
import { realJsonLdBlocks, realProductPages } from '../real-inputs.js';
import { defineTarget, type FuzzTarget, jsonSize, textSize } from '../target.js';

const PAGE_SEEDS = [
  '<html><head><link rel="cap-product-id" href="SKU-1"><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Anvil","sku":"A-1","gtin13":"4006381333931","offers":{"@type":"Offer","price":"9.50","priceCurrency":"EUR","availability":"https://schema.org/InStock","additionalType":"urn:cap:StandardOffer:BOGO50"}}</script></head><body></body></html>',
  '<div itemscope itemtype="https://schema.org/Product" itemref="extra"><h1 itemprop="name">Big <b>Anvil</b></h1><meta itemprop="sku" content="M-1"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">9.50</span><link itemprop="availability" href="https://schema.org/OutOfStock"></div></div><p id="extra"><span itemprop="brand">ACME</span></p>',
  '<script type="application/ld+json"><!--\n{"@graph":[{"@type":"ProductGroup","hasVariant":[{"@type":"Product","sku":"V-1",},]}]}\n//--></script>',
];
const PAGE_FRAGMENTS = [
  '<div>',
  '</div>',
  '<p>',
  '<table><tr><td>',
  '<svg>',
  '<math>',
  '<form>',
  '<a href="x">',
  '<![CDATA[',
  '<!--',
  '-->',
  '<script type="application/ld+json">',
  '</script>',
  '<span itemprop="sku">',
  'itemscope ',
  'itemref="extra" ',
  '<div itemscope itemprop="offers">',
  '"',
  "'",
  '{',
  '[',
  ',',
  '&amp;',
  '&#x1F600;',
  '\u0000',
  '<link rel="cap-product-id" href="',
];

const AID_SEEDS = [
  'v=aid1;u=https://a.example/.well-known/agent-card.json;p=a2a;a=pat;s=Agent',
  'version=aid1; uri=https://a.example/mcp; proto=mcp; docs=https://d.example/; dep=2099-01-01T00:00:00Z',
  'v=aid1;p=mcp;u=https://api.example.com/mcp;k=z7rW8rTq8o4mM6vVf7w1k3m4uQn9p2YxCAbcDeFgHiJ;i=g1',
  'v=aid1;u=docker:grafana/mcp:latest;p=local',
];
const AID_FRAGMENTS = [
  ';',
  '=',
  ' ',
  'v=aid1',
  'u=',
  'uri=',
  'p=',
  'proto=',
  'k=z',
  'i=',
  'https://',
  '\u212A',
  'e=',
  '\u0000',
];

const ROBOTS_SEEDS = [
  'User-agent: *\nDisallow: /private\nAllow: /private/public$\nCrawl-delay: 2\nSitemap: https://s.example/sitemap.xml\n',
  'user-agent: FooBot\nuser-agent: BarBot/1.0\ndisallow: /*.json$\nallow: /api/*/public\n\nUser-agent: *\nDisallow: /\n',
];
const ROBOTS_FRAGMENTS = [
  '*',
  '$',
  '/',
  '%2F',
  '%',
  '#',
  ':',
  '\n',
  '\r',
  'Disallow: ',
  'Allow: ',
  'User-agent: ',
  '\ufeff',
  'é',
];
const ROBOTS_PATHS = [
  '/',
  '/private/x',
  '/private/public',
  '/a.json',
  '/api/v1/public',
  `/${'a'.repeat(300)}`,
  '/%E2%82%AC',
  '/ä?q=*',
];

const robotsInput = fc.record({
  robots: textInput(ROBOTS_SEEDS, ROBOTS_FRAGMENTS),
  agent: fc.constantFrom('FooBot/1.0', 'barbot', 'Other', '', 'a b', '*'),
  path: fc.oneof(
    fc.constantFrom(...ROBOTS_PATHS),
    fc.string({ maxLength: 60 }).map((s) => `/${s}`),
  ),
});
type RobotsInput = { robots: string; agent: string; path: string };
const KiB = 1024;

const LINK_SEEDS = [
  '<https://a.example/.well-known/agent-card.json>; rel="cap-agent-card"; type="application/json"',
  '</card>; rel="cap-agent-card alternate", <https://b.example/x>; rel=next; title*=UTF-8\'en\'%E2%82%AC',
];
const SSE_SEEDS = [
  'event: agent\ndata: {"id":"a1"}\nid: 1\n\n: comment\ndata: line1\ndata: line2\n\n',
  'retry: 1000\r\ndata: x\r\n\r\nevent: end\ndata: {}\n\n',
];
const DISCOVERY_SEED = {
  ok: true,
  schemaVersion: 'AgentCardDiscoveryResult.v1',
  scope: 'public',
  reputationVersion: 'v2',
  reputationWindow: '30d',
  scoreStrategy: 'balanced',
  total: 1,
  limit: 50,
  offset: 0,
  results: [
    {
      rank: 1,
      rankingScore: 90,
      riskTier: 'low',
      agentCard: {
        schemaVersion: 'AgentCard.v1',
        agentId: 'agt_shop',
        displayName: 'Shop',
        capabilities: ['capability://commerce.search@v1'],
        visibility: 'public',
        host: { runtime: 'nooterra', endpoint: 'https://s.example/a2a' },
      },
      reputation: null,
      capabilityAttestation: null,
      routingFactors: null,
    },
  ],
  excludedAttestationCandidates: [],
};

export const discoveryTargets: FuzzTarget[] = [
  defineTarget({
    name: 'discovery.extractProductIds',
    input: textInput(PAGE_SEEDS, PAGE_FRAGMENTS),
    run: (html: string) => extractProductIds(html, { baseUrl: 'https://shop.example/p/1' }),
    size: textSize,
    neverThrows: true,
    realInputs: realProductPages,
    hostile: fc.constantFrom(...hostilePages(1024 * 1024).map((h) => h.text)),
    testRuns: 150,
  }),
  defineTarget({
    name: 'discovery.createHtmlLinkScanner',
    input: textInput(
      PAGE_SEEDS.map((p) => p.replace('cap-product-id', 'cap-agent-card')),
      PAGE_FRAGMENTS,
    ),
    run: (html: string) => {
      const scanner = createHtmlLinkScanner({
        rel: 'cap-agent-card',
        baseUrl: 'https://shop.example/',
        scanBody: true,
      });
      for (let i = 0; i < html.length; i += 4096) scanner.write(html.slice(i, i + 4096));
      scanner.end();
      return scanner.urls;
    },
    size: textSize,
    neverThrows: true,
    realInputs: realProductPages,
    hostile: fc.constantFrom(...hostilePages(1024 * 1024).map((h) => h.text)),
    testRuns: 100,
  }),
  defineTarget({
    name: 'discovery.parseJsonLdText',
    input: textInput(
      [
        PAGE_SEEDS[0]!.slice(PAGE_SEEDS[0]!.indexOf('{'), PAGE_SEEDS[0]!.indexOf('</script>')),
        '[{"@type":"Product",}]',
      ],
      ['{', '}', '[', ']', '"', ',', '//', '/*', '*/', '<!--', '-->', '<![CDATA[', ']]>', '\n', '\\'],
    ),
    run: (text: string) => parseJsonLdText(text),
    size: textSize,
    neverThrows: true,
    realInputs: realJsonLdBlocks,
    hostile: fc.constantFrom(
      fill('[', 1 << 20),
      `{"a":"${fill('x', 1 << 20)}`,
      fill('<!--', 1 << 20),
      fill(',/*', 1 << 20),
      fill('{"a":1},', 1 << 20),
    ),
    testRuns: 200,
  }),
  defineTarget({
    name: 'discovery.parseStandardOffer',
    input: textInput(
      ['urn:cap:StandardOffer:BOGO50', 'cap:StandardOffer:PCT15', 'urn:cap:StandardOffer:BTGOF'],
      ['PCT', 'BOGO', 'F', '100', '999', ':', ' ', 'urn:cap:'],
    ),
    run: (value: string) => [
      parseStandardOffer(value),
      decodeStandardOfferCode(value),
      normalizeAvailability(value),
    ],
    size: textSize,
    neverThrows: true,
    testRuns: 200,
  }),
  defineTarget({
    name: 'discovery.robotsAllows',
    input: robotsInput,
    run: ({ robots, agent, path }: RobotsInput) => robotsAllows(robots, agent, `https://s.example${path}`),
    size: (input: RobotsInput) => textSize(input.robots) + textSize(input.path),
    neverThrows: true,
    realInputs: () => [{ robots: plainRobots(500 * KiB), agent: 'FooBot', path: `/${'a'.repeat(8000)}` }],
    hostile: fc.constantFrom(
      ...hostileRobots(500 * KiB).map((h) => ({
        robots: h.text,
        agent: 'FooBot',
        path: `/${'a'.repeat(8000)}`,
      })),
    ),
    testRuns: 300,
  }),
  defineTarget({
    name: 'discovery.parseLinkHeader',
    input: textInput(LINK_SEEDS, ['<', '>', ';', ',', '"', '\\', '=', 'rel=', ' ', '*', "'", '%']),
    run: (value: string) => parseLinkHeader(value),
    size: textSize,
    testRuns: 300,
  }),
  defineTarget({
    name: 'discovery.parseSse',
    input: textInput(SSE_SEEDS, [
      '\n',
      '\r',
      '\r\n',
      'data:',
      'data: ',
      'event:',
      'id:',
      'retry:',
      ':',
      '\u0000',
      '{}',
    ]),
    run: (text: string) => parseSse(text, { maxEventBytes: 64 * 1024 }),
    size: textSize,
    coveredBy: 'packages/discovery/test/registry-sse-parser.test.ts',
    testRuns: 0,
  }),
  defineTarget({
    name: 'discovery.parseDiscoveryResult',
    input: mutatedJson([DISCOVERY_SEED]),
    run: (body: unknown) => parseDiscoveryResult(body, 'https://registry.example/v1/discover', 200),
    size: jsonSize,
    testRuns: 150,
  }),
  defineTarget({
    name: 'discovery.selectCapRecord',
    input: fc.array(
      textInput(
        ['v=cap1; card=https://s.example/.well-known/agent-card.json', 'v=cap1 card=x'],
        [';', '=', ' ', 'v=cap1', 'card=', 'https://', '\u0000'],
      ),
      { maxLength: 6 },
    ),
    run: (records: string[]) => selectCapRecord(records),
    size: jsonSize,
    testRuns: 150,
  }),
  defineTarget({
    name: 'discovery.parseAidRecord',
    input: fc.oneof(
      textInput(AID_SEEDS, AID_FRAGMENTS),
      fc.array(textInput(AID_SEEDS, AID_FRAGMENTS), { maxLength: 5 }),
    ),
    run: (txt: string | string[]) => [parseAidRecord(txt), parseAidRecord(txt, { allowHttp: true })],
    size: jsonSize,
    realInputs: () => [`${AID_SEEDS[0]};${fill('x-extension=value;', 60 * KiB)}`],
    hostile: fc.constantFrom(
      fill(';', 60 * KiB),
      fill(' ', 60 * KiB),
      `${fill('=', 60 * KiB)};`,
      `v=aid1;${fill('z;', 60 * KiB)}`,
      `v=aid1;p=a2a;u=https://a.example/${fill('%', 60 * KiB)}`,
      `v=aid1;p=a2a;u=https://a.example/;k=z${fill('1', 60 * KiB)};i=g1`,
    ),
    timedBytes: 32 * KiB,
    testRuns: 300,
  }),
  defineTarget({
    name: 'discovery.selectAidRecord',
    input: fc.array(textInput(AID_SEEDS, AID_FRAGMENTS), { maxLength: 6 }),
    run: (records: string[]) => selectAidRecord(records),
    size: jsonSize,
    neverThrows: true,
    testRuns: 150,
  }),
  defineTarget({
    name: 'discovery.parseAidSignatureInput',
    input: textInput(
      [
        'sig=("AID-Challenge" "@method" "@target-uri" "host" "date");created=1735689600;keyid=g1;alg="ed25519"',
        'sig=("date" "host");created=1;keyid="g1";alg="ed25519", other=();created=2',
      ],
      ['(', ')', '"', ';', ',', '=', ' ', 'created=', 'keyid=', 'alg=', '\\'],
    ),
    run: (header: string) => parseAidSignatureInput(header),
    size: textSize,
    testRuns: 200,
  }),
  defineTarget({
    name: 'discovery.parseResolvConf',
    input: textInput(
      [
        'nameserver 127.0.0.1\nnameserver ::1 # v6\nsearch example\n',
        'options ndots:2\nnameserver 10.0.0.1:53\n',
      ],
      ['nameserver ', '\n', '#', ';', '::', '[', ']', '%eth0', ':'],
    ),
    run: (text: string) => parseResolvConf(text),
    size: textSize,
    testRuns: 150,
  }),
];
