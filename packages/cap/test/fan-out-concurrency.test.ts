import { parseAgentCard } from '@agentweb/agentcard';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryContextStore } from '../src/context/index.js';
import {
  DEFAULT_FAN_OUT_CONCURRENCY,
  DEFAULT_PER_HOST_CONCURRENCY,
  fanOutSearch,
} from '../src/fan-out/index.js';
import { createMerchantClient, type MerchantClient } from '../src/merchant/index.js';
import { type Reply, searchOutput, startCapDouble } from './helpers/cap-double.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** Counts the calls in flight across every double, and the most seen at once. */
function inFlightCounter() {
  const state = { now: 0, max: 0 };
  const reply = (merchant: string, hold: Promise<unknown>): Reply => {
    state.now += 1;
    state.max = Math.max(state.max, state.now);
    return {
      after: hold.then(() => {
        state.now -= 1;
      }),
      reply: { output: searchOutput(merchant, 1) },
    };
  };
  return { state, reply };
}

function clientsOf(
  merchants: { profile: MerchantClient['profile']; id: string; cardUrl: string }[],
  http: Parameters<typeof createMerchantClient>[0]['http'],
) {
  const contextStore = createMemoryContextStore();
  return merchants.map((m) =>
    createMerchantClient({
      profile: m.profile,
      ...(http ? { http } : {}),
      contextStore,
      userId: 'u1',
      merchantId: m.id,
      agentCardUrl: m.cardUrl,
    }),
  );
}

/** One double (one host:port) for `count` merchants, each holding its answer for 30 ms. */
async function merchantsOnOneHost(count: number, counter: ReturnType<typeof inFlightCounter>) {
  const double = await startCapDouble({
    merchants: count,
    script: (i) => () => counter.reply(`m${i}`, new Promise((resolve) => setTimeout(resolve, 30))),
  });
  closers.push(double.close);
  return double;
}

/** One double (one host:port) per merchant. */
async function merchantsOnDistinctHosts(count: number, script: (index: number) => Reply) {
  const clients: MerchantClient[] = [];
  for (let i = 0; i < count; i += 1) {
    const double = await startCapDouble({ merchants: 1, script: () => () => script(i) });
    closers.push(async () => {
      await double.http.close();
      await double.close();
    });
    const [merchant] = double.merchants;
    clients.push(...clientsOf([{ ...merchant!, id: `host-${i}` }], double.http));
  }
  return clients;
}

describe('fan-out concurrency defaults', () => {
  it('are generous globally and bounded per host', () => {
    expect(DEFAULT_FAN_OUT_CONCURRENCY).toBeGreaterThanOrEqual(100);
    expect(DEFAULT_PER_HOST_CONCURRENCY).toBeGreaterThan(1);
  });

  it('calls 100 merchants on distinct hosts all at once with default options', async () => {
    const count = 100;
    const counter = inFlightCounter();
    let arrived = 0;
    let release!: () => void;
    const allArrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Every merchant holds its answer until all of them have been called: one queued merchant would keep the
    // others waiting until the deadline.
    const clients = await merchantsOnDistinctHosts(count, (i) => {
      arrived += 1;
      if (arrived === count) release();
      return counter.reply(`m${i}`, allArrived);
    });
    const result = await fanOutSearch({ query: 'lamp', merchants: clients, deadlineMs: 10_000 });
    expect(result.outcomes.filter((o) => o.status === 'ok')).toHaveLength(count);
    expect(counter.state.max).toBe(count);
    expect(result.deadlineReached).toBe(false);
  });

  it('holds merchants that share a host to perHostConcurrency at a time, without losing any', async () => {
    const counter = inFlightCounter();
    const double = await merchantsOnOneHost(12, counter);
    const clients = clientsOf(double.merchants, double.http);
    const result = await fanOutSearch({
      query: 'lamp',
      merchants: clients,
      perHostConcurrency: 3,
      deadlineMs: 10_000,
    });
    expect(result.outcomes.every((o) => o.status === 'ok')).toBe(true);
    expect(counter.state.max).toBe(3);
  });

  it("keys the host pool on the endpoint the A2A client calls, not on the card's first interface", async () => {
    const counter = inFlightCounter();
    const double = await merchantsOnOneHost(4, counter);
    // Each card lists first an interface of a binding no client speaks, on a host of its own; every call goes to
    // the one double behind the JSON-RPC interface after it.
    const merchants = double.merchants.map((m, i) => ({
      ...m,
      profile: parseAgentCard({
        ...m.card,
        url: `http://soap-${i}.test/soap`,
        preferredTransport: 'SOAP',
        additionalInterfaces: [{ url: m.rpcUrl, transport: 'JSONRPC' }],
      }).profile,
    }));
    expect(merchants.map((m) => m.profile.endpoints[0]?.binding)).toEqual(['SOAP', 'SOAP', 'SOAP', 'SOAP']);
    const result = await fanOutSearch({
      query: 'lamp',
      merchants: clientsOf(merchants, double.http),
      perHostConcurrency: 1,
      deadlineMs: 10_000,
    });
    expect(result.outcomes.map((o) => o.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(counter.state.max).toBe(1);
  });

  it('applies the global limit across hosts', async () => {
    const counter = inFlightCounter();
    const clients = await merchantsOnDistinctHosts(6, (i) =>
      counter.reply(`m${i}`, new Promise((resolve) => setTimeout(resolve, 30))),
    );
    const result = await fanOutSearch({
      query: 'lamp',
      merchants: clients,
      concurrency: 2,
      deadlineMs: 10_000,
    });
    expect(result.outcomes.every((o) => o.status === 'ok')).toBe(true);
    expect(counter.state.max).toBe(2);
  });

  it('refuses a perHostConcurrency that is not a positive integer', async () => {
    await expect(fanOutSearch({ query: 'lamp', merchants: [], perHostConcurrency: 0 })).rejects.toMatchObject(
      { name: 'CapInputError' },
    );
  });
});
