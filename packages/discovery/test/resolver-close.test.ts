import type { HttpClient } from '@agentweb/http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { crawl } from '../src/crawl/index.js';
import type { CapTxtResult, DnsResolver } from '../src/dns/index.js';
import { createResolver } from '../src/resolve/index.js';
import { type FakeWeb, startFakeWeb } from './helpers/fake-web.js';
import { fakeTxt, loopbackHttp } from './helpers/resolve-fixtures.js';

// Every client and DNS resolver the code under test creates is recorded with a counting close(). The DNS
// factory is replaced outright: the real default would read /etc/resolv.conf and ask a non-loopback server.
const made = vi.hoisted(() => ({
  http: [] as { close: () => Promise<void>; closes: number }[],
  dns: [] as { closes: number }[],
}));

vi.mock('@agentweb/http', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@agentweb/http')>();
  return {
    ...actual,
    createHttpClient: (...args: Parameters<typeof actual.createHttpClient>) => {
      const client = actual.createHttpClient(...args);
      const entry = { closes: 0, close: client.close };
      made.http.push(entry);
      return {
        ...client,
        close: async () => {
          entry.closes++;
          await entry.close();
        },
      };
    },
  };
});

vi.mock('../src/dns/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/dns/index.js')>();
  return {
    ...actual,
    createDnsResolver: (): DnsResolver => {
      const entry = { closes: 0 };
      made.dns.push(entry);
      const nx = async (name: string): Promise<CapTxtResult> => ({
        name,
        outcome: 'nxdomain',
        records: [],
        fromCache: false,
        elapsedMs: 0,
        transport: 'udp',
        rejected: [],
      });
      return {
        resolveTxt: nx,
        resolveCapTxt: (domain) => nx(`_cap.${domain}`),
        clearCache: () => {},
        close: async () => {
          entry.closes++;
        },
      };
    },
  };
});

let web: FakeWeb;
const http = loopbackHttp();

beforeAll(async () => {
  web = await startFakeWeb();
});
afterAll(async () => {
  await http.close();
  await web.close();
});
beforeEach(() => {
  made.http.length = 0;
  made.dns.length = 0;
});

function spied(client: HttpClient): HttpClient & { closes: number } {
  const wrapped = { ...client, closes: 0 };
  wrapped.close = async () => {
    wrapped.closes++;
  };
  return wrapped;
}

describe('resolver.close()', () => {
  it('closes the HTTP client the resolver created, once, however often it is called', async () => {
    const resolver = createResolver({ dns: fakeTxt({}) });
    expect(made.http).toHaveLength(1);
    await resolver.close();
    await resolver.close();
    expect(made.http[0]?.closes).toBe(1);
  });

  it('leaves a client and a DNS resolver that were passed in open', async () => {
    const given = spied(http);
    const dns = { ...fakeTxt({}), close: vi.fn(async () => {}) };
    const resolver = createResolver({ http: given, dns, mechanisms: ['dns-txt'] });
    await resolver.resolve(web.domain('none.test')).catch(() => undefined);
    await resolver.close();
    expect(given.closes).toBe(0);
    expect(dns.close).not.toHaveBeenCalled();
    expect(made.http).toHaveLength(0);
    expect(made.dns).toHaveLength(0);
  });

  it('closes the DNS resolver it created on first use, and creates none when DNS was never asked', async () => {
    const unused = createResolver({ http, mechanisms: ['agent-card'] });
    await unused.resolve(web.domain('none.test')).catch(() => undefined);
    await unused.close();
    expect(made.dns).toHaveLength(0);
    const used = createResolver({ http, mechanisms: ['dns-txt'] });
    await used.resolve(web.domain('none.test')).catch(() => undefined);
    expect(made.dns).toHaveLength(1);
    await used.close();
    await used.close();
    expect(made.dns[0]?.closes).toBe(1);
  });

  it('a closed resolver refuses new work with a typed error instead of using closed clients', async () => {
    const resolver = createResolver({ http, dns: fakeTxt({}) });
    await resolver.close();
    const error = await resolver.resolve('shop.test').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AgentWebError', code: 'DISCOVERY_RESOLVER_CLOSED' });
    const many = await resolver.resolveMany(['shop.test']);
    expect(many[0]).toMatchObject({ ok: false, error: { code: 'DISCOVERY_RESOLVER_CLOSED' } });
  });
});

describe('crawl closes the resolver it created', () => {
  const options = () => ({
    http,
    scheme: 'http' as const,
    perHostDelayMs: 0,
    resolverOptions: { mechanisms: ['dns-txt', 'agent-card'] as const },
  });

  it('when the crawl finishes', async () => {
    const records = [];
    for await (const record of crawl([web.domain('a.test'), web.domain('b.test')], options())) {
      records.push(record);
    }
    expect(records.length).toBeGreaterThan(0);
    expect(made.dns).toHaveLength(1);
    expect(made.dns[0]?.closes).toBe(1);
    // The crawler's own HTTP client belongs to the caller: it is neither created nor closed here.
    expect(made.http).toHaveLength(0);
  });

  it('when the consumer stops early or the crawl is aborted', async () => {
    for await (const _record of crawl([web.domain('a.test'), web.domain('b.test')], options())) break;
    const controller = new AbortController();
    for await (const _record of crawl([web.domain('a.test'), web.domain('b.test')], {
      ...options(),
      signal: controller.signal,
    })) {
      controller.abort(new Error('stop'));
    }
    expect(made.dns.map((d) => d.closes)).toEqual(made.dns.map(() => 1));
    expect(made.dns.length).toBeGreaterThan(0);
  });

  it('leaves an injected resolve function (and its resolver) alone', async () => {
    const resolver = createResolver({ http, dns: fakeTxt({}), mechanisms: ['dns-txt'] });
    const close = vi.spyOn(resolver, 'close');
    for await (const _record of crawl([web.domain('a.test')], { ...options(), resolve: resolver.resolve })) {
      // drain
    }
    expect(close).not.toHaveBeenCalled();
    expect(made.dns).toHaveLength(0);
  });
});
