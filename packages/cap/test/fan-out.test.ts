import { StateStoreError } from '@agentweb/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createMerchantBackoff } from '../src/backoff/index.js';
import { type ContextKey, createMemoryContextStore } from '../src/context/index.js';
import { createSearchCache, fanOutSearch, fanOutSearchStream } from '../src/fan-out/index.js';
import { createMerchantClient } from '../src/merchant/index.js';
import { type Script, searchOutput, startCapDouble } from './helpers/cap-double.js';
import { describeSearchCachePartitions } from './helpers/search-cache-partitions.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function merchantsFor(count: number, script: (index: number) => Script) {
  const double = await startCapDouble({ merchants: count, script });
  close = double.close;
  const store = createMemoryContextStore();
  const clients = double.merchants.map((m) =>
    createMerchantClient({
      profile: m.profile,
      http: double.http,
      contextStore: store,
      userId: 'u1',
      merchantId: m.id,
      agentCardUrl: m.cardUrl,
      backoff: createMerchantBackoff({ random: () => 0 }),
    }),
  );
  return { double, clients, store };
}

describe('fanOutSearch', () => {
  it('returns partial results at the deadline when one merchant hangs, with one outcome per merchant', async () => {
    const { clients } = await merchantsFor(
      5,
      (i) => () => (i === 2 ? { hang: true } : { output: searchOutput(`m${i}`, 2) }),
    );
    const result = await fanOutSearch({
      query: 'lamp',
      merchants: clients,
      deadlineMs: 1_000,
      concurrency: 5,
    });
    expect(result.outcomes.map((o) => o.status)).toEqual(['ok', 'ok', 'timeout', 'ok', 'ok']);
    expect(result.outcomes[2]).toMatchObject({ merchantId: 'merchant-2', reason: 'deadline', products: 0 });
    expect(result.deadlineReached).toBe(true);
    expect(result.products).toHaveLength(8);
    for (const item of result.products) {
      expect(item.agentCardUrl).toMatch(/\/m\/\d\/card$/);
      expect(item.product.id.startsWith(item.merchantId.replace('merchant-', 'm'))).toBe(true);
    }
  });

  it('interleaves round-robin and de-duplicates only by GTIN', async () => {
    const { clients } = await merchantsFor(3, (i) => () => ({
      output: searchOutput(`m${i}`, 2, (p) =>
        p === 0 && i !== 2 ? { gtin13: '4006381333931' } : p === 0 ? { gtin: '04006381333931' } : {},
      ),
    }));
    const result = await fanOutSearch({ query: 'pen', merchants: clients, deadlineMs: 5000 });
    expect(result.products.map((p) => p.product.id)).toEqual(['m0-p0', 'm0-p1', 'm1-p1', 'm2-p1']);
    expect(result.duplicates).toBe(2);
    expect(result.products[0]!.alsoFrom.map((a) => a.productId)).toEqual(['m1-p0', 'm2-p0']);
  });

  it('reports error, rate-limited and skipped outcomes without losing other merchants', async () => {
    const { clients } = await merchantsFor(4, (i) => () => {
      if (i === 0) return { error: { capErrorCode: 'CAP_SEARCH_FAILED', description: 'boom' } };
      if (i === 1) return { http: 429, headers: { 'retry-after': '60' } };
      return { output: searchOutput(`m${i}`, 1) };
    });
    const noSearch = createMerchantClient({
      ...clientOptions(clients[3]!),
      profile: { ...clients[3]!.profile, skills: [] },
    });
    const result = await fanOutSearch({
      query: 'x',
      merchants: [...clients.slice(0, 3), noSearch],
      deadlineMs: 5000,
    });
    expect(result.outcomes.map((o) => [o.status, o.reason])).toEqual([
      ['error', 'CAP_TASK_FAILED'],
      ['rate-limited', 'rate-limited'],
      ['ok', undefined],
      ['skipped', 'not-declared'],
    ]);
    expect(result.products.map((p) => p.merchantId)).toEqual(['merchant-2']);
  });

  it('searches anonymously, with a context-unavailable warning, when the context store cannot be read; requireContext fails instead', async () => {
    const { double } = await merchantsFor(2, (i) => () => ({ output: searchOutput(`m${i}`, 2) }));
    const stored = createMemoryContextStore();
    await stored.set({ userId: 'u1', merchantId: 'merchant-0' }, 'ctx-kept');
    // What a Redis store does during an outage: every call rejects with StateStoreError.
    const down = new StateStoreError({
      store: 'redis',
      operation: 'contextStore.get',
      reason: 'not connected',
    });
    let available = false;
    const unreachable = {
      get: (key: ContextKey) => (available ? stored.get(key) : Promise.reject(down)),
      set: (key: ContextKey, contextId: string) =>
        available ? stored.set(key, contextId) : Promise.reject(down),
      delete: (key: ContextKey) => (available ? stored.delete(key) : Promise.reject(down)),
    };
    const merchants = double.merchants.map((m) =>
      createMerchantClient({
        profile: m.profile,
        http: double.http,
        contextStore: unreachable,
        userId: 'u1',
        merchantId: m.id,
      }),
    );
    const result = await fanOutSearch({ query: 'lamp', merchants });
    expect(result.outcomes.map((o) => [o.status, o.personalised])).toEqual([
      ['ok', false],
      ['ok', false],
    ]);
    for (const outcome of result.outcomes)
      expect(outcome.warnings).toContainEqual(
        expect.objectContaining({ code: 'context-unavailable', path: 'context' }),
      );
    // Sent without the stored contextId; the contextIds the merchants issued were not stored.
    expect(double.merchants.map((m) => m.received.at(-1)?.contextId)).toEqual([undefined, undefined]);
    available = true;
    expect(await stored.get({ userId: 'u1', merchantId: 'merchant-0' })).toBe('ctx-kept');
    expect(await stored.get({ userId: 'u1', merchantId: 'merchant-1' })).toBeUndefined();
    available = false;
    const required = await fanOutSearch({ query: 'lamp', merchants, requireContext: true });
    expect(required.outcomes.map((o) => [o.status, o.reason])).toEqual([
      ['error', 'STATE_STORE_UNAVAILABLE'],
      ['error', 'STATE_STORE_UNAVAILABLE'],
    ]);
    expect(double.merchants.map((m) => m.received.length)).toEqual([1, 1]);
    // Back up: personalised again, with the stored contextId.
    available = true;
    const back = await fanOutSearch({ query: 'lamp', merchants });
    expect(back.outcomes.map((o) => o.warnings.length)).toEqual([0, 0]);
    expect(double.merchants[0]!.received.at(-1)?.contextId).toBe('ctx-kept');
  });

  it('uses the page budget and the cache, but never the cache for personalised calls', async () => {
    const { double, clients } = await merchantsFor(2, (i) => (call) => {
      const offset = (call.data as { offset: number }).offset;
      const page = searchOutput(`m${i}-o${offset}`, 2);
      return i === 1
        ? { output: { ...page, totalResults: 10, offset } }
        : { output: { ...page, totalResults: 10, offset }, contextId: undefined };
    });
    const cache = createSearchCache();
    const anonymous = {
      query: 'sofa',
      merchants: clients,
      limit: 2,
      pages: 2,
      deadlineMs: 5000,
      cache,
      personalise: false,
    };
    const first = await fanOutSearch(anonymous);
    expect(first.outcomes.map((o) => o.pages)).toEqual([2, 2]);
    const second = await fanOutSearch(anonymous);
    expect(second.outcomes.map((o) => o.cachedPages)).toEqual([2, 2]);
    expect(double.merchants.map((m) => m.received.length)).toEqual([2, 2]);
    // Personalised: the first call stores a contextId, so later calls send it and bypass the cache.
    await clients[0]!.productSearch({ query: 'warm-up' });
    const personal = await fanOutSearch({ ...anonymous, personalise: true });
    expect(personal.outcomes[0]).toMatchObject({ personalised: true, cachedPages: 0, pages: 2 });
    expect(double.merchants[0]!.received.length).toBe(5);
  });

  it('streams each merchant as it finishes', async () => {
    const { clients } = await merchantsFor(
      3,
      (i) => () => (i === 0 ? { hang: true } : { output: searchOutput(`m${i}`, 1) }),
    );
    const seen: string[] = [];
    for await (const chunk of fanOutSearchStream({ query: 'q', merchants: clients, deadlineMs: 1_000 })) {
      seen.push(`${chunk.outcome.merchantId}:${chunk.outcome.status}`);
    }
    expect(seen.slice(0, 2).sort()).toEqual(['merchant-1:ok', 'merchant-2:ok']);
    expect(seen[2]).toBe('merchant-0:timeout');
  });

  it('treats a deadline beyond what a timer can hold as "no practical deadline", not as an instant one', async () => {
    const { clients } = await merchantsFor(2, (i) => () => ({ output: searchOutput(`m${i}`, 1) }));
    const result = await fanOutSearch({ query: 'q', merchants: clients, deadlineMs: 2 ** 31 });
    expect(result.outcomes.map((o) => o.status)).toEqual(['ok', 'ok']);
    expect(result.products).toHaveLength(2);
  });

  it('searches the merchants given when it started: a caller changing the array later changes nothing', async () => {
    const { clients } = await merchantsFor(3, (i) => () => ({ output: searchOutput(`m${i}`, 1) }));
    const merchants = [clients[0]!, clients[1]!];
    const seen: string[] = [];
    for await (const chunk of fanOutSearchStream({ query: 'q', merchants, deadlineMs: 5_000 })) {
      seen.push(chunk.outcome.merchantId);
      // Reading `merchants.length` live, the stream would wait for a chunk no merchant will ever send.
      if (seen.length === 1) merchants.push(clients[2]!);
    }
    expect(seen.sort()).toEqual(['merchant-0', 'merchant-1']);
    const shrinking = [clients[0]!, clients[1]!, clients[2]!];
    const result = fanOutSearch({ query: 'q', merchants: shrinking, deadlineMs: 5_000 });
    shrinking.length = 0;
    expect((await result).outcomes.map((o) => o.merchantId)).toEqual([
      'merchant-0',
      'merchant-1',
      'merchant-2',
    ]);
  });

  it('refuses a sparse merchants array, whose hole would never send its chunk', async () => {
    const { double, clients } = await merchantsFor(2, (i) => () => ({ output: searchOutput(`m${i}`, 1) }));
    // biome-ignore lint/suspicious/noSparseArray: the hole is what plain JavaScript can pass
    const merchants = [clients[0]!, , clients[1]!] as typeof clients;
    await expect(fanOutSearch({ query: 'q', merchants, deadlineMs: 1_000 })).rejects.toMatchObject({
      name: 'InvalidOptionError',
      option: 'merchants[1]',
      received: 'a hole (sparse array)',
    });
    expect(double.merchants.every((m) => m.received.length === 0)).toBe(true);
  });

  it('keeps at most `limit` products per page from a merchant that sends more, with a warning', async () => {
    const { clients } = await merchantsFor(2, (i) => () => ({
      output: searchOutput(`m${i}`, i === 0 ? 50 : 2),
    }));
    const result = await fanOutSearch({ query: 'q', merchants: clients, limit: 3, deadlineMs: 5000 });
    expect(result.outcomes.map((o) => o.products)).toEqual([3, 2]);
    expect(result.outcomes[0]!.warnings.map((w) => w.code)).toContain('page-truncated');
    expect(result.products.map((p) => p.product.id)).toEqual(['m0-p0', 'm1-p0', 'm0-p1', 'm1-p1', 'm0-p2']);
  });

  it('sends phrase search as keyword to a merchant that does not advertise phrase, and says so', async () => {
    const { double, clients } = await merchantsFor(1, () => () => ({ output: searchOutput('m0', 1) }));
    const result = await fanOutSearch({ query: 'desk lamp', queryMode: 'phrase', merchants: clients });
    expect(double.merchants[0]!.received[0]!.data).toMatchObject({ queryMode: 'keyword' });
    expect(result.outcomes[0]!.warnings.map((w) => w.code)).toContain('query-mode-fallback');
  });

  it('refuses PII and invalid limits before calling anyone', async () => {
    const { double, clients } = await merchantsFor(1, () => () => ({ output: searchOutput('m', 1) }));
    await expect(fanOutSearch({ query: 'call +1 415 555 0100', merchants: clients })).rejects.toMatchObject({
      code: 'CAP_PII_REFUSED',
    });
    await expect(fanOutSearch({ query: 'ok', merchants: clients, limit: 101 })).rejects.toMatchObject({
      code: 'CAP_INVALID_INPUT',
    });
    expect(double.merchants[0]!.received).toHaveLength(0);
  });
});

describeSearchCachePartitions('in-memory search cache', () => createSearchCache());

function clientOptions(client: ReturnType<typeof createMerchantClient>) {
  return {
    profile: client.profile,
    contextStore: client.contextStore,
    userId: client.userId,
    merchantId: 'no-search',
  };
}
