import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHttpClient } from '@agentweb/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMemoryRobotsStore,
  createRobotsPolicy,
  parseRobotsTxt,
  robotsAllows,
} from '../src/robots/index.js';
import { type FakeWeb, startFakeWeb, testLookup } from './helpers/fake-web.js';
import { loopbackHttp } from './helpers/resolve-fixtures.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const hosts: Record<string, Handler> = {};
const hits: string[] = [];
let web: FakeWeb;
const http = loopbackHttp();
const text =
  (body: string, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(body);
  };

beforeAll(async () => {
  // Handlers are looked up per request, so a test can (re)place a host's handler before asking for it.
  web = await startFakeWeb({
    onRequest: (req, { host }) => void hits.push(`${host}${req.url}`),
    fallback: (req, res) => {
      const handler = hosts[(req.headers.host ?? '').replace(/:\d+$/, '')];
      if (handler) handler(req, res);
      else res.writeHead(404).end();
    },
  });
});

afterAll(async () => {
  await http.close();
  await web.close();
});

const url = (host: string, path: string): string => web.url(host, path);

describe('robotsAllows (pure)', () => {
  it('matches the crawler by product token, case-insensitively', () => {
    const robots = 'User-agent: capbot\nDisallow: /cart\n\nUser-agent: *\nDisallow: /\n';
    expect(robotsAllows(robots, 'CapBot/1.0 (+https://bot.example)', 'https://s.example/p/1')).toBe(true);
    expect(robotsAllows(robots, 'CapBot/1.0', 'https://s.example/cart/2')).toBe(false);
    expect(robotsAllows(robots, 'OtherBot', 'https://s.example/p/1')).toBe(false);
  });

  it('always allows /robots.txt and uses longest match with allow winning ties', () => {
    expect(robotsAllows('User-agent: *\nDisallow: /\n', 'Bot', 'https://s.example/robots.txt')).toBe(true);
    const robots = 'User-agent: *\nDisallow: /*.json$\nAllow: /.well-known/\nDisallow: /p\nAllow: /p\n';
    expect(robotsAllows(robots, 'Bot', 'https://s.example/.well-known/agent-card.json')).toBe(true);
    expect(robotsAllows(robots, 'Bot', 'https://s.example/a.json')).toBe(false);
    expect(robotsAllows(robots, 'Bot', 'https://s.example/a.json?x=1')).toBe(true);
    expect(robotsAllows(robots, 'Bot', 'https://s.example/p/1')).toBe(true);
  });

  it('ignores everything past 500 KiB and exposes crawl-delay', () => {
    const filler = `# ${'x'.repeat(1000)}\n`.repeat(520);
    const rules = parseRobotsTxt(`User-agent: *\nCrawl-delay: 2\n${filler}Disallow: /late\n`);
    expect(rules.isAllowed('https://s.example/late', 'Bot')).toBe(true);
    expect(rules.crawlDelay('Bot')).toBe(2);
  });
});

describe('createRobotsPolicy (RFC 9309 fetch semantics, loopback)', () => {
  it('applies a fetched file, sends the User-Agent and caches per origin', async () => {
    let agent = '';
    hosts['rules.test'] = (req, res) => {
      agent = String(req.headers['user-agent']);
      text('User-agent: CapBot\nDisallow: /private\nCrawl-delay: 1.5\n')(req, res);
    };
    const policy = createRobotsPolicy({ userAgent: 'CapBot/2.0', http });
    expect(await policy.isAllowed(url('rules.test', '/private/x'))).toBe(false);
    expect(await policy.isAllowed(url('rules.test', '/public'))).toBe(true);
    expect(await policy.crawlDelay(url('rules.test', '/'))).toBe(1.5);
    expect(agent).toBe('CapBot/2.0');
    expect(hits.filter((h) => h === 'rules.test/robots.txt')).toHaveLength(1);
    const record = await policy.getRecord(url('rules.test', '/'));
    expect(record).toMatchObject({
      outcome: 'parsed',
      status: 200,
      sourceUrl: url('rules.test', '/robots.txt'),
    });
    expect(record.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('allows everything on 4xx and disallows everything on 5xx or an unreachable host', async () => {
    hosts['gone.test'] = text('nope', 404);
    hosts['broken.test'] = text('oops', 503);
    hosts['limited.test'] = text('slow down', 429);
    const policy = createRobotsPolicy({ userAgent: 'CapBot', http });
    expect(await policy.isAllowed(url('gone.test', '/anything'))).toBe(true);
    expect(await policy.isAllowed(url('broken.test', '/anything'))).toBe(false);
    expect(await policy.isAllowed(url('limited.test', '/anything'))).toBe(false);
    // Nothing listens on port 1 of loopback: unreachable means disallow.
    expect(await policy.isAllowed('http://closed.test:1/x')).toBe(false);
    expect((await policy.getRecord('http://closed.test:1/')).outcome).toBe('unreachable');
    expect((await policy.getRecord(url('broken.test', '/'))).status).toBe(503);
  });

  it('follows up to 5 redirects and treats more as unavailable', async () => {
    hosts['hops.test'] = (req, res) => {
      const n = Number(new URL(req.url!, 'http://x').searchParams.get('n') ?? '0');
      if (n < 5) {
        res.writeHead(301, { location: `/robots.txt?n=${n + 1}` });
        res.end();
      } else text('User-agent: *\nDisallow: /\n')(req, res);
    };
    hosts['loop.test'] = (_req, res) => {
      res.writeHead(302, { location: '/robots.txt' });
      res.end();
    };
    const policy = createRobotsPolicy({ userAgent: 'CapBot', http });
    expect(await policy.isAllowed(url('hops.test', '/x'))).toBe(false);
    expect(await policy.isAllowed(url('loop.test', '/x'))).toBe(true);
    expect((await policy.getRecord(url('loop.test', '/'))).outcome).toBe('unavailable');
  });

  it('reads only the first 500 KiB of a huge file', async () => {
    hosts['huge.test'] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('User-agent: *\nDisallow: /early\n');
      res.end(`${'#'.repeat(1023)}\n`.repeat(2048) + 'Disallow: /late\n');
    };
    const policy = createRobotsPolicy({ userAgent: 'CapBot', http });
    expect(await policy.isAllowed(url('huge.test', '/early'))).toBe(false);
    expect(await policy.isAllowed(url('huge.test', '/late'))).toBe(true);
  });

  it('one caller aborting does not abort the robots.txt fetch the other callers share', async () => {
    let answer: () => void = () => {};
    hosts['shared.test'] = (_req, res) => {
      answer = () => text('User-agent: *\nDisallow: /private\n')(_req, res);
    };
    const policy = createRobotsPolicy({ userAgent: 'CapBot', http });
    const controller = new AbortController();
    const impatient = policy.isAllowed(url('shared.test', '/private'), { signal: controller.signal });
    const patient = policy.isAllowed(url('shared.test', '/private'));
    const reason = new Error('impatient caller left');
    controller.abort(reason);
    await expect(impatient).rejects.toBe(reason);
    // Answer only once the request has arrived, whatever the machine's load.
    for (let i = 0; i < 400 && !hits.includes('shared.test/robots.txt'); i++) {
      await new Promise((r) => setTimeout(r, 5));
    }
    answer();
    expect(await patient).toBe(false);
    expect(hits.filter((h) => h === 'shared.test/robots.txt')).toHaveLength(1);
  });

  it('a robots.txt redirect refused for safety disallows everything; only too many redirects allow', async () => {
    hosts['to-private.test'] = (_req, res) => {
      res.writeHead(301, { location: 'http://127.0.0.1:9/robots.txt' }).end();
    };
    const strict = loopbackHttp();
    const policy = createRobotsPolicy({ userAgent: 'CapBot', http: strict });
    expect(await policy.isAllowed(url('to-private.test', '/page'))).toBe(false);
    expect((await policy.getRecord(url('to-private.test', '/'))).outcome).toBe('unreachable');
    let hops = 0;
    hosts['loop.test'] = (_req, res) => {
      hops++;
      res.writeHead(302, { location: `/robots.txt?hop=${hops}` }).end();
    };
    expect(await policy.isAllowed(url('loop.test', '/page'))).toBe(true);
    expect((await policy.getRecord(url('loop.test', '/'))).outcome).toBe('unavailable');
    await strict.close();
  });

  it('a same-origin client default does not stop robots.txt from following a redirect to another host', async () => {
    hosts['moved.test'] = (_req, res) => {
      res.writeHead(301, { location: url('new-home.test', '/robots.txt') }).end();
    };
    hosts['new-home.test'] = text('User-agent: *\nDisallow: /gone\n');
    const sameOrigin = createHttpClient({
      allowHttp: true,
      allowPrivateNetwork: ['*.test'],
      lookup: testLookup(),
      retry: false,
      cache: false,
      redirect: 'same-origin',
      timeoutMs: 5_000,
    });
    const policy = createRobotsPolicy({ userAgent: 'CapBot', http: sameOrigin });
    expect(await policy.isAllowed(url('moved.test', '/gone'))).toBe(false);
    expect(await policy.isAllowed(url('moved.test', '/here'))).toBe(true);
    await sameOrigin.close();
  });

  it('a URL that is not http(s) is never allowed and getRecord says why', async () => {
    const policy = createRobotsPolicy({ userAgent: 'CapBot', http });
    expect(await policy.isAllowed('ftp://files.test/x')).toBe(false);
    await expect(policy.getRecord('not a url')).rejects.toMatchObject({ code: 'ROBOTS_BAD_URL' });
  });

  it('rejects with the abort reason and caches nothing when aborted', async () => {
    hosts['hang.test'] = () => {};
    const policy = createRobotsPolicy({ userAgent: 'CapBot', http });
    const controller = new AbortController();
    const reason = new Error('stop');
    const pending = policy.isAllowed(url('hang.test', '/x'), { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
    // The aborted fetch left nothing behind: the next call fetches again and sees the real file.
    hosts['hang.test'] = text('User-agent: *\nDisallow: /x\n');
    expect(await policy.isAllowed(url('hang.test', '/x'))).toBe(false);
    expect(await policy.isAllowed(url('hang.test', '/y'))).toBe(true);
  });
});

describe('createRobotsPolicy with a shared store', () => {
  it('fetches an origin once for every policy on the store, and each policy applies its own user agent', async () => {
    hosts['shared.test'] = text(
      'User-agent: alphabot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\nCrawl-delay: 4\n',
    );
    const store = createMemoryRobotsStore();
    const alpha = createRobotsPolicy({ userAgent: 'AlphaBot/1', http, store });
    const other = createRobotsPolicy({ userAgent: 'OtherBot/1', http, store });
    const before = hits.filter((h) => h.startsWith('shared.test')).length;
    expect(await alpha.isAllowed(url('shared.test', '/b'))).toBe(true);
    expect(await other.isAllowed(url('shared.test', '/b'))).toBe(false);
    expect(await other.crawlDelay(url('shared.test', '/'))).toBe(4);
    expect(hits.filter((h) => h.startsWith('shared.test')).length - before).toBe(1);
    const stored = await store.get(new URL(url('shared.test', '/')).origin);
    expect(stored).toMatchObject({ outcome: 'parsed', status: 200 });
    expect(stored?.text).toContain('alphabot');
    expect(stored?.expiresAt).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000);
  });

  it('uses a record another policy put in the store without fetching, until it expires', async () => {
    hosts['seeded.test'] = text('User-agent: *\nAllow: /\n');
    const store = createMemoryRobotsStore();
    const origin = new URL(url('seeded.test', '/')).origin;
    await store.set({
      origin,
      sourceUrl: `${origin}/robots.txt`,
      outcome: 'parsed',
      status: 200,
      fetchedAt: new Date().toISOString(),
      text: 'User-agent: *\nDisallow: /private\n',
      expiresAt: Date.now() + 100,
    });
    const policy = createRobotsPolicy({ userAgent: 'Bot/1', http, store });
    const before = hits.filter((h) => h.startsWith('seeded.test')).length;
    expect(await policy.isAllowed(`${origin}/private/x`)).toBe(false);
    expect(hits.filter((h) => h.startsWith('seeded.test')).length).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Expired everywhere: the policy fetches the file itself (which allows everything) and shares it.
    expect(await policy.isAllowed(`${origin}/private/x`)).toBe(true);
    expect(hits.filter((h) => h.startsWith('seeded.test')).length).toBe(before + 1);
  });

  it("rejects a call with the store's error when the store fails", async () => {
    const failing = {
      get: async () => {
        throw new Error('store down');
      },
      set: async () => {},
    };
    const policy = createRobotsPolicy({ userAgent: 'Bot/1', http, store: failing });
    await expect(policy.isAllowed(url('down-store.test', '/'))).rejects.toThrow('store down');
  });
});
