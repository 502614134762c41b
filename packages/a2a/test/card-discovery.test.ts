import type { ServerResponse } from 'node:http';
import { isHttpStatusError } from '@agentweb/http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardLocation, createA2AClient, createCardCache } from '../src/index.js';
import {
  type AgentDouble,
  type RecordedCall,
  reply,
  sendJson,
  startAgentDouble,
  v03Card,
} from './helpers/agent-double.js';
import { loopbackHttp } from './helpers/http.js';
import { type OfficialPeer, startV03Peer } from './helpers/official-peers.js';

const text = (t: string) => [{ kind: 'text' as const, text: t }];

describe('card location', () => {
  it('derives both well-known paths from an origin or a bare domain', () => {
    expect(cardLocation({ baseUrl: 'https://agent.example/some/page' })).toEqual({
      primary: 'https://agent.example/.well-known/agent-card.json',
      legacy: 'https://agent.example/.well-known/agent.json',
    });
    expect(cardLocation({ baseUrl: 'agent.example' }).primary).toBe(
      'https://agent.example/.well-known/agent-card.json',
    );
  });

  it('uses a card URL as given, with the fallback only for the well-known path', () => {
    expect(cardLocation({ cardUrl: 'https://a.example/.well-known/agent-card.json' }).legacy).toBe(
      'https://a.example/.well-known/agent.json',
    );
    expect(cardLocation({ cardUrl: 'https://a.example/cards/shop.json' })).toEqual({
      primary: 'https://a.example/cards/shop.json',
    });
  });
});

describe('discovery against the official 0.3.14 server (agent-card.json only)', () => {
  let peer: OfficialPeer;
  const http = loopbackHttp();
  beforeAll(async () => {
    peer = await startV03Peer();
  });
  afterAll(async () => {
    await peer.close();
    await http.close();
  });

  it('finds the card from the base URL and talks to the agent', async () => {
    const client = await createA2AClient({ baseUrl: peer.baseUrl, http, cardCache: false });
    expect(client.cardUrl).toBe(`${peer.baseUrl}/.well-known/agent-card.json`);
    expect(client.dialect).toBe('0.3');
    const { message } = await client.sendMessage({ message: { messageId: 'msg-1', parts: text('hi') } });
    expect(message?.kind).toBe('message');
  });
});

/** A double that serves its card only at `cardPath`, counting card requests. */
function legacyOnly(cardPath: string, cacheControl?: string) {
  const state = { cardRequests: 0 };
  const script = (double: () => AgentDouble) => (call: RecordedCall, res: ServerResponse) => {
    const path = call.url.split('?')[0];
    if (path === cardPath) {
      state.cardRequests++;
      if (cacheControl !== undefined) res.setHeader('cache-control', cacheControl);
      sendJson(res, v03Card(double().rpcUrl));
      return;
    }
    if (call.method === 'message/send') {
      reply(res, call, { kind: 'message', role: 'agent', messageId: 'r1', parts: text('pong') });
      return;
    }
    sendJson(res, { error: 'not found' }, 404);
  };
  return { state, script };
}

describe('legacy card path fallback (a double serving only /.well-known/agent.json)', () => {
  let double: AgentDouble;
  const http = loopbackHttp();
  const served = legacyOnly('/.well-known/agent.json');
  beforeAll(async () => {
    double = await startAgentDouble(served.script(() => double));
  });
  afterAll(async () => {
    await double.close();
    await http.close();
  });

  it('falls back from the base URL', async () => {
    const client = await createA2AClient({ baseUrl: double.baseUrl, http, cardCache: false });
    expect(client.cardUrl).toBe(`${double.baseUrl}/.well-known/agent.json`);
    const { message } = await client.sendMessage({ message: { parts: text('ping') } });
    expect(message?.parts).toEqual(text('pong'));
  });

  it('falls back from a well-known agent-card.json URL that answers 404', async () => {
    const client = await createA2AClient({
      cardUrl: `${double.baseUrl}/.well-known/agent-card.json`,
      http,
      cardCache: false,
    });
    expect(client.cardUrl).toBe(`${double.baseUrl}/.well-known/agent.json`);
  });

  it('does not guess for any other card URL', async () => {
    const error = await createA2AClient({
      cardUrl: `${double.baseUrl}/cards/a.json`,
      http,
      cardCache: false,
    }).catch((e: unknown) => e);
    expect(isHttpStatusError(error) && error.status).toBe(404);
    expect(double.calls.filter((c) => c.url === '/.well-known/agent.json' && c.method === '')).toHaveLength(
      2,
    );
  });
});

describe('no card on either path', () => {
  it('reports the 404 of the current well-known path', async () => {
    const double = await startAgentDouble((_call, res) => sendJson(res, {}, 404));
    const http = loopbackHttp();
    try {
      const error = await createA2AClient({ baseUrl: double.baseUrl, http, cardCache: false }).catch(
        (e: unknown) => e,
      );
      expect(isHttpStatusError(error) && error.url).toBe(`${double.baseUrl}/.well-known/agent-card.json`);
      expect(double.calls.map((c) => c.url)).toEqual([
        '/.well-known/agent-card.json',
        '/.well-known/agent.json',
      ]);
    } finally {
      await double.close();
      await http.close();
    }
  });
});

describe('card cache', () => {
  let double: AgentDouble;
  let served: ReturnType<typeof legacyOnly>;
  const http = loopbackHttp();
  const start = async (cacheControl?: string) => {
    served = legacyOnly('/.well-known/agent-card.json', cacheControl);
    double = await startAgentDouble(served.script(() => double));
  };
  afterEach(async () => {
    await double.close();
  });
  afterAll(async () => {
    await http.close();
  });

  it('fetches the card once for two clients sharing a cache, and for concurrent creations', async () => {
    await start();
    const cardCache = createCardCache();
    const cardUrl = `${double.baseUrl}/.well-known/agent-card.json`;
    const a = await createA2AClient({ cardUrl, http, cardCache });
    const b = await createA2AClient({ cardUrl, http, cardCache });
    const more = await Promise.all(
      [1, 2, 3].map(() => createA2AClient({ baseUrl: double.baseUrl, http, cardCache })),
    );
    expect(served.state.cardRequests).toBe(1);
    expect(b.card).toBe(a.card);
    expect(more[2]?.profile).toBe(a.profile);
  });

  it('shares one fetch between concurrent creations on a cold cache', async () => {
    await start();
    const cardCache = createCardCache();
    await Promise.all([1, 2, 3, 4].map(() => createA2AClient({ baseUrl: double.baseUrl, http, cardCache })));
    expect(served.state.cardRequests).toBe(1);
  });

  it('hands out a frozen card that callers cannot change for each other', async () => {
    await start();
    const cardCache = createCardCache();
    const a = await createA2AClient({ baseUrl: double.baseUrl, http, cardCache });
    expect(() => {
      (a.card as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    const b = await createA2AClient({ baseUrl: double.baseUrl, http, cardCache });
    expect((b.card as { name: string }).name).toBe('double');
  });

  it('refetches after the default lifetime', async () => {
    await start();
    let now = 1_000_000;
    const cardCache = createCardCache({ defaultTtlMs: 60_000, now: () => now });
    await createA2AClient({ baseUrl: double.baseUrl, http, cardCache });
    now += 59_000;
    await createA2AClient({ baseUrl: double.baseUrl, http, cardCache });
    expect(served.state.cardRequests).toBe(1);
    now += 2_000;
    await createA2AClient({ baseUrl: double.baseUrl, http, cardCache });
    expect(served.state.cardRequests).toBe(2);
  });

  it("follows the response's max-age, clamped", async () => {
    await start('public, max-age=5');
    let now = 0;
    const cardCache = createCardCache({ minTtlMs: 10_000, now: () => now });
    await createA2AClient({ baseUrl: double.baseUrl, http, cardCache });
    now += 9_000; // past max-age=5 but within the 10 s floor
    await createA2AClient({ baseUrl: double.baseUrl, http, cardCache });
    expect(served.state.cardRequests).toBe(1);
    now += 2_000;
    await createA2AClient({ baseUrl: double.baseUrl, http, cardCache });
    expect(served.state.cardRequests).toBe(2);
  });

  it('does not store a card sent with no-store', async () => {
    await start('no-store');
    const cardCache = createCardCache();
    await createA2AClient({ baseUrl: double.baseUrl, http, cardCache });
    await createA2AClient({ baseUrl: double.baseUrl, http, cardCache });
    expect(served.state.cardRequests).toBe(2);
    expect(cardCache.size).toBe(0);
  });

  it('caches per HTTP client by default, and not at all with cardCache: false', async () => {
    await start();
    const own = loopbackHttp();
    try {
      await createA2AClient({ baseUrl: double.baseUrl, http: own });
      await createA2AClient({ baseUrl: double.baseUrl, http: own });
      expect(served.state.cardRequests).toBe(1);
      await createA2AClient({ baseUrl: double.baseUrl, http: own, cardCache: false });
      expect(served.state.cardRequests).toBe(2);
    } finally {
      await own.close();
    }
  });
});

describe('createCardCache', () => {
  it('keeps at most maxEntries cards, dropping the least recently used', async () => {
    const cache = createCardCache({ maxEntries: 2 });
    const entry = (url: string) => ({ card: {}, parsed: {} as never, url });
    const load = (url: string) => () => Promise.resolve({ entry: entry(url), ttlMs: undefined });
    await cache.getOrLoad('a', load('a'));
    await cache.getOrLoad('b', load('b'));
    cache.get('a');
    await cache.getOrLoad('c', load('c'));
    expect(cache.size).toBe(2);
    expect(cache.get('a')?.url).toBe('a');
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not keep a failed load', async () => {
    const cache = createCardCache();
    await expect(cache.getOrLoad('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.size).toBe(0);
  });
});
