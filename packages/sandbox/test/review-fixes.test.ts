import dgram from 'node:dgram';
import http from 'node:http';
import dnsPacket, { type Packet } from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerQuery, FilterSyntaxError, parseFilter, type Sandbox, startSandbox } from '../src/index.js';
import { v03Caller } from './sdk-clients.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ merchants: 2, seed: 'review', dialects: ['0.3'] });
});
afterAll(async () => {
  await sb.close();
});

describe('filter limits', () => {
  it('a deeply nested or very long filter is CAP_SEARCH_QUERY_INVALID, not an agent crash', async () => {
    const m = sb.merchants[0];
    if (m === undefined) throw new Error('missing');
    const c = await v03Caller(sb, m);
    for (const filter of [
      `${'('.repeat(5000)}price = 1${')'.repeat(5000)}`,
      Array.from({ length: 5000 }, () => 'price = 1').join(' AND '),
    ]) {
      const r = await c.call([{ skillId: 'cap:product_search', data: { query: '', filter } }]);
      expect(r.state).toBe('failed');
      expect(r.error?.capErrorCode).toBe('CAP_SEARCH_QUERY_INVALID');
      expect(typeof r.error?.details?.['position']).toBe('number');
    }
  });
  it('parseFilter refuses excessive nesting with a position', () => {
    const deep = `${'('.repeat(100)}price = 1${')'.repeat(100)}`;
    expect(() => parseFilter(deep)).toThrow(FilterSyntaxError);
    expect(() => parseFilter(`${'('.repeat(10)}price = 1${')'.repeat(10)}`)).not.toThrow();
  });
});

describe('sandbox fetch', () => {
  it('refuses IP literals outside loopback without connecting', async () => {
    // The documentation addresses below are data only: the spy makes any attempt to open a request throw, so
    // even a regression of the guard cannot send a packet off this machine.
    const request = vi.spyOn(http, 'request').mockImplementation(() => {
      throw new Error('sandbox fetch tried to open a request');
    });
    await expect(sb.fetch('http://192.0.2.1:9/')).rejects.toThrow(/loopback/);
    await expect(sb.fetch('http://[2001:db8::1]:9/')).rejects.toThrow(/loopback/);
    expect(request).not.toHaveBeenCalled();
  });
});

describe('DNS robustness', () => {
  it('answers a query with many questions with FORMERR, not an amplified echo', () => {
    const questions = Array.from({ length: 50 }, () => ({
      type: 'TXT' as const,
      name: '_cap.shop-0.sandbox.test',
    }));
    const q = dnsPacket.decode(dnsPacket.encode({ type: 'query', id: 9, questions }));
    const out = answerQuery({ capTxt: new Map(), suffix: 'sandbox.test' }, q);
    expect((dnsPacket.decode(dnsPacket.encode(out)) as Packet & { rcode?: string }).rcode).toBe('FORMERR');
    expect(out.questions?.length ?? 0).toBe(0);
  });
  it('keeps serving after garbage datagrams', async () => {
    const s = dgram.createSocket('udp4');
    for (const b of [
      Buffer.alloc(0),
      Buffer.from([1, 2, 3]),
      Buffer.alloc(12, 0xff),
      Buffer.alloc(300, 0xc0),
    ])
      s.send(b, sb.dns.port, sb.dns.host);
    const reply = await new Promise<Packet>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no DNS answer')), 10_000);
      s.on('message', (msg) => {
        clearTimeout(timer);
        resolve(dnsPacket.decode(msg));
      });
      s.send(
        dnsPacket.encode({
          type: 'query',
          id: 3,
          questions: [{ type: 'TXT', name: `_cap.${sb.merchants[1]?.domain}` }],
        }),
        sb.dns.port,
        sb.dns.host,
      );
    });
    s.close();
    expect(reply.id).toBe(3);
    expect(reply.answers?.[0]?.type).toBe('TXT');
  });
});

describe('host option', () => {
  it('another 127/8 address: lookup, DNS and fetch point at the bound address', async () => {
    const own = await startSandbox({ merchants: 1, host: '127.0.0.2' });
    try {
      expect((await own.fetch(own.merchants[0]?.cardUrl ?? '')).status).toBe(200);
    } finally {
      await own.close();
    }
  });
  it('::1 binds HTTP and DNS on IPv6 loopback', async () => {
    const own = await startSandbox({ merchants: 1, host: '::1' });
    try {
      expect(own.dns.host).toBe('::1');
      expect(new URL(own.doh).hostname).toBe('[::1]');
      expect((await own.fetch(own.merchants[0]?.cardUrl ?? '')).status).toBe(200);
    } finally {
      await own.close();
    }
  });
  it('refuses a non-loopback bind address', async () => {
    await expect(startSandbox({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });
});

describe('hang: all', () => {
  it('every path of the merchant stays open until close()', async () => {
    const own = await startSandbox({ merchants: 1, faults: { 0: { hang: 'all' } } });
    const m = own.merchants[0];
    if (m === undefined) throw new Error('missing');
    const pending = own.fetch(`${m.baseUrl}/robots.txt`).then(
      () => 'answered',
      () => 'ended',
    );
    // Wait until the request has reached the merchant, however slow the machine is.
    while (m.stats.httpRequests === 0) await new Promise((r) => setTimeout(r, 10));
    await own.close();
    expect(await pending).toBe('ended');
  });
});
