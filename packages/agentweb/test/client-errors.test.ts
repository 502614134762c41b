import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentProfile } from '@agentweb/agentcard';
import { isDiscoveryError } from '@agentweb/discovery';
import { createHttpClient } from '@agentweb/http';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentWeb,
  isAgentWebInputError,
  isClientClosedError,
  isNoMerchantsError,
  isUnknownMerchantError,
} from '../src/index.js';
import { clientPool, sandboxOptions } from './client-fixtures.js';

let sb: Sandbox;
let hanging: http.Server;
let hangingOrigin: string;
const pool = clientPool();

beforeAll(async () => {
  sb = await startSandbox({ merchants: 1, seed: 'client-errors' });
  // Accepts connections and never answers: only an abort or a deadline ends a call to it.
  hanging = http.createServer(() => undefined);
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  hangingOrigin = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
}, 60_000);

afterEach(() => pool.closeAll());
afterAll(async () => {
  hanging.closeAllConnections();
  await new Promise<void>((resolve) => hanging.close(() => resolve()));
  await sb.close();
});

const host = () => new URL(sb.merchants[0]!.baseUrl).host;

describe('options and arguments', () => {
  it('refuses unusable options with AgentWebInputError naming the option', () => {
    for (const [options, field] of [
      [{ maxMerchants: 0 }, 'maxMerchants'],
      [{ concurrency: 1.5 }, 'concurrency'],
      [{ perHostConcurrency: 0 }, 'perHostConcurrency'],
      [{ searchDeadlineMs: -1 }, 'searchDeadlineMs'],
      [{ userId: ' ' }, 'userId'],
    ] as const) {
      let error: unknown;
      try {
        new AgentWeb(options);
      } catch (e) {
        error = e;
      }
      expect(isAgentWebInputError(error)).toBe(true);
      expect((error as { field: string }).field).toBe(field);
    }
  });

  it('refuses empty names, non-profiles and an empty merchant list', async () => {
    const aw = pool.make(sandboxOptions(sb));
    expect(isAgentWebInputError(await aw.addMerchant('  ').catch((e) => e))).toBe(true);
    expect(
      isAgentWebInputError(await aw.addMerchant({ id: 1 } as unknown as AgentProfile).catch((e) => e)),
    ).toBe(true);
    expect(isAgentWebInputError(await aw.search('lamp', { merchants: [] }).catch((e) => e))).toBe(true);
    // A lone string (a JavaScript caller's slip) is refused, not spread into one "merchant" per character.
    const lone = { merchants: host() as unknown as string[] };
    expect(isAgentWebInputError(await aw.search('lamp', lone).catch((e) => e))).toBe(true);
    expect(aw.merchants()).toEqual([]);
    expect(isAgentWebInputError(await aw.product('').catch((e) => e))).toBe(true);
    expect(isAgentWebInputError(await aw.intent('').catch((e) => e))).toBe(true);
    expect(isAgentWebInputError(await aw.loadAgisService('').catch((e) => e))).toBe(true);
  });
});

describe('unknown merchants', () => {
  it('gives UnknownMerchantError, with the discovery error as cause, for a name that cannot be found', async () => {
    const aw = pool.make(sandboxOptions(sb, { discovery: { mechanisms: ['agent-card'] } }));
    await aw.addMerchant(sb.merchants[0]!.cardUrl);
    const error = await aw.cart('missing.sandbox.test', { action: 'view' }).catch((e) => e);
    expect(isUnknownMerchantError(error)).toBe(true);
    expect(error.merchant).toBe('missing.sandbox.test');
    expect(error.known).toEqual([host()]);
    expect(isDiscoveryError(error.cause)).toBe(true);
    for (const call of [
      () => aw.orderStatus('missing.sandbox.test', { orderIds: ['ORD-1001'] }),
      () => aw.setPreferences('missing.sandbox.test', { preferences: { userDataConsent: 'all' } }),
      () => aw.revokeConsent('missing.sandbox.test'),
      () => aw.product('P0000-0001', { merchant: 'missing.sandbox.test' }),
    ]) {
      expect(isUnknownMerchantError(await call().catch((e) => e))).toBe(true);
    }
  });

  it('rejects a search whose named merchants all fail, and a product id with no merchant known', async () => {
    const aw = pool.make(sandboxOptions(sb));
    const search = await aw.search('lamp', { merchants: ['missing.sandbox.test'] }).catch((e) => e);
    expect(isUnknownMerchantError(search)).toBe(true);
    const product = await aw.product('P0000-0001').catch((e) => e);
    expect(isNoMerchantsError(product)).toBe(true);
    expect(product.known).toEqual([]);
  });
});

describe('close', () => {
  it('is idempotent, and every later call rejects with ClientClosedError', async () => {
    const aw = new AgentWeb(sandboxOptions(sb));
    await aw.addMerchant(sb.merchants[0]!.cardUrl);
    await Promise.all([aw.close(), aw.close()]);
    await aw.close();
    const calls: Array<() => Promise<unknown>> = [
      () => aw.discover(host()),
      () => aw.discoverMany([host()]),
      () => aw.addMerchant(host()),
      () => aw.search('lamp'),
      async () => {
        for await (const _ of aw.searchStream('lamp')) return;
      },
      () => aw.product('P0000-0001'),
      () => aw.cart(host(), { action: 'view' }),
      () => aw.orderStatus(host(), { orderIds: ['ORD-1001'] }),
      () => aw.setPreferences(host(), { preferences: { userDataConsent: 'all' } }),
      () => aw.revokeConsent(host()),
      () => aw.loadAgisService('reservations.example'),
      () => aw.intent('book a table'),
      () => aw.invokeIntent({ instruction: 'x', candidates: [], abstain: true }),
    ];
    for (const call of calls) {
      const error: unknown = await call().catch((e: unknown) => e);
      expect(isClientClosedError(error)).toBe(true);
      expect(error).toMatchObject({ code: 'AGENTWEB_CLIENT_CLOSED' });
    }
    // What it knew stays readable.
    expect(aw.merchants()).toHaveLength(1);
  });

  it('leaves an HTTP client it was given open', async () => {
    const given = createHttpClient({ lookup: sb.lookup, allowHttp: true, allowPrivateNetwork: true });
    try {
      const aw = new AgentWeb({
        http: given,
        discovery: { mechanisms: ['agent-card'], defaultScheme: 'http' },
      });
      await aw.discover(host());
      await aw.close();
      await expect(given.getJson(sb.merchants[0]!.cardUrl, { cache: false })).resolves.toMatchObject({
        status: 200,
      });
    } finally {
      await given.close();
    }
  });
});

describe('abort signals', () => {
  it('an already aborted signal rejects with its reason before anything is sent', async () => {
    const aw = pool.make(sandboxOptions(sb));
    await aw.addMerchant(sb.merchants[0]!.cardUrl);
    const before = sb.merchants[0]!.stats.a2aRequests;
    const reason = new Error('stop');
    const signal = AbortSignal.abort(reason);
    for (const call of [
      () => aw.discover(host(), { signal }),
      () => aw.addMerchant(host(), { signal }),
      () => aw.search('lamp', { signal }),
      () => aw.product('P0000-0001', { signal }),
      () => aw.cart(host(), { action: 'view' }, { signal }),
      () => aw.loadAgisService('reservations.example', { signal }),
      () => aw.invokeIntent({ instruction: 'x', candidates: [], abstain: true }, { signal }),
    ]) {
      await expect(call()).rejects.toBe(reason);
    }
    expect(sb.merchants[0]!.stats.a2aRequests).toBe(before);
  });

  it('one caller aborting a card fetch does not end another caller’s add of the same card', async () => {
    const aw = pool.make(sandboxOptions(sb));
    const url = `${hangingOrigin}/shared/.well-known/agent-card.json`;
    const first = new AbortController();
    const second = new AbortController();
    const firstReason = new Error('first cancelled');
    const secondReason = new Error('second cancelled');
    const a = aw.addMerchant(url, { signal: first.signal });
    const b = aw.addMerchant(url, { signal: second.signal });
    let bSettled = false;
    b.catch(() => undefined).finally(() => {
      bSettled = true;
    });
    setTimeout(() => first.abort(firstReason), 50);
    await expect(a).rejects.toBe(firstReason);
    await new Promise((resolve) => setImmediate(resolve));
    expect(bSettled).toBe(false);
    second.abort(secondReason);
    await expect(b).rejects.toBe(secondReason);
    hanging.closeAllConnections();
  });

  it('aborting mid-call ends discovery, a page fetch and an AGIS load against a server that never answers', async () => {
    const aw = pool.make(
      sandboxOptions(sb, { discovery: { mechanisms: ['agent-card'], timeoutMs: 60_000 } }),
    );
    const calls = [
      (signal: AbortSignal) => aw.discover(hangingOrigin, { signal }),
      (signal: AbortSignal) => aw.product(`${hangingOrigin}/products/1`, { signal }),
      (signal: AbortSignal) => aw.loadAgisService(hangingOrigin, { signal }),
      (signal: AbortSignal) => aw.addMerchant(`${hangingOrigin}/.well-known/agent-card.json`, { signal }),
    ];
    for (const call of calls) {
      const controller = new AbortController();
      const reason = new Error('user cancelled');
      const pending = call(controller.signal);
      setTimeout(() => controller.abort(reason), 50);
      await expect(pending).rejects.toBe(reason);
    }
    // The HTTP client's shared (cacheable) GETs run on to their own deadline after a caller aborts, and close()
    // waits for them; ending the server's sockets lets the pool close at once.
    hanging.closeAllConnections();
  });
});
