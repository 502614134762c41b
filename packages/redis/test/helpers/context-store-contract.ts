import type { A2AClient, SendMessageResult } from '@agentweb/a2a';
import { parseAgentCard } from '@agentweb/agentcard';
import { sampleCapMerchantCard } from '@agentweb/agentcard/test';
import {
  type ContextKey,
  type ContextStore,
  createMerchantClient,
  isContextStoreError,
  MAX_CONTEXT_ID_BYTES,
} from '@agentweb/cap';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { idArbitrary } from '../../../../test/id-arbitrary.js';

/** Two handles on one shared store: what two instances of a backend hold. */
export interface SharedContextStores {
  /** The store as instance A sees it. */
  a: ContextStore;
  /** The same state as instance B sees it (another connection, or the same object for in-process stores). */
  b: ContextStore;
  /** Releases what `make` opened. */
  close(): Promise<void>;
}

type Conditional = Required<Pick<ContextStore, 'read' | 'setIfGeneration'>>;

function conditional(store: ContextStore): Conditional {
  if (typeof store.read !== 'function' || typeof store.setIfGeneration !== 'function')
    throw new Error('the store under test has no read/setIfGeneration');
  return store as ContextStore & Conditional;
}

const key = (userId: string, merchantId = 'shop'): ContextKey => ({ userId, merchantId });

const pairArbitrary = fc.tuple(idArbitrary, idArbitrary);

/**
 * A merchant that answers each call with the contextId it is told to, and holds answers back until released: two
 * merchant clients on two instances can then race a late answer against a consent revocation, step by step.
 */
function scriptedMerchant() {
  const card = sampleCapMerchantCard({ url: 'https://shop.example/a2a' });
  const profile = parseAgentCard(card).profile;
  const held: (() => void)[] = [];
  let hold = false;
  let issue = 'ctx-1';
  const received: (string | undefined)[] = [];
  const a2a = {
    cardUrl: 'https://shop.example/.well-known/agent-card.json',
    async sendMessage(params: { message: { contextId?: string; parts: unknown[] } }) {
      received.push(params.message.contextId);
      const contextId = issue;
      if (hold) await new Promise<void>((resolve) => held.push(resolve));
      const preferences = JSON.stringify(params.message.parts).includes('user_preferences_set');
      const data = preferences
        ? {
            operation: { success: true },
            context: { isNewContext: false, timestamp: '2025-01-01T00:00:00Z' },
          }
        : { products: [], totalResults: 0, offset: 0, limit: 10, hasMore: false };
      return {
        task: {
          kind: 'task',
          id: `task-${received.length}`,
          contextId,
          status: { state: 'completed' },
          artifacts: [{ artifactId: 'a', parts: [{ kind: 'data', data }] }],
        },
      } as unknown as SendMessageResult;
    },
    async waitForTask(): Promise<never> {
      throw new Error('not used: every answer is final');
    },
  } as unknown as A2AClient;
  return {
    profile,
    a2a,
    received,
    holdAnswers: (on: boolean) => {
      hold = on;
    },
    issueNext: (contextId: string) => {
      issue = contextId;
    },
    releaseAll: () => {
      for (const release of held.splice(0)) release();
    },
    waitingAnswers: () => held.length,
  };
}

/**
 * The behaviour every `ContextStore` of this SDK shares, run against a memory, a file and a Redis store. `make`
 * returns two handles on one shared store (two instances).
 */
export function describeContextStoreContract(name: string, make: () => Promise<SharedContextStores>): void {
  describe(`ContextStore contract: ${name}`, () => {
    let opened: SharedContextStores | undefined;
    async function stores(): Promise<SharedContextStores> {
      opened = await make();
      return opened;
    }
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });

    it('keeps one contextId per user and merchant, shared by every instance; replaces and forgets it', async () => {
      const { a, b } = await stores();
      await a.set(key('u1', 'm1'), 'c1');
      await a.set(key('u1', 'm2'), 'c2');
      await b.set(key('u2', 'm1'), 'c3');
      await b.set(key('u1', 'm1'), 'c1-new');
      expect(await a.get(key('u1', 'm1'))).toBe('c1-new');
      expect(await b.get(key('u1', 'm2'))).toBe('c2');
      expect(await a.get(key('u2', 'm1'))).toBe('c3');
      expect(await a.get(key('u2', 'm2'))).toBeUndefined();
      await b.delete(key('u1', 'm1'));
      expect(await a.get(key('u1', 'm1'))).toBeUndefined();
      expect(await a.get(key('u1', 'm2'))).toBe('c2');
    });

    it('never reads one key under another, whatever the ids contain', async () => {
      const { a } = await stores();
      await a.set(key('a:b', 'c'), 'joined');
      await a.set(key('{tag}', 'm'), 'braced');
      await a.set(key('u%3Am', 'x'), 'encoded');
      expect(await a.get(key('a', 'b:c'))).toBeUndefined();
      expect(await a.get(key('tag', 'm'))).toBeUndefined();
      expect(await a.get(key('u:m', 'x'))).toBeUndefined();
      expect(await a.get(key('u', 'm:x'))).toBeUndefined();
      expect(await a.get(key('a:b', 'c'))).toBe('joined');
      expect(await a.get(key('{tag}', 'm'))).toBe('braced');
      expect(await a.get(key('u%3Am', 'x'))).toBe('encoded');
    });

    it('gives two different (user, merchant) pairs two contexts, whatever the ids hold (lone surrogates, U+FFFD, long ids)', async () => {
      const { a, b } = await stores();
      // Every look-alike ioredis would once have written as the same UTF-8 bytes, and ids past the key-part bound.
      const lookAlikes = ['user-\uD800', 'user-\uDFFF', 'user-\uFFFD', 'user-\uDBFF\uDFFF', 'user-%uD800'];
      const long = 'https://shop.example/'.padEnd(1_000, 'x');
      const ids = [...lookAlikes, long, `${long}y`, `${long}\uD800`, `${long}\uFFFD`];
      for (const [i, userId] of ids.entries()) {
        for (const [j, merchantId] of ids.entries()) await a.set(key(userId, merchantId), `c-${i}-${j}`);
      }
      for (const [i, userId] of ids.entries()) {
        for (const [j, merchantId] of ids.entries())
          expect(await b.get(key(userId, merchantId))).toBe(`c-${i}-${j}`);
      }
      // Arbitrary strings, lone surrogates included: a context written under one pair is never read under another.
      await fc.assert(
        fc.asyncProperty(pairArbitrary, pairArbitrary, async (first, second) => {
          fc.pre(first[0] !== second[0] || first[1] !== second[1]);
          await a.delete(key(...second));
          await a.set(key(...first), 'first');
          expect(await b.get(key(...second))).toBeUndefined();
          expect(await b.get(key(...first))).toBe('first');
        }),
        { seed: 22, numRuns: 100 },
      );
    });

    it('refuses a contextId that is not well-formed Unicode with a typed error, as every store does', async () => {
      const { a } = await stores();
      for (const contextId of ['ctx-\uD800', '\uDFFF', 'a\uDC00b']) {
        await expect(a.set(key('u'), contextId)).rejects.toSatisfy(isContextStoreError);
        await expect(conditional(a).setIfGeneration(key('u'), contextId, '')).rejects.toSatisfy(
          isContextStoreError,
        );
      }
      await a.set(key('u'), 'ctx-\uD83D\uDE00-\uFFFD');
      expect(await a.get(key('u'))).toBe('ctx-\uD83D\uDE00-\uFFFD');
    });

    it('refuses empty ids, empty contextIds and contextIds over the size cap with a typed error', async () => {
      const { a } = await stores();
      await expect(a.set(key(''), 'c')).rejects.toSatisfy(isContextStoreError);
      await expect(a.get({ userId: 'u', merchantId: '' })).rejects.toSatisfy(isContextStoreError);
      await expect(a.set(key('u'), '')).rejects.toSatisfy(isContextStoreError);
      await expect(a.set(key('u'), 'x'.repeat(MAX_CONTEXT_ID_BYTES + 1))).rejects.toSatisfy(
        isContextStoreError,
      );
      await expect(
        conditional(a).setIfGeneration(key('u'), 'x'.repeat(MAX_CONTEXT_ID_BYTES + 1), ''),
      ).rejects.toSatisfy(isContextStoreError);
      expect(await a.get(key('u'))).toBeUndefined();
      await a.set(key('u'), 'x'.repeat(MAX_CONTEXT_ID_BYTES));
      expect(await a.get(key('u'))).toHaveLength(MAX_CONTEXT_ID_BYTES);
    });

    it('read gives the contextId and a generation that a conditional set keeps, and deletes and plain sets change', async () => {
      const { a, b } = await stores();
      const first = await conditional(a).read(key('u'));
      expect(first.contextId).toBeUndefined();
      expect(await conditional(b).setIfGeneration(key('u'), 'c1', first.generation)).toBe(true);
      const afterSet = await conditional(a).read(key('u'));
      expect(afterSet).toEqual({ contextId: 'c1', generation: first.generation });
      // An unconditional set asserts the context is this one now: what was read before it may not write after it.
      await b.set(key('u'), 'c1-forced');
      const afterForced = await conditional(a).read(key('u'));
      expect(afterForced.contextId).toBe('c1-forced');
      expect(afterForced.generation).not.toBe(first.generation);
      expect(await conditional(a).setIfGeneration(key('u'), 'stale', first.generation)).toBe(false);
      await b.delete(key('u'));
      const afterDelete = await conditional(a).read(key('u'));
      expect(afterDelete.contextId).toBeUndefined();
      expect(afterDelete.generation).not.toBe(afterForced.generation);
      // A delete of a key with no contextId (a revocation before any call answered) is a new generation too.
      await b.delete(key('u'));
      expect((await conditional(a).read(key('u'))).generation).not.toBe(afterDelete.generation);
    });

    it('revocation is final: a set checked against a generation read before a delete on another instance is refused', async () => {
      const { a, b } = await stores();
      await a.set(key('u'), 'ctx-1');
      // Instance A reads before sending a call; instance B revokes consent while the call is out.
      const before = await conditional(a).read(key('u'));
      await b.delete(key('u'));
      // A's late answer carries the merchant's refreshed (pre-revocation) context: it must not come back.
      expect(await conditional(a).setIfGeneration(key('u'), 'ctx-1-refreshed', before.generation)).toBe(
        false,
      );
      expect(await b.get(key('u'))).toBeUndefined();
      // A call sent after the revocation stores its new context.
      const after = await conditional(a).read(key('u'));
      expect(await conditional(a).setIfGeneration(key('u'), 'ctx-2', after.generation)).toBe(true);
      expect(await b.get(key('u'))).toBe('ctx-2');
      // Other users and merchants are untouched by the fence.
      const other = await conditional(a).read(key('u', 'other-shop'));
      expect(await conditional(b).setIfGeneration(key('u', 'other-shop'), 'c', other.generation)).toBe(true);
    });

    it('a late set racing a revocation never wins, whichever reaches the store first', async () => {
      const { a, b } = await stores();
      const users = Array.from({ length: 40 }, (_, i) => `racer-${i}`);
      await Promise.all(users.map((user) => a.set(key(user), `${user}-old`)));
      const reads = await Promise.all(users.map((user) => conditional(a).read(key(user))));
      await Promise.all(
        users.map((user, i) => {
          const late = conditional(a).setIfGeneration(key(user), `${user}-late`, reads[i]!.generation);
          const revoke = b.delete(key(user));
          // Half the pairs start the write first, half the delete.
          return i % 2 === 0 ? Promise.all([late, revoke]) : Promise.all([revoke, late]);
        }),
      );
      const after = await Promise.all(users.map((user) => b.get(key(user))));
      expect(after).toEqual(users.map(() => undefined));
    });

    it('two merchant clients on two instances: a revocation on one fences the late answer of the other', async () => {
      const { a, b } = await stores();
      const merchant = scriptedMerchant();
      const clientOn = (store: ContextStore) =>
        createMerchantClient({
          profile: merchant.profile,
          a2a: merchant.a2a,
          contextStore: store,
          userId: 'shopper',
          merchantId: 'shop',
        });
      const instanceA = clientOn(a);
      const instanceB = clientOn(b);
      await instanceA.productSearch({ query: 'tent' });
      // Instance B sends the contextId instance A stored: the merchant sees one context.
      await instanceB.productSearch({ query: 'stove' });
      expect(merchant.received).toEqual([undefined, 'ctx-1']);

      merchant.holdAnswers(true);
      merchant.issueNext('ctx-1-refreshed');
      const late = instanceA.productSearch({ query: 'lamp' });
      while (merchant.waitingAnswers() < 1) await new Promise((resolve) => setTimeout(resolve, 2));
      merchant.holdAnswers(false);
      await instanceB.revokeConsent();
      merchant.releaseAll();
      await expect(late).resolves.toMatchObject({ contextId: 'ctx-1-refreshed' });
      await expect(instanceA.currentContextId()).resolves.toBeUndefined();
      await expect(instanceB.currentContextId()).resolves.toBeUndefined();
      // The next call starts unlinked, and its new context is kept again.
      merchant.issueNext('ctx-2');
      await instanceA.productSearch({ query: 'after' });
      expect(merchant.received.at(-1)).toBeUndefined();
      await expect(instanceB.currentContextId()).resolves.toBe('ctx-2');
    });
  });
}
