// Plain JavaScript on purpose: these calls are what an untyped caller can write, and no TypeScript type may
// stop them before the SDK's own checks do.
import { invalidOption, settle } from '@agentweb/core/test';
import { describe, expect, it } from 'vitest';
import { createA2AClient, createAuthApplier, createCardCache } from '../src/index.js';

describe('createA2AClient options', () => {
  it.each([
    ['no options', () => createA2AClient(), 'options'],
    ['none of profile, card, cardUrl, baseUrl', () => createA2AClient({}), 'profile'],
    ['a profile that is a string', () => createA2AClient({ profile: 'agent.example' }), 'profile'],
    ['a card URL that is a number', () => createA2AClient({ cardUrl: 42 }), 'cardUrl'],
    [
      'an http that is not a client',
      () => createA2AClient({ baseUrl: 'agent.example', http: fetch }),
      'http',
    ],
    [
      'auth of an unknown type',
      () => createA2AClient({ baseUrl: 'a.test', auth: { type: 'basic' } }),
      'auth',
    ],
    [
      'a bearer auth without token',
      () => createA2AClient({ baseUrl: 'a.test', auth: [{ type: 'bearer' }] }),
      'auth',
    ],
    ['a signal that is not one', () => createA2AClient({ baseUrl: 'a.test', signal: true }), 'signal'],
    ['an unknown dialect', () => createA2AClient({ baseUrl: 'a.test', dialect: '2.0' }), 'dialect'],
    [
      'verifySignature without resolveKey',
      () => createA2AClient({ baseUrl: 'a.test', verifySignature: {} }),
      'verifySignature.resolveKey',
    ],
    ['resume: true', () => createA2AClient({ baseUrl: 'a.test', resume: true }), 'resume'],
    [
      'a binding this client does not implement',
      () => createA2AClient({ baseUrl: 'a.test', bindings: ['SOAP'] }),
      'bindings',
    ],
    ['an empty bindings list', () => createA2AClient({ baseUrl: 'a.test', bindings: [] }), 'bindings'],
    [
      'gRPC plaintext that is not a boolean',
      () => createA2AClient({ baseUrl: 'a.test', grpc: { plaintext: 'yes' } }),
      'grpc.plaintext',
    ],
    [
      'gRPC sendDeadline that is not a boolean',
      () => createA2AClient({ baseUrl: 'a.test', grpc: { sendDeadline: 1 } }),
      'grpc.sendDeadline',
    ],
  ])('refuses %s before anything is fetched', async (_case, call, option) => {
    await expect(settle(call)).rejects.toMatchObject(invalidOption('createA2AClient', option));
  });

  it('checks the card cache and auth factories too', () => {
    expect(() => createCardCache({ now: 123 })).toThrow(
      expect.objectContaining(invalidOption('createCardCache', 'now')),
    );
    expect(() => createCardCache({ maxEntries: 0 })).toThrow(
      expect.objectContaining(invalidOption('createCardCache', 'maxEntries')),
    );
    expect(() => createAuthApplier({ type: 'apiKey' }, undefined)).toThrow(
      expect.objectContaining(invalidOption('createAuthApplier', 'auth')),
    );
  });
});
