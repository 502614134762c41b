// Plain JavaScript on purpose: these calls are what an untyped caller can write, and no TypeScript type may
// stop them before the SDK's own checks do.

import { invalidOption, settle } from '@agentweb/core/test';
import { createHttpClient } from '@agentweb/http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createBm25Matcher,
  createIntentMatcher,
  createLexicalEmbedder,
  invokeAgis,
  parseAgisDocument,
  parseAgisDocumentDetailed,
  parseAgisSource,
  validateAgisDocument,
} from '../src/index.js';

const TEXT = `agis: "1.0"
service: Options Tables
agtp: agtp://tables.options.test
description: Books restaurant tables.
version: 1.0.0
vocabulary:
  declared_verbs: [BOOK]
endpoints:
  - method: BOOK
    path: /reservation
    semantic:
      intent: Books a table at a restaurant for a party at a given time.
      actor: agent
      outcome: A reservation exists for the party.
      capability: transaction
      impact_tier: reversible
      is_idempotent: false
    input:
      type: object
      properties:
        party_size: { type: integer }
    output:
      type: object
      properties:
        reservation_id: { type: string }
    errors:
      - name: slot_unavailable
        description: No table is free then.
`;
const doc = parseAgisDocument(TEXT);
const endpoint = doc.endpoints[0];
const http = createHttpClient();
afterAll(() => http.close());

describe('option checks of the agis entry points', () => {
  it.each([
    ['createIntentMatcher', () => createIntentMatcher(), 'options'],
    ['createIntentMatcher', () => createIntentMatcher({}), 'services'],
    ['createIntentMatcher', () => createIntentMatcher({ services: doc }), 'services'],
    [
      'createIntentMatcher',
      () => createIntentMatcher({ services: [{ service: 'x' }] }),
      'services[0].endpoints',
    ],
    ['createIntentMatcher', () => createIntentMatcher({ services: [doc], embedder: (t) => t }), 'embedder'],
    ['createIntentMatcher', () => createIntentMatcher({ services: [doc], now: '2025-01-01' }), 'now'],
    ['createIntentMatcher', () => createIntentMatcher({ services: [doc], confirmPool: 0 }), 'confirmPool'],
    [
      'createIntentMatcher',
      () => createIntentMatcher({ services: [doc], maxInstructionLength: '2000' }),
      'maxInstructionLength',
    ],
    ['createBm25Matcher', () => createBm25Matcher({ services: 'all' }), 'services'],
    ['createLexicalEmbedder', () => createLexicalEmbedder({ dimensions: 0 }), 'dimensions'],
    ['invokeAgis', () => invokeAgis(endpoint, { party_size: 2 }, { http }), 'baseUrl'],
    ['invokeAgis', () => invokeAgis(endpoint, { party_size: 2 }, { baseUrl: '/api', http }), 'baseUrl'],
    ['invokeAgis', () => invokeAgis(endpoint, {}, { baseUrl: 'https://t.test', http: fetch }), 'http'],
    [
      'invokeAgis',
      () => invokeAgis(endpoint, {}, { baseUrl: 'https://t.test', http, headers: 'x-a: b' }),
      'headers',
    ],
    ['invokeAgis', () => invokeAgis(undefined, {}, { baseUrl: 'https://t.test', http }), 'endpoint'],
    // Node fires a timer longer than 2^31-1 ms after 1 ms: the call would time out at once.
    [
      'invokeAgis',
      () => invokeAgis(endpoint, { party_size: 2 }, { baseUrl: 'http://127.0.0.1:9', http, timeoutMs: 3e9 }),
      'timeoutMs',
    ],
    ['parseAgisDocument', () => parseAgisDocument(TEXT, { format: 'xml' }), 'format'],
    ['parseAgisDocumentDetailed', () => parseAgisDocumentDetailed(TEXT, { maxBytes: '1MB' }), 'maxBytes'],
    ['parseAgisSource', () => parseAgisSource(TEXT, { maxDepth: -1 }), 'maxDepth'],
    ['validateAgisDocument', () => validateAgisDocument(TEXT, { embedder: {} }), 'embedder'],
    ['validateAgisDocument', () => validateAgisDocument(TEXT, { level: 3 }), 'level'],
  ])('%s refuses a missing or wrong option', async (callee, call, option) => {
    await expect(settle(call)).rejects.toMatchObject(invalidOption(callee, option));
  });

  it('accepts a parsed document and a Date for now', async () => {
    const matcher = createIntentMatcher({ services: [doc], now: new Date('2025-01-01T12:00:00Z') });
    const result = await matcher.match('book a table for two');
    expect(result.candidates[0]).toMatchObject({ method: 'BOOK', path: '/reservation' });
  });
});
