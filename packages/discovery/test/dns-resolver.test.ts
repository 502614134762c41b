import { type RunningDnsServer, startDnsServer } from '@agentweb/sandbox';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../src/dns/index.js';
import { describeAidSuite } from './helpers/aid-dns-suite.js';
import { describeResolverSuite } from './helpers/dns-resolver-suite.js';
import { sandboxDns } from './helpers/dns-servers-under-test.js';
import { withSilentUdpServer } from './helpers/silent-udp.js';

// The resolver suite against the sandbox's authoritative server: it needs nothing but Node, so it always runs.
// dns-dnsmasq.test.ts runs the same suite against dnsmasq where that is installed.
describeResolverSuite(sandboxDns);
describeAidSuite(sandboxDns);

describe('resolver details only the sandbox server can be configured for', () => {
  const servers: RunningDnsServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });
  async function serve(options: Omit<Parameters<typeof startDnsServer>[0], 'suffix'>) {
    const server = await startDnsServer({ suffix: 'test', ...options });
    servers.push(server);
    return server;
  }

  it('takes the smallest TTL of an RRset whose records differ', async () => {
    const server = await serve({
      records: [
        { name: '_cap.ttl.test', type: 'TXT', data: 'https://ttl.test/a.json', ttl: 300 },
        { name: '_cap.ttl.test', type: 'TXT', data: 'https://ttl.test/b.json', ttl: 40 },
      ],
    });
    const result = await createDnsResolver({ servers: [server.address] }).resolveTxt('_cap.ttl.test');
    expect(result).toMatchObject({ outcome: 'answer', ttl: 40, ttlSource: 'answer' });
    expect(result.records).toEqual(['https://ttl.test/a.json', 'https://ttl.test/b.json']);
  });

  it('caches negative answers for min(SOA TTL, MINIMUM), whichever is smaller (RFC 2308 §5)', async () => {
    const minimumSmaller = await serve({ soa: { ttl: 100, minimum: 20 }, records: [] });
    const ttlSmaller = await serve({
      soa: { ttl: 10, minimum: 300 },
      records: [{ name: '_cap.shop.test', type: 'TXT', data: 'https://shop.test/card.json' }],
    });
    const first = createDnsResolver({ servers: [minimumSmaller.address] });
    expect(await first.resolveTxt('_cap.none.test')).toMatchObject({ outcome: 'nxdomain', ttl: 20 });
    const second = createDnsResolver({ servers: [ttlSmaller.address] });
    expect(await second.resolveTxt('_cap.none.test')).toMatchObject({ outcome: 'nxdomain', ttl: 10 });
    expect(await second.resolveTxt('shop.test')).toMatchObject({
      outcome: 'nodata',
      ttl: 10,
      ttlSource: 'soa',
    });
  });

  it('rejoins a UTF-8 character that the 255-byte split cut in two', async () => {
    const url = `https://u.test/x${'é'.repeat(200)}`;
    // 16 ASCII bytes, then 2-byte characters: the first string ends with the first byte of an é.
    const bytes = Buffer.from(url, 'utf8');
    expect([bytes[254], bytes[255]]).toEqual([0xc3, 0xa9]);
    const server = await serve({ records: [{ name: '_cap.u.test', type: 'TXT', data: url }] });
    const result = await createDnsResolver({ servers: [server.address] }).resolveCapTxt('u.test');
    expect(result.records).toEqual([url]);
    expect(result.url).toBe(new URL(url).href);
  });

  it('sends one query for concurrent identical questions, and the truncated UDP answer once before TCP', async () => {
    const server = await serve({
      records: [
        { name: '_cap.one.test', type: 'TXT', data: 'https://one.test/card.json' },
        ...Array.from({ length: 6 }, (_, i) => ({
          name: '_cap.big.test',
          type: 'TXT' as const,
          data: `${i}${'z'.repeat(250)}`,
        })),
      ],
    });
    const dns = createDnsResolver({ servers: [server.address] });
    await Promise.all([dns.resolveTxt('_cap.one.test'), dns.resolveTxt('_CAP.ONE.test')]);
    expect(server.stats).toMatchObject({ udpQueries: 1, tcpQueries: 0 });
    expect((await dns.resolveTxt('_cap.big.test')).transport).toBe('tcp');
    expect(server.stats).toMatchObject({ udpQueries: 2, tcpQueries: 1, truncated: 1 });
  });

  it('gets a 1.6 KB answer over UDP when the server allows 4096 bytes and the client advertises them', async () => {
    const records = Array.from({ length: 6 }, (_, i) => ({
      name: '_cap.big.test',
      type: 'TXT' as const,
      data: `${i}${'z'.repeat(250)}`,
    }));
    const server = await serve({ udpPayloadSize: 4096, records });
    const dns = createDnsResolver({ servers: [server.address], ednsUdpPayloadSize: 4096 });
    expect(await dns.resolveTxt('_cap.big.test')).toMatchObject({ outcome: 'answer', transport: 'udp' });
    const small = createDnsResolver({ servers: [server.address], ednsUdpPayloadSize: 1232 });
    expect((await small.resolveTxt('_cap.big.test')).transport).toBe('tcp');
  });
});

describe('deadline', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  it.each(['udp', 'node'] as const)(
    '%s: a silent server ends in a timeout outcome at the deadline',
    (transport) =>
      withSilentUdpServer(async (silent) => {
        const dns = createDnsResolver({ transport, servers: [silent.address], timeoutMs: 300 });
        const result = await dns.resolveCapTxt('shop.test');
        expect(result.outcome).toBe('timeout');
        expect(result.error).toBeTruthy();
        expect(result.url).toBeUndefined();
        expect(result.elapsedMs).toBeGreaterThanOrEqual(250);
        expect((await dns.resolveCapTxt('shop.test')).fromCache).toBe(false);
      }),
  );

  it('rejects with the reason of an aborted caller signal', () =>
    withSilentUdpServer(async (silent) => {
      const dns = createDnsResolver({ servers: [silent.address], timeoutMs: 5000 });
      const controller = new AbortController();
      const pending = dns.resolveTxt('_cap.shop.test', { signal: controller.signal });
      const reason = new Error('caller gave up');
      controller.abort(reason);
      await expect(pending).rejects.toBe(reason);
    }));

  it('a caller that aborts leaves the shared query to the others', async () => {
    const server = await startDnsServer({
      suffix: 'test',
      records: [{ name: '_cap.shop.test', type: 'TXT', data: 'https://shop.test/card.json' }],
    });
    closers.push(() => server.close());
    const dns = createDnsResolver({ servers: [server.address] });
    const controller = new AbortController();
    const leaving = dns.resolveCapTxt('shop.test', { signal: controller.signal });
    const staying = dns.resolveCapTxt('shop.test');
    controller.abort(new Error('left'));
    await expect(leaving).rejects.toThrow('left');
    expect((await staying).url).toBe('https://shop.test/card.json');
  });
});
