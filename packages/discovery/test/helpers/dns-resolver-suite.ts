import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver, type DnsResolverOptions } from '../../src/dns/index.js';
import type { DnsServerUnderTest, TestDnsServer, TxtRecordSpec } from './dns-servers-under-test.js';
import { type DohServer, loopbackDohHttp, startDohServer } from './doh-server.js';
import { withSilentUdpServer } from './silent-udp.js';

/** A 300-character URL: one string on the config side, 255 + 45 bytes on the wire. */
export const LONG_URL = `https://chunk.test/${'a'.repeat(290)}.json`;
/** Six records of 251 bytes: about 1.6 KB, over the 1232-byte EDNS(0) size, so UDP answers come back truncated. */
const BIG_RECORDS = Array.from({ length: 6 }, (_, i) => ({
  name: '_cap.big.test',
  strings: [`${i}${'z'.repeat(250)}`],
}));
/** Two records of 250 bytes: over 512 bytes, under 1232. */
const MID_RECORDS = Array.from({ length: 2 }, (_, i) => ({
  name: '_cap.mid.test',
  strings: [`https://mid.test/${i}${'m'.repeat(232)}`],
}));

/** The zone every server in the suite serves. */
export const SUITE_RECORDS: readonly TxtRecordSpec[] = [
  { name: '_cap.shop.test', strings: ['https://shop.test/.well-known/agent-card.json'] },
  { name: '_cap.split.test', strings: ['https://split.test/part1-', 'part2.json'] },
  { name: '_cap.chunk.test', strings: [LONG_URL] },
  { name: '_cap.multi.test', strings: ['v=cap1;url=https://multi.test/card.json'] },
  { name: '_cap.multi.test', strings: ['https://multi.test/card.json'] },
  { name: '_cap.kv.test', strings: ['v=cap1;url=https://kv.test/card.json'] },
  { name: '_cap.plain.test', strings: ['http://plain.test/card.json'] },
  { name: '_cap.rel.test', strings: ['/.well-known/agent-card.json'] },
  { name: '_cap.words.test', strings: ['hello world'] },
  ...BIG_RECORDS,
  ...MID_RECORDS,
];

/**
 * The DNS resolver's behaviour against one real DNS server on 127.0.0.1: UDP and node:dns transports, joined
 * and chunked character-strings, RRsets, the CAP record rules, NXDOMAIN vs NODATA, REFUSED, TTL caching and
 * clamping, RFC 2308 negative TTLs from the SOA and the configured default without one, in-flight sharing,
 * truncation and TCP fallback, server fallback, and DoH through a loopback DoH server in front of it. The same
 * assertions run against every server (the sandbox's always, dnsmasq where installed); where real servers may
 * differ (RRset order) the difference is spelled out.
 */
export function describeResolverSuite(server: DnsServerUnderTest): void {
  describe(`DNS resolver against ${server.name}`, () => {
    /** `--local` style: no SOA in negative answers. */
    let local: TestDnsServer;
    /** Authoritative style: the SOA (TTL = MINIMUM = 45) in negative answers. */
    let auth: TestDnsServer;
    let shortTtl: TestDnsServer;
    let dohToAuth: DohServer;
    const http = loopbackDohHttp();

    beforeAll(async () => {
      [local, auth, shortTtl] = await Promise.all([
        server.start({ records: SUITE_RECORDS, ttl: 120, soa: false }),
        server.start({ records: SUITE_RECORDS, ttl: 45, soa: true }),
        server.start({ records: SUITE_RECORDS, ttl: 1, soa: false }),
      ]);
      dohToAuth = await startDohServer({ upstream: auth.address });
    });

    afterAll(async () => {
      await dohToAuth?.close();
      await Promise.all([local?.close(), auth?.close(), shortTtl?.close()]);
      await http.close();
    });

    function resolver(target: TestDnsServer, options: DnsResolverOptions = {}) {
      return createDnsResolver({ servers: [target.address], timeoutMs: 5000, ...options });
    }

    describe.each(['udp', 'node'] as const)('%s transport', (transport) => {
      it('reads a single TXT record and the CAP card URL', async () => {
        const result = await resolver(local, { transport }).resolveCapTxt('shop.test');
        expect(result).toMatchObject({
          name: '_cap.shop.test',
          outcome: 'answer',
          records: ['https://shop.test/.well-known/agent-card.json'],
          url: 'https://shop.test/.well-known/agent-card.json',
          rejected: [],
          fromCache: false,
        });
      });

      it('joins the character-strings of one record with no separator', async () => {
        const dns = resolver(local, { transport });
        expect((await dns.resolveTxt('_cap.split.test')).records).toEqual([
          'https://split.test/part1-part2.json',
        ]);
        // The server splits the 300-character value into 255 + 45 bytes on the wire.
        const chunked = await dns.resolveCapTxt('chunk.test');
        expect(chunked.records).toEqual([LONG_URL]);
        expect(chunked.url).toBe(LONG_URL);
      });

      it('keeps several records and takes the valid https URL, listing the other with a reason', async () => {
        const result = await resolver(local, { transport }).resolveCapTxt('multi.test');
        expect(result.records).toHaveLength(2);
        expect(result.url).toBe('https://multi.test/card.json');
        expect(result.rejected).toEqual([
          {
            record: 'v=cap1;url=https://multi.test/card.json',
            reason: expect.stringMatching(/key=value|earlier record/),
          },
        ]);
        if (server.keepsRrsetOrder) {
          // In answer order, the key=value record comes first and is rejected for being key=value.
          expect(result.records).toEqual([
            'v=cap1;url=https://multi.test/card.json',
            'https://multi.test/card.json',
          ]);
          expect(result.rejected[0]?.reason).toMatch(/key=value/);
        }
      });

      it('rejects key=value, http, relative and non-URL records, each with its reason', async () => {
        const dns = resolver(local, { transport });
        const cases = [
          ['kv.test', /key=value/],
          ['plain.test', /http:.*https/],
          ['rel.test', /not an absolute URL/],
          ['words.test', /whitespace|not an absolute URL/],
        ] as const;
        for (const [domain, reason] of cases) {
          const result = await dns.resolveCapTxt(domain);
          expect(result.outcome).toBe('answer');
          expect(result.url).toBeUndefined();
          expect(result.rejected).toHaveLength(1);
          expect(result.rejected[0]?.reason).toMatch(reason);
        }
      });

      it('reports NXDOMAIN and NODATA as distinct outcomes, with and without an SOA', async () => {
        for (const target of [local, auth]) {
          const dns = resolver(target, { transport });
          expect((await dns.resolveCapTxt('none.test')).outcome).toBe('nxdomain');
          // shop.test has no records of its own but _cap.shop.test below it: the name exists (NODATA).
          expect((await dns.resolveTxt('shop.test')).outcome).toBe('nodata');
        }
      });

      it('reports REFUSED for a name outside the server zone, and does not cache it', async () => {
        const dns = resolver(local, { transport });
        const first = await dns.resolveTxt('_cap.shop.example');
        expect(first.outcome).toBe('refused');
        expect(first.error).toBeTruthy();
        expect((await dns.resolveTxt('_cap.shop.example')).fromCache).toBe(false);
      });
    });

    describe('TTL and caching (udp)', () => {
      it('caches a positive answer for the answer TTL and re-queries after it', async () => {
        let now = 1_000_000;
        const dns = resolver(shortTtl, { now: () => now });
        const first = await dns.resolveCapTxt('shop.test');
        expect(first).toMatchObject({ outcome: 'answer', ttl: 1, ttlSource: 'answer', fromCache: false });
        now += 500;
        const hit = await dns.resolveCapTxt('shop.test');
        expect(hit).toMatchObject({ outcome: 'answer', fromCache: true, url: first.url });
        now += 600;
        expect((await dns.resolveCapTxt('shop.test')).fromCache).toBe(false);
      });

      it('clamps TTLs to the cache options', async () => {
        let now = 0;
        const dns = resolver(local, { now: () => now, cache: { maxTtl: 10 } });
        expect((await dns.resolveTxt('_cap.shop.test')).ttl).toBe(10);
        now += 11_000;
        expect((await dns.resolveTxt('_cap.shop.test')).fromCache).toBe(false);
        const floor = resolver(shortTtl, { cache: { minTtl: 30 } });
        expect((await floor.resolveTxt('_cap.shop.test')).ttl).toBe(30);
      });

      it('caches NXDOMAIN for the SOA negative TTL', async () => {
        let now = 0;
        const dns = resolver(auth, { now: () => now });
        const first = await dns.resolveCapTxt('none.test');
        expect(first).toMatchObject({ outcome: 'nxdomain', ttl: 45, ttlSource: 'soa', fromCache: false });
        now += 44_000;
        expect(await dns.resolveCapTxt('none.test')).toMatchObject({ outcome: 'nxdomain', fromCache: true });
        now += 2000;
        expect((await dns.resolveCapTxt('none.test')).fromCache).toBe(false);
      });

      it('caches NODATA for the SOA negative TTL too', async () => {
        let now = 0;
        const dns = resolver(auth, { now: () => now });
        expect(await dns.resolveTxt('shop.test')).toMatchObject({
          outcome: 'nodata',
          ttl: 45,
          ttlSource: 'soa',
        });
        now += 44_000;
        expect((await dns.resolveTxt('shop.test')).fromCache).toBe(true);
      });

      it('caches NXDOMAIN without SOA for the configured negative TTL', async () => {
        let now = 0;
        const dns = resolver(local, { now: () => now, cache: { negativeTtl: 5 } });
        expect(await dns.resolveCapTxt('none.test')).toMatchObject({
          outcome: 'nxdomain',
          ttl: 5,
          ttlSource: 'default',
        });
        now += 4000;
        expect((await dns.resolveCapTxt('none.test')).fromCache).toBe(true);
        now += 2000;
        expect((await dns.resolveCapTxt('none.test')).fromCache).toBe(false);
      });

      it('node:dns answers carry the configured default TTL, said so by ttlSource', async () => {
        const dns = resolver(local, { transport: 'node', cache: { defaultTtl: 42 } });
        expect(await dns.resolveTxt('_cap.shop.test')).toMatchObject({ ttl: 42, ttlSource: 'default' });
        expect((await dns.resolveTxt('_cap.shop.test')).fromCache).toBe(true);
      });

      it('shares one in-flight query between concurrent identical questions', () =>
        withSilentUdpServer(async (silent) => {
          const dns = createDnsResolver({ servers: [silent.address, local.address], timeoutMs: 1500 });
          const results = await Promise.all([
            dns.resolveTxt('_cap.shop.test'),
            dns.resolveTxt('_CAP.Shop.test.'),
          ]);
          expect(results.map((r) => r.outcome)).toEqual(['answer', 'answer']);
          expect(silent.received).toBe(1);
        }));

      it('clearCache forgets cached answers', async () => {
        const dns = resolver(local);
        await dns.resolveTxt('_cap.shop.test');
        dns.clearCache();
        expect((await dns.resolveTxt('_cap.shop.test')).fromCache).toBe(false);
      });
    });

    describe('truncation and server fallback (udp)', () => {
      it('retries over TCP when the UDP answer is truncated', async () => {
        const result = await resolver(local).resolveTxt('_cap.big.test');
        expect(result.outcome).toBe('answer');
        expect(result.transport).toBe('tcp');
        expect(result.records).toHaveLength(6);
      });

      it('answers up to the EDNS(0) size over UDP, and only 512 bytes to a query without EDNS', async () => {
        const withEdns = await resolver(local).resolveTxt('_cap.mid.test');
        expect(withEdns).toMatchObject({ outcome: 'answer', transport: 'udp' });
        expect(withEdns.records).toHaveLength(2);
        const without = await resolver(local, { ednsUdpPayloadSize: 0 }).resolveTxt('_cap.mid.test');
        expect(without).toMatchObject({ outcome: 'answer', transport: 'tcp' });
        expect([...without.records].sort()).toEqual([...withEdns.records].sort());
      });

      it('falls back to the next server after a silent one, within one deadline', () =>
        withSilentUdpServer(async (silent) => {
          const dns = createDnsResolver({ servers: [silent.address, local.address], timeoutMs: 1000 });
          const result = await dns.resolveCapTxt('shop.test');
          expect(result.outcome).toBe('answer');
          expect(silent.received).toBe(1);
        }));
    });

    describe.each(['GET', 'POST'] as const)('DoH %s through a DoH server in front of it', (dohMethod) => {
      function doh(options: DnsResolverOptions = {}) {
        return createDnsResolver({
          transport: 'doh',
          dohUrl: dohToAuth.url,
          dohMethod,
          http,
          timeoutMs: 5000,
          ...options,
        });
      }

      it('reads single, chunked and several records', async () => {
        const dns = doh();
        expect(await dns.resolveCapTxt('shop.test')).toMatchObject({
          outcome: 'answer',
          transport: 'doh',
          ttl: 45,
          url: 'https://shop.test/.well-known/agent-card.json',
        });
        expect((await dns.resolveCapTxt('chunk.test')).url).toBe(LONG_URL);
        const multi = await dns.resolveCapTxt('multi.test');
        expect(multi.records).toHaveLength(2);
        expect(multi.url).toBe('https://multi.test/card.json');
        // DoH has no 512-byte limit: the 1.6 KB RRset comes whole.
        expect((await dns.resolveTxt('_cap.big.test')).records).toHaveLength(6);
      });

      it('caches NXDOMAIN for the SOA negative TTL', async () => {
        let now = 0;
        const dns = doh({ now: () => now });
        expect(await dns.resolveCapTxt('none.test')).toMatchObject({
          outcome: 'nxdomain',
          ttl: 45,
          ttlSource: 'soa',
        });
        now += 40_000;
        expect((await dns.resolveCapTxt('none.test')).fromCache).toBe(true);
        now += 6000;
        expect((await dns.resolveCapTxt('none.test')).fromCache).toBe(false);
      });

      it('reports NODATA and REFUSED', async () => {
        const dns = doh();
        expect((await dns.resolveTxt('shop.test')).outcome).toBe('nodata');
        expect((await dns.resolveTxt('_cap.shop.example')).outcome).toBe('refused');
      });
    });
  });
}
