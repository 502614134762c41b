import { createHttpClient } from '@agentweb/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverAid, lookupAid } from '../../src/aid/index.js';
import { createDnsResolver, type DnsResolverOptions } from '../../src/dns/index.js';
import { createResolver } from '../../src/resolve/index.js';
import type { DnsServerUnderTest, TestDnsServer, TxtRecordSpec } from './dns-servers-under-test.js';
import { type DohServer, loopbackDohHttp, startDohServer } from './doh-server.js';
import { testLookup } from './fake-web.js';
import { agentCard } from './resolve-fixtures.js';

/** A record longer than one 255-byte character-string: the server splits it, the resolver joins it. */
const LONG_AID = `v=aid1;p=a2a;u=https://aidlong.test/${'x'.repeat(280)}.json`;

/** `_agent` records as providers publish them: plain, split by hand, aliases and full keys, long, per protocol. */
export const AID_RECORDS: readonly TxtRecordSpec[] = [
  {
    name: '_agent.aid.test',
    strings: ['v=aid1;u=https://aid.test/.well-known/agent-card.json;p=a2a;s=Suite agent'],
  },
  { name: '_agent.aid.test', strings: ['google-site-verification=unrelated'] },
  {
    name: '_agent.aidsplit.test',
    strings: ['v=aid1;u=https://aidsplit.test/agents/', 'support/agent-card.json;p=a2a'],
  },
  {
    name: '_agent.aidkeys.test',
    strings: [' VERSION=aid1 ; URI=https://aidkeys.test/card.json ; PROTO=a2a ; AUTH=pat '],
  },
  { name: '_agent.aidlong.test', strings: [LONG_AID] },
  { name: '_agent._a2a.aidproto.test', strings: ['v=aid1;u=https://aidproto.test/a2a.json;p=a2a'] },
  { name: '_agent.aidproto.test', strings: ['v=aid1;u=https://aidproto.test/mcp;p=mcp'] },
  { name: '_agent.aidlocal.test', strings: ['v=aid1;u=docker:someone/agent:latest;p=local'] },
  { name: '_agent.aidbad.test', strings: ['v=aid1;u=https://aidbad.test/c.json;p=a2a;k=z111'] },
];

/**
 * AID discovery through the DNS resolver against one real DNS server on 127.0.0.1: `_agent` TXT records read
 * with the record rules, character-strings joined, the protocol-specific name first, TTLs from the server and
 * the resolver's cache, and a resolver run whose AID step leads to the card (served by an in-test fetch: what
 * is under test here is DNS).
 */
export function describeAidSuite(server: DnsServerUnderTest): void {
  describe(`AID _agent records from ${server.name}`, () => {
    let zone: TestDnsServer;
    let doh: DohServer;
    const dohHttp = loopbackDohHttp();

    beforeAll(async () => {
      zone = await server.start({ records: AID_RECORDS, ttl: 300, soa: false });
      doh = await startDohServer({ upstream: zone.address });
    });
    afterAll(async () => {
      await doh?.close();
      await zone?.close();
      await dohHttp.close();
    });

    function dns(options: DnsResolverOptions = {}) {
      return createDnsResolver({ servers: [zone.address], timeoutMs: 5000, ...options });
    }

    describe.each(['udp', 'node'] as const)('%s transport', (transport) => {
      it('reads the record among unrelated TXT records, with its TTL', async () => {
        const { found, attempts } = await lookupAid(dns({ transport }), 'aid.test');
        expect(attempts).toHaveLength(1);
        expect(found).toMatchObject({
          name: '_agent.aid.test',
          record: {
            v: 'aid1',
            uri: 'https://aid.test/.well-known/agent-card.json',
            proto: 'a2a',
            desc: 'Suite agent',
          },
        });
        if (transport === 'udp') expect(found?.ttl).toBe(300);
      });

      it('joins character-strings split by the provider and by the server', async () => {
        const split = await lookupAid(dns({ transport }), 'aidsplit.test');
        expect(split.found?.record.uri).toBe('https://aidsplit.test/agents/support/agent-card.json');
        const long = await lookupAid(dns({ transport }), 'aidlong.test');
        expect(long.found?.raw).toBe(LONG_AID);
      });

      it('reads full keys in any case with spaces around them', async () => {
        const { found } = await lookupAid(dns({ transport }), 'aidkeys.test');
        expect(found?.record).toEqual({
          v: 'aid1',
          uri: 'https://aidkeys.test/card.json',
          proto: 'a2a',
          auth: 'pat',
        });
      });
    });

    it('reads a split record over DoH in front of the server', async () => {
      const resolver = createDnsResolver({
        transport: 'doh',
        dohUrl: doh.url,
        http: dohHttp,
        timeoutMs: 5000,
      });
      const { found } = await lookupAid(resolver, 'aidsplit.test');
      expect(found).toMatchObject({
        name: '_agent.aidsplit.test',
        record: { uri: 'https://aidsplit.test/agents/support/agent-card.json' },
      });
      expect(doh.requests.length).toBeGreaterThan(0);
    });

    it('asks _agent._<proto> first, and the base name without a protocol', async () => {
      const resolver = dns();
      const specific = await lookupAid(resolver, 'aidproto.test', { protocol: 'a2a' });
      expect(specific.found?.record).toMatchObject({ proto: 'a2a', uri: 'https://aidproto.test/a2a.json' });
      const base = await lookupAid(resolver, 'aidproto.test');
      expect(base.found?.record.proto).toBe('mcp');
      const fallback = await lookupAid(resolver, 'aid.test', { protocol: 'a2a' });
      expect(fallback.attempts.map((a) => `${a.name}:${a.outcome}`)).toEqual([
        '_agent._a2a.aid.test:nxdomain',
        '_agent.aid.test:answer',
      ]);
    });

    it('serves a repeated lookup from the resolver cache within the TTL', async () => {
      const resolver = dns();
      expect((await lookupAid(resolver, 'aid.test')).found?.fromCache).toBe(false);
      const again = await lookupAid(resolver, 'aid.test');
      expect(again.found?.fromCache).toBe(true);
      expect(again.found?.ttl).toBeLessThanOrEqual(300);
    });

    it('throws the spec error codes from discoverAid', async () => {
      const resolver = dns();
      await expect(discoverAid('nothing.test', { dns: resolver })).rejects.toMatchObject({
        code: 'AID_NO_RECORD',
      });
      await expect(discoverAid('aidbad.test', { dns: resolver })).rejects.toMatchObject({
        code: 'AID_INVALID_TXT',
      });
      const local = await discoverAid('aidlocal.test', { dns: resolver });
      expect(local.record).toMatchObject({ proto: 'local', uri: 'docker:someone/agent:latest' });
    });

    it('resolves an agent card through the AID step of the resolver', async () => {
      const requested: string[] = [];
      const http = createHttpClient({
        allowPrivateNetwork: ['*.test'],
        lookup: testLookup(),
        retry: false,
        cache: false,
        fetch: async (input) => {
          const url = String(input instanceof Request ? input.url : input);
          requested.push(url);
          if (url !== 'https://aidsplit.test/agents/support/agent-card.json')
            return new Response('no', { status: 404 });
          const card = agentCard('Split AID agent', 'https://aidsplit.test/a2a');
          return new Response(JSON.stringify(card), { headers: { 'content-type': 'application/json' } });
        },
      });
      const resolver = createResolver({ http, dns: dns(), cache: false });
      try {
        const result = await resolver.resolve('aidsplit.test');
        expect(result.profile.name).toBe('Split AID agent');
        expect(result.provenance).toMatchObject({ mechanism: 'aid', pointer: '_agent.aidsplit.test' });
        expect(result.trace.map((t) => `${t.mechanism}:${t.outcome}`)).toEqual([
          'dns-txt:nxdomain',
          'aid:pointer',
          'aid:found',
        ]);
        expect(requested).toEqual(['https://aidsplit.test/agents/support/agent-card.json']);
      } finally {
        await resolver.close();
        await http.close();
      }
    });
  });
}
