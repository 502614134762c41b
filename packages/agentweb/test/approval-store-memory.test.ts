import { describe, expect, it } from 'vitest';
import { createMemoryApprovalStore } from '../src/state/index.js';
import { describeApprovalStoreContract } from './approval-store-contract.js';

// The memory store passes the same contract as the Redis store (approval-store-redis.test.ts); in one process
// "two instances" share one store object.
describeApprovalStoreContract('memory', async ({ ttlMs }) => {
  const store = createMemoryApprovalStore(ttlMs === undefined ? {} : { ttlMs });
  return { a: store, b: store, close: async () => {} };
});

describe('createMemoryApprovalStore', () => {
  it('numbers matches match-1, match-2, ... and forgets the least recently used past maxMatches', async () => {
    const store = createMemoryApprovalStore({ maxMatches: 2 });
    expect(await store.putMatch('u', 'one')).toBe('match-1');
    expect(await store.putMatch('u', 'two')).toBe('match-2');
    await store.getMatch('u', 'match-1');
    expect(await store.putMatch('u', 'three')).toBe('match-3');
    expect(await store.getMatch('u', 'match-1')).toBe('one');
    expect(await store.getMatch('u', 'match-2')).toBeUndefined();
  });

  it('keeps at most maxPending proposals, forgetting the oldest proposed first', async () => {
    const store = createMemoryApprovalStore({ maxPending: 2 });
    await store.propose('u', 'a', 'x');
    await store.propose('u', 'b', 'x');
    await store.propose('u', 'a', 'x');
    await store.propose('u', 'c', 'x');
    expect(await store.consume('u', 'b', 'x')).toBe(false);
    expect(await store.consume('u', 'a', 'x')).toBe(true);
    expect(await store.consume('u', 'c', 'x')).toBe(true);
  });
});
