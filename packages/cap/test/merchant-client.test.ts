import { createA2AClient } from '@agentweb/a2a';
import { afterEach, describe, expect, it } from 'vitest';
import { createMerchantBackoff } from '../src/backoff/index.js';
import { isCapError } from '../src/cap-error.js';
import { createMemoryContextStore } from '../src/context/index.js';
import { isPiiRefusedError } from '../src/filter/index.js';
import {
  createMerchantClient,
  isCapCredentialsRequiredError,
  isCapSkillNotSupportedError,
  isMerchantClientClosedError,
  type MerchantClient,
} from '../src/merchant/index.js';
import { isCapInputError } from '../src/schemas/index.js';
import {
  type DoubleMerchant,
  type Script,
  type SkillSpec,
  searchOutput,
  startCapDouble,
} from './helpers/cap-double.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setup(script: (index: number) => Script, merchants = 1, skills?: SkillSpec[]) {
  const double = await startCapDouble({ merchants, script, ...(skills ? { skills } : {}) });
  close = double.close;
  const store = createMemoryContextStore();
  const clientFor = (m: DoubleMerchant, userId = 'u1', extra: { credentials?: true } = {}): MerchantClient =>
    createMerchantClient({
      profile: m.profile,
      http: double.http,
      contextStore: store,
      userId,
      merchantId: m.id,
      agentCardUrl: m.cardUrl,
      backoff: createMerchantBackoff({ random: () => 0, baseDelayMs: 10 }),
      ...extra,
    });
  return { double, store, clientFor };
}

describe('createMerchantClient', () => {
  it('sends skillId in DataPart.metadata and refuses invalid input before sending', async () => {
    const { double, clientFor } = await setup(() => () => ({ output: searchOutput('m0', 2) }));
    const client = clientFor(double.merchants[0]!);
    const result = await client.productSearch({ query: 'headphones', limit: 5 });
    expect(result.output.products).toHaveLength(2);
    const sent = double.merchants[0]!.received[0]!;
    expect(sent.parts).toEqual([
      { kind: 'data', data: { query: 'headphones', limit: 5 }, metadata: { skillId: 'cap:product_search' } },
    ]);
    await expect(client.productSearch({ query: 'x', limit: 500 })).rejects.toSatisfy(isCapInputError);
    await expect(client.cartManage({ action: 'add' } as never)).rejects.toSatisfy(isCapInputError);
    await expect(client.productSearch({ query: 'mail me at jane.doe@example.com' })).rejects.toSatisfy(
      isPiiRefusedError,
    );
    expect(double.merchants[0]!.received).toHaveLength(1);
    await client.productSearch({ query: 'mail me at jane.doe@example.com' }, { allowPii: true });
    expect(double.merchants[0]!.received).toHaveLength(2);
  });

  it('refuses a skill not tagged auth:public without credentials, before sending', async () => {
    const { double, clientFor } = await setup(() => () => ({ output: { orders: [] } }));
    const merchant = double.merchants[0]!;
    await expect(clientFor(merchant).orderStatus({ orderIds: ['o1'] })).rejects.toSatisfy(
      isCapCredentialsRequiredError,
    );
    await expect(clientFor(merchant).cartManage({ action: 'view' })).rejects.toSatisfy(
      isCapCredentialsRequiredError,
    );
    expect(merchant.received).toHaveLength(0);
    const authed = clientFor(merchant, 'u1', { credentials: true });
    await expect(authed.orderStatus({ orderIds: ['o1'] })).resolves.toMatchObject({ output: { orders: [] } });
    expect(merchant.received).toHaveLength(1);
  });

  it('allows text invocation only when inputModes list text/plain', async () => {
    const skills = [
      { id: 'cap:product_search', tags: ['auth:public'], inputModes: ['text/plain', 'application/json'] },
      { id: 'cap:product_get', tags: ['auth:public'], inputModes: ['application/json'] },
    ];
    const { double, clientFor } = await setup(() => () => ({ output: searchOutput('m0', 1) }), 1, skills);
    const client = clientFor(double.merchants[0]!);
    await expect(client.invokeText({ skillId: 'cap:product_get', text: 'the red one' })).rejects.toSatisfy(
      (e: unknown) => isCapSkillNotSupportedError(e) && e.reason === 'text-not-accepted',
    );
    const answer = await client.invokeText({ skillId: 'cap:product_search', text: 'red shoes' });
    expect(answer.data).toMatchObject({ totalResults: 1 });
    expect(double.merchants[0]!.received[0]!.parts[0]).toMatchObject({ kind: 'text', text: 'red shoes' });
    await expect(client.productGet({ productIds: ['x'] })).resolves.toBeTruthy();
  });

  it('turns a failed task into CapError { capErrorCode, description, details }', async () => {
    const { double, clientFor } = await setup(() => () => ({
      error: {
        capErrorCode: 'CAP_PRODUCT_NOT_FOUND',
        description: 'No such product',
        details: { productId: 'zz' },
      },
    }));
    const error = await clientFor(double.merchants[0]!)
      .productGet({ productIds: ['zz'] })
      .catch((e: unknown) => e);
    expect(isCapError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'CAP_TASK_FAILED',
      capErrorCode: 'CAP_PRODUCT_NOT_FOUND',
      description: 'No such product',
      details: { productId: 'zz' },
      skillId: 'cap:product_get',
    });
  });

  it('keeps the capErrorCode of a failed task whose payload has no description, and its rate limit', async () => {
    const { double, clientFor } = await setup(() => () => ({
      error: { capErrorCode: 'CAP_RATE_LIMIT_EXCEEDED', details: { retryAfterSeconds: 30 } } as never,
    }));
    const client = clientFor(double.merchants[0]!);
    const error = await client
      .productSearch({ query: 'a' }, { signal: AbortSignal.timeout(1_000) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'CAP_TASK_FAILED',
      capErrorCode: 'CAP_RATE_LIMIT_EXCEEDED',
      details: { retryAfterSeconds: 30 },
    });
    expect(client.backoff.waitMs).toBeGreaterThan(20_000);
  });

  it('refuses an empty text invocation as an input error, before sending', async () => {
    const skills = [{ id: 'cap:product_search', tags: ['auth:public'], inputModes: ['text/plain'] }];
    const { double, clientFor } = await setup(() => () => ({ output: searchOutput('m0', 1) }), 1, skills);
    await expect(
      clientFor(double.merchants[0]!).invokeText({ skillId: 'cap:product_search', text: '  ' }),
    ).rejects.toSatisfy(isCapInputError);
    expect(double.merchants[0]!.received).toHaveLength(0);
  });

  it('backs off on 429 with Retry-After and on CAP_RATE_LIMIT_EXCEEDED, then succeeds', async () => {
    const { double, clientFor } = await setup(() => (_call, count) => {
      if (count === 1)
        return {
          http: 429,
          headers: { 'retry-after': '0' },
          body: '{"capErrorCode":"CAP_RATE_LIMIT_EXCEEDED"}',
        };
      if (count === 2)
        return {
          error: {
            capErrorCode: 'CAP_RATE_LIMIT_EXCEEDED',
            description: 'slow down',
            details: { retryAfterSeconds: 0 },
          },
        };
      return { output: searchOutput('m0', 1) };
    });
    const client = clientFor(double.merchants[0]!);
    const error = await client.productSearch({ query: 'a' }, {}).catch((e: unknown) => e);
    // One retry is allowed by default: the 429 is retried, then the CAP rate-limit error is returned.
    expect(isCapError(error) && error.capErrorCode === 'CAP_RATE_LIMIT_EXCEEDED').toBe(true);
    await expect(client.productSearch({ query: 'a' })).resolves.toMatchObject({
      output: { totalResults: 1 },
    });
    expect(double.merchants[0]!.received).toHaveLength(3);
  });

  it('keeps contextIds per user and per merchant, replaces them, never crosses merchants (100 merchants)', async () => {
    const { double, clientFor, store } = await setup(
      (i) => (call) =>
        call.contextId === `ctx-m${i}-old`
          ? { output: searchOutput(`m${i}`, 1), contextId: `ctx-m${i}-new` }
          : { output: searchOutput(`m${i}`, 1), contextId: call.contextId ?? `ctx-m${i}-old` },
      100,
    );
    const clients = double.merchants.map((m) => clientFor(m));
    for (let round = 0; round < 3; round += 1)
      await Promise.all(clients.map((c) => c.productSearch({ query: 'q' })));
    double.merchants.forEach((m, i) => {
      expect(m.received.map((r) => r.contextId)).toEqual([undefined, `ctx-m${i}-old`, `ctx-m${i}-new`]);
    });
    await expect(store.get({ userId: 'u1', merchantId: 'merchant-7' })).resolves.toBe('ctx-m7-new');
    // Another user of the same merchant starts without a context.
    await clientFor(double.merchants[7]!, 'u2').productSearch({ query: 'q' });
    expect(double.merchants[7]!.received.at(-1)!.contextId).toBeUndefined();
  });

  it('does not bring a revoked context back when a call sent before the revocation answers after it', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { double, clientFor } = await setup(
      () => (call, count) =>
        call.skillId === 'cap:user_preferences_set'
          ? {
              output: {
                operation: { success: true },
                context: { isNewContext: false, timestamp: '2025-01-01T00:00:00Z' },
              },
              contextId: 'ctx-1',
            }
          : count === 1
            ? { output: searchOutput('m0', 1), contextId: 'ctx-1' }
            : // The merchant refreshes the (pre-revocation) context in its late answer.
              { after: released, reply: { output: searchOutput('m0', 1), contextId: 'ctx-1-refreshed' } },
    );
    const client = clientFor(double.merchants[0]!);
    await client.productSearch({ query: 'q' });
    await expect(client.currentContextId()).resolves.toBe('ctx-1');
    const slow = client.productSearch({ query: 'slow' });
    while (double.merchants[0]!.received.length < 2) await new Promise((r) => setTimeout(r, 5));
    await client.revokeConsent();
    release();
    await slow;
    await expect(client.currentContextId()).resolves.toBeUndefined();
  });

  it('a revocation by another client of the same store (another instance) also fences a late answer', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { double, clientFor, store } = await setup(
      () => (call, count) =>
        call.skillId === 'cap:user_preferences_set'
          ? {
              output: {
                operation: { success: true },
                context: { isNewContext: false, timestamp: '2025-01-01T00:00:00Z' },
              },
              contextId: 'ctx-1',
            }
          : count === 1
            ? { output: searchOutput('m0', 1), contextId: 'ctx-1' }
            : { after: released, reply: { output: searchOutput('m0', 1), contextId: 'ctx-1-refreshed' } },
    );
    const merchant = double.merchants[0]!;
    // Two clients for one user and merchant, on one store: what two instances of a backend are.
    const instanceA = clientFor(merchant);
    const instanceB = clientFor(merchant);
    await instanceA.productSearch({ query: 'q' });
    const slow = instanceA.productSearch({ query: 'slow' });
    while (merchant.received.length < 2) await new Promise((r) => setTimeout(r, 5));
    await instanceB.revokeConsent();
    release();
    await expect(slow).resolves.toMatchObject({ contextId: 'ctx-1-refreshed' });
    await expect(store.get({ userId: 'u1', merchantId: 'merchant-0' })).resolves.toBeUndefined();
    // A call sent after the revocation stores the merchant's new context again.
    await instanceA.productSearch({ query: 'after' });
    await expect(instanceB.currentContextId()).resolves.toBe('ctx-1-refreshed');
  });

  it('forgets the contextId after consent revocation; anonymous calls neither send nor store one', async () => {
    const { double, clientFor, store } = await setup(
      () => (call) =>
        call.skillId === 'cap:user_preferences_set'
          ? {
              output: {
                operation: { success: true },
                context: { isNewContext: !call.contextId, timestamp: '2025-01-01T00:00:00Z' },
              },
              contextId: call.contextId ?? 'ctx-pref',
            }
          : { output: searchOutput('m0', 1), contextId: 'ctx-anon' },
    );
    const client = clientFor(double.merchants[0]!);
    await client.setUserPreferences({ preferences: { userDataConsent: 'all', locale: { currency: 'EUR' } } });
    await expect(client.currentContextId()).resolves.toBe('ctx-pref');
    const anonymous = await client.productSearch({ query: 'q' }, { personalise: false });
    expect(anonymous.personalised).toBe(false);
    expect(double.merchants[0]!.received[1]!.contextId).toBeUndefined();
    await expect(client.currentContextId()).resolves.toBe('ctx-pref');
    await client.revokeConsent();
    expect(double.merchants[0]!.received[2]!.data).toEqual({
      preferences: { userDataConsent: 'none' },
      clearAll: true,
    });
    expect(double.merchants[0]!.received[2]!.contextId).toBe('ctx-pref');
    await expect(store.get({ userId: 'u1', merchantId: 'merchant-0' })).resolves.toBeUndefined();
  });
});

describe('MerchantClient.close', () => {
  /** A merchant double and an A2A client for it that counts its close() calls. */
  async function givenA2A() {
    const { double } = await setup(() => () => ({ output: searchOutput('m0', 1) }));
    const merchant = double.merchants[0]!;
    const a2a = await createA2AClient({ profile: merchant.profile, http: double.http });
    const closes = { count: 0 };
    const given = Object.assign(Object.create(a2a) as typeof a2a, {
      close: async () => {
        closes.count += 1;
      },
    });
    return { merchant, given, closes };
  }

  it('refuses later calls with a typed error and leaves an A2A client it was given open', async () => {
    const { merchant, given, closes } = await givenA2A();
    const client = createMerchantClient({ profile: merchant.profile, a2a: given, userId: 'u1' });
    expect((await client.productSearch({ query: 'lamp' })).output.products).toHaveLength(1);
    await client.close();
    await client.close();
    expect(closes.count).toBe(0);
    const refused = await client.productSearch({ query: 'lamp' }).catch((e: unknown) => e);
    expect(isMerchantClientClosedError(refused)).toBe(true);
    expect(merchant.received).toHaveLength(1);
  });

  it('closes an A2A client it was given with closeA2A, once, however often it is closed', async () => {
    const { merchant, given, closes } = await givenA2A();
    const client = createMerchantClient({
      profile: merchant.profile,
      a2a: given,
      closeA2A: true,
      userId: 'u1',
    });
    expect((await client.productSearch({ query: 'lamp' })).output.products).toHaveLength(1);
    await Promise.all([client.close(), client.close()]);
    expect(closes.count).toBe(1);
  });
});
