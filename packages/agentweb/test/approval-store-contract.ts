import type { ApprovalStore } from '@agentweb/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { idArbitrary, lookAlikeIds } from '../../../test/id-arbitrary.js';

/** Two handles on one shared approval store: what two instances of a backend hold. */
export interface SharedApprovalStores {
  /** The store as instance A sees it. */
  a: ApprovalStore;
  /** The same state as instance B sees it (another connection, or the same object for the memory store). */
  b: ApprovalStore;
  /** Releases what `make` opened. */
  close(): Promise<void>;
}

/**
 * The behaviour every `ApprovalStore` shares, run against the memory store and the Redis store. `make` returns two
 * handles on one shared store, with `ttlMs` when given.
 */
export function describeApprovalStoreContract(
  name: string,
  make: (settings: { ttlMs?: number }) => Promise<SharedApprovalStores>,
): void {
  describe(`ApprovalStore contract: ${name}`, () => {
    let opened: SharedApprovalStores | undefined;
    async function stores(settings: { ttlMs?: number } = {}): Promise<SharedApprovalStores> {
      opened = await make(settings);
      return opened;
    }
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });

    it('a match kept on one instance is found on the other, under a new id each time, in its scope only', async () => {
      const { a, b } = await stores();
      const first = await a.putMatch('alice', '{"match":1}');
      const second = await a.putMatch('alice', '{"match":2}');
      expect(first).not.toBe(second);
      expect(first).toMatch(/^match-/);
      expect(await b.getMatch('alice', first)).toBe('{"match":1}');
      expect(await b.getMatch('alice', second)).toBe('{"match":2}');
      expect(await b.getMatch('bob', first)).toBeUndefined();
      expect(await b.getMatch('alice', 'match-unknown')).toBeUndefined();
    });

    it('an approval is used once, for exactly the action proposed, from any instance', async () => {
      const { a, b } = await stores();
      const action = '{"reservation_id":"R-1"}';
      expect(await b.consume('alice', 'cancel', action)).toBe(false);
      await a.propose('alice', 'cancel', action);
      // Another input, another user, another subject: no yes.
      expect(await b.consume('alice', 'cancel', '{"reservation_id":"R-2"}')).toBe(false);
      expect(await b.consume('bob', 'cancel', action)).toBe(false);
      expect(await b.consume('alice', 'book', action)).toBe(false);
      // None of those used the approval up.
      expect(await b.consume('alice', 'cancel', action)).toBe(true);
      expect(await a.consume('alice', 'cancel', action)).toBe(false);
      expect(await b.consume('alice', 'cancel', action)).toBe(false);
    });

    it('a new proposal under a subject replaces the earlier one', async () => {
      const { a, b } = await stores();
      await a.propose('alice', 'cancel', '{"n":1}');
      await b.propose('alice', 'cancel', '{"n":2}');
      expect(await a.consume('alice', 'cancel', '{"n":1}')).toBe(false);
      expect(await a.consume('alice', 'cancel', '{"n":2}')).toBe(true);
    });

    it('two instances racing on one approval: exactly one gets it', async () => {
      const { a, b } = await stores();
      for (let round = 0; round < 20; round += 1) {
        const subject = `cancel-${round}`;
        await a.propose('alice', subject, '{"go":true}');
        const results = await Promise.all(
          Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? a : b).consume('alice', subject, '{"go":true}')),
        );
        expect(results.filter(Boolean), `round ${round}`).toHaveLength(1);
      }
    });

    it('keeps scopes, ids and subjects apart whatever they contain', async () => {
      const { a, b } = await stores();
      await a.propose('a:b', 'c', 'x');
      await a.propose('{a}', 'b', 'y');
      expect(await b.consume('a', 'b:c', 'x')).toBe(false);
      expect(await b.consume('a', 'b', 'y')).toBe(false);
      expect(await b.consume('a:b', 'c', 'x')).toBe(true);
      expect(await b.consume('{a}', 'b', 'y')).toBe(true);
      const id = await a.putMatch('u:1', 'record');
      expect(await b.getMatch('u', `1:${id}`)).toBeUndefined();
      expect(await b.getMatch('u:1', id)).toBe('record');
    });

    it("never lets one user consume another user's approval, whatever the ids hold (lone surrogates, U+FFFD, long ids)", async () => {
      const { a, b } = await stores();
      // Look-alikes that were once the same UTF-8 bytes in Redis, and ids past the key-part bound.
      const long = 'user-'.padEnd(5_000, 'x');
      const users = lookAlikeIds(long);
      for (const user of users) await a.propose(user, 'tool:cart', `{"user":${JSON.stringify(user)}}`);
      for (const user of users.slice(1))
        expect(await b.consume(user, 'tool:cart', '{"user":"user-\\ud800"}')).toBe(false);
      for (const user of users)
        expect(await b.consume(user, 'tool:cart', `{"user":${JSON.stringify(user)}}`)).toBe(true);
      await fc.assert(
        fc.asyncProperty(idArbitrary, idArbitrary, idArbitrary, async (scope, other, subject) => {
          fc.pre(scope !== other);
          await a.propose(scope, subject, 'yes');
          expect(await b.consume(other, subject, 'yes')).toBe(false);
          expect(await b.consume(scope, subject, 'yes')).toBe(true);
        }),
        { seed: 22, numRuns: 100 },
      );
    });

    it('forgets matches and proposals after ttlMs', async () => {
      const { a, b } = await stores({ ttlMs: 150 });
      const id = await a.putMatch('alice', 'record');
      await a.propose('alice', 'cancel', 'x');
      expect(await b.getMatch('alice', id)).toBe('record');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await b.getMatch('alice', id)).toBeUndefined();
      expect(await b.consume('alice', 'cancel', 'x')).toBe(false);
    });
  });
}
