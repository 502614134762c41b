// Plain JavaScript on purpose: these calls are what an untyped caller can write, and no TypeScript type may
// stop them before the SDK's own checks do. No call here reaches a server: every one is refused first.
import { invalidOption, settle } from '@agentweb/core/test';
import { describe, expect, it } from 'vitest';
import {
  createRedisApprovalStore,
  createRedisContextStore,
  createRedisState,
  openRedisConnection,
} from '../src/index.js';

const URL = 'redis://127.0.0.1:1';

describe('@agentweb/redis options', () => {
  for (const [callee, factory] of [
    ['createRedisContextStore', createRedisContextStore],
    ['createRedisApprovalStore', createRedisApprovalStore],
    ['createRedisState', createRedisState],
  ]) {
    it(`${callee} refuses missing options and a connection it cannot open, naming the option`, async () => {
      await expect(settle(() => factory())).rejects.toMatchObject(invalidOption(callee, 'options'));
      await expect(settle(() => factory('redis://127.0.0.1'))).rejects.toMatchObject(
        invalidOption(callee, 'options'),
      );
      await expect(settle(() => factory({}))).rejects.toMatchObject(invalidOption(callee, 'url'));
      await expect(settle(() => factory({ keyPrefix: 'x:' }))).rejects.toMatchObject(
        invalidOption(callee, 'url'),
      );
    });

    it(`${callee} refuses wrong-typed connection options`, () => {
      for (const [option, value] of [
        ['url', 6379],
        ['client', 'redis://127.0.0.1'],
        ['keyPrefix', 5],
        ['commandTimeoutMs', 0],
        ['commandTimeoutMs', -1],
        ['commandTimeoutMs', 3e9],
        ['commandTimeoutMs', Number.NaN],
      ]) {
        expect(() => factory({ url: URL, [option]: value }), option).toThrow(
          expect.objectContaining(invalidOption(callee, option)),
        );
      }
    });
  }

  it('the stores refuse a ttlMs that is not a positive whole number of ms', () => {
    for (const [callee, factory] of [
      ['createRedisContextStore', createRedisContextStore],
      ['createRedisApprovalStore', createRedisApprovalStore],
    ]) {
      for (const ttlMs of [0, -5, 1.5, '60000', Number.POSITIVE_INFINITY]) {
        expect(() => factory({ url: URL, ttlMs }), `${callee} ${String(ttlMs)}`).toThrow(
          expect.objectContaining(invalidOption(callee, 'ttlMs')),
        );
      }
    }
  });

  it('the context store refuses a lockTtlMs or lockWaitMs that is not a whole number of ms (the wait a timer can hold)', () => {
    for (const [option, value] of [
      ['lockTtlMs', 0],
      ['lockTtlMs', 1.5],
      ['lockTtlMs', '15s'],
      ['lockWaitMs', -1],
      ['lockWaitMs', 2 ** 31],
      ['lockWaitMs', '20s'],
    ]) {
      expect(() => createRedisContextStore({ url: URL, [option]: value }), option).toThrow(
        expect.objectContaining(invalidOption('createRedisContextStore', option)),
      );
    }
    expect(() => createRedisState({ url: URL, contextStore: { lockWaitMs: 'long' } })).toThrow(
      expect.objectContaining(invalidOption('createRedisState', 'contextStore.lockWaitMs')),
    );
  });

  it('createRedisState names a nested store setting by its dotted path', () => {
    expect(() => createRedisState({ url: URL, contextStore: { ttlMs: 0 } })).toThrow(
      expect.objectContaining(invalidOption('createRedisState', 'contextStore.ttlMs')),
    );
    expect(() => createRedisState({ url: URL, approvals: { ttlMs: 'an hour' } })).toThrow(
      expect.objectContaining(invalidOption('createRedisState', 'approvals.ttlMs')),
    );
    expect(() => createRedisState({ url: URL, approvals: 3600 })).toThrow(
      expect.objectContaining(invalidOption('createRedisState', 'approvals')),
    );
  });

  it('openRedisConnection refuses the same way, under the name of the factory that called it', () => {
    expect(() => openRedisConnection('myStore', { url: URL, keyPrefix: {} })).toThrow(
      expect.objectContaining(invalidOption('myStore', 'keyPrefix')),
    );
  });
});
