import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver, type DnsResolverOptions } from '../src/dns/index.js';
import { type DohServer, loopbackDohHttp, startDohServer } from './helpers/doh-server.js';

// DoH edge cases from a scripted table (SERVFAIL, Age, bad status, content type and body). DoH in front of real
// DNS servers (the sandbox's, dnsmasq) is part of the resolver suite in helpers/dns-resolver-suite.ts.

let viaTable: DohServer;
let aged: DohServer;
let badStatus: DohServer;
let badType: DohServer;
let garbage: DohServer;
const http = loopbackDohHttp();

beforeAll(async () => {
  const table = {
    '_cap.ttl.test': { txt: [['https://ttl.test/card.json']], ttl: 1 },
    '_cap.order.test': {
      txt: [
        ['v=cap1;url=https://order.test/a.json'],
        ['http://order.test/a.json'],
        ['https://order.test/', 'a.json'],
        ['https://order.test/b.json'],
      ],
      ttl: 300,
    },
    '_cap.mixed.test': { txt: [['https://mixed.test/a.json'], ['https://mixed.test/b.json']], ttl: 300 },
    '_cap.empty.test': { rcode: 'NOERROR' as const, soa: { ttl: 100, minimum: 20 } },
    '_cap.fail.test': { rcode: 'SERVFAIL' as const },
  };
  [viaTable, aged, badStatus, badType, garbage] = await Promise.all([
    startDohServer({ table }),
    startDohServer({ table, age: 200 }),
    startDohServer({ table, tamper: () => ({ status: 503 }) }),
    startDohServer({ table, tamper: () => ({ contentType: 'text/html' }) }),
    startDohServer({ table, tamper: () => ({ body: Buffer.from('<html>not dns</html>') }) }),
  ]);
});

afterAll(async () => {
  await Promise.all([viaTable, aged, badStatus, badType, garbage].map((server) => server?.close()));
  await http.close();
});

function doh(server: DohServer, dohMethod: 'GET' | 'POST', options: DnsResolverOptions = {}) {
  return createDnsResolver({
    transport: 'doh',
    dohUrl: server.url,
    dohMethod,
    http,
    timeoutMs: 5000,
    ...options,
  });
}

describe.each(['GET', 'POST'] as const)('DoH %s', (method) => {
  it('sends an RFC 8484 request', async () => {
    const before = viaTable.requests.length;
    await doh(viaTable, method).resolveTxt('_cap.ttl.test');
    const request = viaTable.requests[before];
    if (method === 'GET') {
      // base64url, no padding, and ID 0 (the first two bytes of the message).
      expect(request?.dns).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(request?.dns ?? '', 'base64url').readUInt16BE(0)).toBe(0);
    } else {
      expect(request?.contentType).toBe('application/dns-message');
    }
  });

  it('uses min(SOA TTL, MINIMUM) for NODATA', async () => {
    expect(await doh(viaTable, method).resolveTxt('_cap.empty.test')).toMatchObject({
      outcome: 'nodata',
      ttl: 20,
      ttlSource: 'soa',
    });
  });

  it('honours a 1 s TTL: a hit within it, a new query after it', async () => {
    let now = 0;
    const dns = doh(viaTable, method, { now: () => now });
    const before = viaTable.requests.length;
    expect((await dns.resolveTxt('_cap.ttl.test')).ttl).toBe(1);
    now += 900;
    expect((await dns.resolveTxt('_cap.ttl.test')).fromCache).toBe(true);
    now += 200;
    expect((await dns.resolveTxt('_cap.ttl.test')).fromCache).toBe(false);
    expect(viaTable.requests.length - before).toBe(2);
  });

  it('keeps answer order and takes the first valid https URL, with reasons for the others', async () => {
    const result = await doh(viaTable, method).resolveCapTxt('order.test');
    expect(result.url).toBe('https://order.test/a.json');
    expect(result.rejected.map((r) => r.reason)).toEqual([
      expect.stringMatching(/key=value/),
      expect.stringMatching(/http:/),
      expect.stringMatching(/earlier record/),
    ]);
  });

  it('reports SERVFAIL and does not cache it', async () => {
    const dns = doh(viaTable, method);
    expect((await dns.resolveTxt('_cap.fail.test')).outcome).toBe('servfail');
    expect((await dns.resolveTxt('_cap.fail.test')).fromCache).toBe(false);
  });
});

describe('DoH response checks', () => {
  it('subtracts the Age header from the TTL (RFC 8484 §5.1)', async () => {
    expect((await doh(aged, 'GET').resolveTxt('_cap.mixed.test')).ttl).toBe(100);
  });

  it('refuses a non-2xx status, a wrong content type and a body that is not DNS', async () => {
    const status = await doh(badStatus, 'GET').resolveTxt('_cap.mixed.test');
    expect(status).toMatchObject({ outcome: 'error', error: expect.stringMatching(/HTTP 503/) });
    const type = await doh(badType, 'POST').resolveTxt('_cap.mixed.test');
    expect(type).toMatchObject({
      outcome: 'error',
      error: expect.stringMatching(/content type "text\/html"/),
    });
    const body = await doh(garbage, 'GET').resolveTxt('_cap.mixed.test');
    expect(body.outcome).toBe('error');
    expect(body.error).toMatch(/response|malformed|query/);
  });

  it('refuses a plain-http DoH endpoint with the default HTTP client', async () => {
    const dns = createDnsResolver({ transport: 'doh', dohUrl: viaTable.url, timeoutMs: 2000 });
    try {
      const result = await dns.resolveTxt('_cap.mixed.test');
      expect(result.outcome).toBe('error');
      expect(result.error).toMatch(/DoH request/);
    } finally {
      await dns.close();
    }
  });
});
