import { describe, expect, it } from 'vitest';
import { isContextStoreError } from './context-store-errors.js';
import { createMemoryContextStore } from './memory-context-store.js';

describe('createMemoryContextStore', () => {
  it('keeps contexts per user and per merchant, and replaces them', async () => {
    const store = createMemoryContextStore();
    await store.set({ userId: 'u1', merchantId: 'm1' }, 'c1');
    await store.set({ userId: 'u1', merchantId: 'm2' }, 'c2');
    await store.set({ userId: 'u2', merchantId: 'm1' }, 'c3');
    await store.set({ userId: 'u1', merchantId: 'm1' }, 'c1-new');
    expect(await store.get({ userId: 'u1', merchantId: 'm1' })).toBe('c1-new');
    expect(await store.get({ userId: 'u1', merchantId: 'm2' })).toBe('c2');
    expect(await store.get({ userId: 'u2', merchantId: 'm1' })).toBe('c3');
    expect(await store.get({ userId: 'u2', merchantId: 'm2' })).toBeUndefined();
    await store.delete({ userId: 'u1', merchantId: 'm1' });
    expect(await store.get({ userId: 'u1', merchantId: 'm1' })).toBeUndefined();
  });

  it('does not confuse ids that would collide if joined with a separator', async () => {
    const store = createMemoryContextStore();
    await store.set({ userId: 'a:b', merchantId: 'c' }, 'one');
    expect(await store.get({ userId: 'a', merchantId: 'b:c' })).toBeUndefined();
  });

  it('forgets the least recently used pair beyond maxEntries', async () => {
    const store = createMemoryContextStore({ maxEntries: 2 });
    await store.set({ userId: 'u', merchantId: 'a' }, '1');
    await store.set({ userId: 'u', merchantId: 'b' }, '2');
    await store.get({ userId: 'u', merchantId: 'a' });
    await store.set({ userId: 'u', merchantId: 'c' }, '3');
    expect(await store.get({ userId: 'u', merchantId: 'a' })).toBe('1');
    expect(await store.get({ userId: 'u', merchantId: 'b' })).toBeUndefined();
    expect(await store.get({ userId: 'u', merchantId: 'c' })).toBe('3');
  });

  it('refuses empty ids and contextIds with a typed error', async () => {
    const store = createMemoryContextStore();
    await expect(store.set({ userId: '', merchantId: 'm' }, 'c')).rejects.toSatisfy(isContextStoreError);
    await expect(store.set({ userId: 'u', merchantId: 'm' }, '')).rejects.toThrow(/non-empty/);
  });
});
