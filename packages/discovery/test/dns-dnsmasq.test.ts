import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver, type DnsResolverOptions } from '../src/dns/index.js';
import { type DnsmasqServer, startDnsmasq, startSilentUdpServer } from './helpers/dnsmasq.js';

const LONG_URL = `https://chunk.test/${'a'.repeat(290)}.json`;
const BIG_RECORDS = Array.from({ length: 6 }, (_, i) => ({
  name: '_cap.big.test',
  strings: [`${i}${'z'.repeat(250)}`],
}));

let local: DnsmasqServer;
let auth: DnsmasqServer;
let shortTtl: DnsmasqServer;

beforeAll(async () => {
  const records = [
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
  ];
  [local, auth, shortTtl] = await Promise.all([
    startDnsmasq({ records, ttl: 120 }),
    startDnsmasq({ records, ttl: 45, auth: true }),
    startDnsmasq({ records, ttl: 1 }),
  ]);
});

afterAll(async () => {
  await Promise.all([local?.close(), auth?.close(), shortTtl?.close()]);
});

function resolver(server: DnsmasqServer, options: DnsResolverOptions = {}) {
  return createDnsResolver({ servers: [server.address], timeoutMs: 5000, ...options });
}

describe.each(['udp', 'node'] as const)('%s transport against dnsmasq', (transport) => {
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
    // dnsmasq splits the 300-character value into 255 + 45 bytes on the wire.
    const chunked = await dns.resolveCapTxt('chunk.test');
    expect(chunked.records).toEqual([LONG_URL]);
    expect(chunked.url).toBe(LONG_URL);
  });

  it('keeps several records and takes the valid https URL, listing the other with a reason', async () => {
    // RRset order is up to the server (dnsmasq reverses it); the ordered rule is covered in dns-cap.test.ts.
    const result = await resolver(local, { transport }).resolveCapTxt('multi.test');
    expect(result.records).toHaveLength(2);
    expect(result.url).toBe('https://multi.test/card.json');
    expect(result.rejected).toEqual([
      {
        record: 'v=cap1;url=https://multi.test/card.json',
        reason: expect.stringMatching(/key=value|earlier record/),
      },
    ]);
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

  it('reports NXDOMAIN and NODATA as distinct outcomes', async () => {
    const dns = resolver(local, { transport });
    expect((await dns.resolveCapTxt('none.test')).outcome).toBe('nxdomain');
    expect((await resolver(auth, { transport }).resolveTxt('shop.test')).outcome).toBe('nodata');
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

  it('caches NXDOMAIN for the SOA negative TTL in auth-zone mode', async () => {
    let now = 0;
    const dns = resolver(auth, { now: () => now });
    const first = await dns.resolveCapTxt('none.test');
    expect(first).toMatchObject({ outcome: 'nxdomain', ttl: 45, ttlSource: 'soa', fromCache: false });
    now += 44_000;
    expect(await dns.resolveCapTxt('none.test')).toMatchObject({ outcome: 'nxdomain', fromCache: true });
    now += 2000;
    expect((await dns.resolveCapTxt('none.test')).fromCache).toBe(false);
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

  it('shares one in-flight query between concurrent identical questions', async () => {
    const silent = await startSilentUdpServer();
    try {
      const dns = createDnsResolver({ servers: [silent.address, local.address], timeoutMs: 1500 });
      const results = await Promise.all([
        dns.resolveTxt('_cap.shop.test'),
        dns.resolveTxt('_CAP.Shop.test.'),
      ]);
      expect(results.map((r) => r.outcome)).toEqual(['answer', 'answer']);
      expect(silent.received).toBe(1);
    } finally {
      await silent.close();
    }
  });

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

  it('falls back to the next server after a silent one, within one deadline', async () => {
    const silent = await startSilentUdpServer();
    try {
      const dns = createDnsResolver({ servers: [silent.address, local.address], timeoutMs: 1000 });
      const result = await dns.resolveCapTxt('shop.test');
      expect(result.outcome).toBe('answer');
      expect(silent.received).toBe(1);
    } finally {
      await silent.close();
    }
  });
});

describe('deadline', () => {
  it.each(['udp', 'node'] as const)(
    '%s: a silent server ends in a timeout outcome at the deadline',
    async (transport) => {
      const silent = await startSilentUdpServer();
      try {
        const dns = createDnsResolver({ transport, servers: [silent.address], timeoutMs: 300 });
        const result = await dns.resolveCapTxt('shop.test');
        expect(result.outcome).toBe('timeout');
        expect(result.error).toBeTruthy();
        expect(result.url).toBeUndefined();
        expect(result.elapsedMs).toBeGreaterThanOrEqual(250);
        expect((await dns.resolveCapTxt('shop.test')).fromCache).toBe(false);
      } finally {
        await silent.close();
      }
    },
  );

  it('rejects with the reason of an aborted caller signal', async () => {
    const silent = await startSilentUdpServer();
    try {
      const dns = createDnsResolver({ servers: [silent.address], timeoutMs: 5000 });
      const controller = new AbortController();
      const pending = dns.resolveTxt('_cap.shop.test', { signal: controller.signal });
      const reason = new Error('caller gave up');
      controller.abort(reason);
      await expect(pending).rejects.toBe(reason);
    } finally {
      await silent.close();
    }
  });
});
