import type { AgisDocument } from '@agentweb/agis';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AgentWebEvent,
  type ConfirmationRequest,
  isAgisServiceLoadError,
  isIntentAbstainedError,
  isIntentConfirmationError,
  isIntentTargetError,
  isNoAgisServicesError,
} from '../src/index.js';
import { clientPool, type LoopbackServer, sandboxOptions, startLoopbackServer } from './client-fixtures.js';

/** A small table-booking service: BOOK is reversible, CANCEL irreversible (so it always needs confirmation). */
const DOCUMENT: AgisDocument = {
  agis: '1.0',
  service: 'Loopback Tables',
  agtp: 'agtp://tables.loopback.test',
  description: 'Books and cancels restaurant tables.',
  version: '1.0.0',
  endpoints: [
    {
      method: 'BOOK',
      path: '/reservation',
      semantic: {
        intent: 'Books a table at a restaurant for a party at a given date and time.',
        actor: 'agent',
        outcome: 'A reservation exists for the party at that time.',
        capability: 'transaction',
        impact_tier: 'reversible',
        is_idempotent: false,
        parameter_hints: {
          restaurant: ['at Luigi', 'at The Harbor'],
          party_size: ['for two', 'table for N', 'party of N'],
          datetime: ['tomorrow at 7', 'tonight at 8'],
        },
      },
      input: {
        type: 'object',
        properties: {
          restaurant: { type: 'string' },
          party_size: { type: 'integer', minimum: 1, maximum: 20 },
          datetime: { type: 'string', format: 'date-time' },
        },
        required: ['party_size'],
      },
      output: { type: 'object', properties: { reservation_id: { type: 'string' } } },
      errors: [{ name: 'slot_unavailable', description: 'No table is free then.' }],
    },
    {
      method: 'CANCEL',
      path: '/reservation/{reservation_id}',
      semantic: {
        intent: 'Cancels an existing table reservation.',
        actor: 'agent',
        outcome: 'The reservation no longer exists and the table is released.',
        capability: 'modification',
        impact_tier: 'irreversible',
        is_idempotent: true,
        parameter_hints: { reservation_id: ['reservation R-1234', 'booking R-77'] },
      },
      input: {
        type: 'object',
        properties: { reservation_id: { type: 'string', pattern: '^R-[0-9]+$' } },
        required: ['reservation_id'],
      },
      output: { type: 'object', properties: { cancelled: { type: 'boolean' } } },
      errors: [{ name: 'reservation_not_found', description: 'No such reservation.' }],
    },
  ],
  vocabulary: { declared_verbs: ['BOOK', 'CANCEL'], namespace: 'loopback-tables', domain: 'dining' },
};

let server: LoopbackServer;
let sb: Sandbox;
const pool = clientPool();

beforeAll(async () => {
  server = await startLoopbackServer((req, origin) => {
    if (req.method === 'GET' && req.url === '/.well-known/agis.json') {
      return {
        body: JSON.stringify({
          agis: '1.0',
          service: DOCUMENT.service,
          agtp: DOCUMENT.agtp,
          agis_document: `${origin}/docs/agis.json`,
          methods: ['BOOK', 'CANCEL'],
        }),
      };
    }
    if (req.method === 'GET' && req.url === '/docs/agis.json') return { body: JSON.stringify(DOCUMENT) };
    if (req.method === 'GET' && req.url === '/broken.json') return { body: '{"agis": "1.0", "service": ' };
    if (req.method === 'POST' && req.url === '/reservation') {
      return { body: JSON.stringify({ reservation_id: 'R-42' }) };
    }
    if (req.method === 'POST' && req.url?.startsWith('/reservation/')) {
      return { body: JSON.stringify({ cancelled: true }) };
    }
    return undefined;
  });
  sb = await startSandbox({ merchants: 1, seed: 'client-agis' });
}, 60_000);

beforeEach(() => {
  server.requests.length = 0;
});
afterEach(() => pool.closeAll());
afterAll(async () => {
  await server.close();
  await sb.close();
});

const loopbackClient = (events: AgentWebEvent[] = []) =>
  pool.make({
    // The sandbox lookup refuses every name outside the sandbox, so nothing can leave the machine.
    lookup: sb.lookup,
    allowHttp: true,
    allowPrivateNetwork: true,
    timeoutMs: 15_000,
    now: () => new Date('2026-05-04T12:00:00'),
    onEvent: (e) => events.push(e),
  });
const posts = () => server.requests.filter((r) => r.method === 'POST');

describe('loadAgisService', () => {
  it('reads the well-known summary, then the document it names; the base URL is the site', async () => {
    const events: AgentWebEvent[] = [];
    const aw = loopbackClient(events);
    const loaded = await aw.loadAgisService(server.origin);
    expect(loaded).toMatchObject({
      service: 'Loopback Tables',
      baseUrl: server.origin,
      source: `${server.origin}/docs/agis.json`,
    });
    expect(loaded.validation.conforms).toBe(true);
    expect(server.requests.map((r) => r.url)).toEqual(['/.well-known/agis.json', '/docs/agis.json']);
    expect(events).toContainEqual({
      type: 'agis:loaded',
      service: 'Loopback Tables',
      endpoints: 2,
      conforms: true,
    });
    expect(aw.agisServices()).toHaveLength(1);
    // Loading it again replaces it.
    await aw.loadAgisService(`${server.origin}/.well-known/agis.json`);
    expect(aw.agisServices()).toHaveLength(1);
  });

  it('fetches a document URL directly, and takes inline text or objects with an optional baseUrl', async () => {
    const aw = loopbackClient();
    const direct = await aw.loadAgisService(`${server.origin}/docs/agis.json`);
    expect(direct).toMatchObject({ baseUrl: server.origin, source: `${server.origin}/docs/agis.json` });
    const text = await aw.loadAgisService(JSON.stringify(DOCUMENT));
    expect(text).toMatchObject({ source: 'inline', baseUrl: undefined });
    const object = await aw.loadAgisService(DOCUMENT, { baseUrl: `${server.origin}/` });
    expect(object.baseUrl).toBe(`${server.origin}/`);
  });

  it('refuses an AGTP document address, naming it, and fetches nothing there', async () => {
    const agtp = await startLoopbackServer(() => ({
      body: JSON.stringify({
        agis: '1.0',
        service: 'Agtp Only',
        agtp: 'agtp://agtp-only.test',
        agis_document: 'agtp://agtp-only.test/agis',
        methods: ['BOOK'],
      }),
    }));
    try {
      const aw = loopbackClient();
      const error = await aw.loadAgisService(agtp.origin).catch((e) => e);
      expect(isAgisServiceLoadError(error)).toBe(true);
      expect(error.reason).toBe('agtp-unsupported');
      expect(error.message).toContain('agtp://agtp-only.test/agis');
      expect(error.message).toMatch(/AGTP is not supported/);
      const direct = await aw.loadAgisService('agtp://agtp-only.test/agis').catch((e) => e);
      expect(direct.reason).toBe('agtp-unsupported');
      expect(agtp.requests.map((r) => r.url)).toEqual(['/.well-known/agis.json']);
    } finally {
      await agtp.close();
    }
  });

  it('gives AgisServiceLoadError for a missing summary, a broken document and another scheme', async () => {
    const aw = loopbackClient();
    const empty = await startLoopbackServer(() => undefined);
    try {
      const missing = await aw.loadAgisService(empty.origin).catch((e) => e);
      expect(missing).toMatchObject({
        reason: 'fetch-failed',
        source: `${empty.origin}/.well-known/agis.json`,
      });
      expect(missing.cause).toMatchObject({ code: 'HTTP_STATUS', status: 404 });
    } finally {
      await empty.close();
    }
    await expect(aw.loadAgisService(`${server.origin}/missing.yaml`)).rejects.toMatchObject({
      reason: 'fetch-failed',
      source: `${server.origin}/missing.yaml`,
    });
    await expect(aw.loadAgisService(`${server.origin}/broken.json`)).rejects.toMatchObject({
      reason: 'invalid-document',
    });
    await expect(aw.loadAgisService('ftp://files.example/agis.yaml')).rejects.toMatchObject({
      reason: 'unsupported-scheme',
    });
    await expect(aw.loadAgisService('agis: "1.0"\nservice: [')).rejects.toMatchObject({
      code: 'AGENTWEB_AGIS_LOAD_FAILED',
      source: 'inline',
    });
  });

  it('loads a non-conforming document with its validation, or refuses it with requireConformance', async () => {
    const bad = structuredClone(DOCUMENT);
    bad.endpoints[0]!.method = 'GET';
    bad.vocabulary.declared_verbs = ['GET', 'CANCEL'];
    const aw = loopbackClient();
    const loaded = await aw.loadAgisService(bad);
    expect(loaded.validation.conforms).toBe(false);
    expect(loaded.validation.failures.map((f) => f.rule)).toContain('method.prohibited-http');
    const refused = await aw.loadAgisService(bad, { requireConformance: true }).catch((e) => e);
    expect(isAgisServiceLoadError(refused)).toBe(true);
    expect(refused.reason).toBe('not-conforming');
  });
});

describe('intent and invokeIntent (loopback service)', () => {
  it('routes an instruction and invokes an endpoint that needs no confirmation', async () => {
    const events: AgentWebEvent[] = [];
    const aw = loopbackClient(events);
    await aw.loadAgisService(server.origin);
    const match = await aw.intent('book a table for 2 tomorrow at 7');
    expect(match.abstain).toBe(false);
    expect(match.candidates[0]).toMatchObject({
      method: 'BOOK',
      path: '/reservation',
      needsConfirmation: false,
    });
    expect(match.candidates[0]?.params).toMatchObject({ party_size: 2 });
    let asked = false;
    const result = await aw.invokeIntent(match, {
      input: { restaurant: 'Luigi' },
      confirm: () => {
        asked = true;
        return true;
      },
    });
    expect(asked).toBe(false);
    expect(result).toMatchObject({ status: 200, data: { reservation_id: 'R-42' } });
    const [post] = posts();
    expect(post?.url).toBe('/reservation');
    expect(post?.headers['x-agis-method']).toBe('BOOK');
    expect(post?.headers['x-agis-namespace']).toBe('loopback-tables');
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({ party_size: 2, restaurant: 'Luigi' });
    expect(events.map((e) => e.type)).toEqual(['agis:loaded', 'intent:matched', 'intent:invoked']);
  });

  it('reads numeric dates in the client locale, and a call locale overrides it', async () => {
    const gb = pool.make({
      lookup: sb.lookup,
      allowHttp: true,
      allowPrivateNetwork: true,
      now: () => new Date('2026-05-04T12:00:00'),
      locale: 'en-GB',
    });
    await gb.loadAgisService(server.origin);
    const text = 'book a table for 2 on 06/05 at 19:00';
    const local = await gb.intent(text);
    expect(local.candidates[0]?.params).toMatchObject({
      datetime: expect.stringMatching(/^2026-05-06T19:00/),
    });
    const us = await gb.intent(text, { locale: 'en-US' });
    expect(us.candidates[0]?.params).toMatchObject({ datetime: expect.stringMatching(/^2026-06-05T19:00/) });
    expect(() => pool.make({ locale: 42 as unknown as string })).toThrow(/locale/);
  });

  it('asks confirm before an irreversible endpoint; refuses without it or when declined, sending nothing', async () => {
    const events: AgentWebEvent[] = [];
    const aw = loopbackClient(events);
    await aw.loadAgisService(server.origin);
    const match = await aw.intent('cancel my reservation R-1234');
    expect(match.candidates[0]).toMatchObject({ method: 'CANCEL', needsConfirmation: true });

    const missing = await aw.invokeIntent(match).catch((e) => e);
    expect(isIntentConfirmationError(missing)).toBe(true);
    expect(missing.reason).toBe('missing');

    const requests: ConfirmationRequest[] = [];
    const declined = await aw
      .invokeIntent(match, {
        confirm: (r) => {
          requests.push(r);
          return false;
        },
      })
      .catch((e) => e);
    expect(isIntentConfirmationError(declined)).toBe(true);
    expect(declined.reason).toBe('declined');
    expect(posts()).toHaveLength(0);
    expect(requests[0]?.input).toMatchObject({ reservation_id: 'R-1234' });
    expect(requests[0]?.reasons.join(' ')).toMatch(/irreversible/);

    const approved = await aw.invokeIntent(match, { confirm: async () => true });
    expect(approved.data).toEqual({ cancelled: true });
    expect(posts().map((r) => r.url)).toEqual(['/reservation/R-1234']);
    expect(events.filter((e) => e.type === 'intent:confirm')).toEqual([
      { type: 'intent:confirm', method: 'CANCEL', path: '/reservation/{reservation_id}', approved: false },
      { type: 'intent:confirm', method: 'CANCEL', path: '/reservation/{reservation_id}', approved: true },
    ]);
  });

  it('asks confirm for an irreversible endpoint even when the match given says it needs none', async () => {
    const aw = loopbackClient();
    await aw.loadAgisService(server.origin);
    // A match rebuilt from a tool call or a stored plan can carry any flag; the endpoint decides.
    const forged = {
      instruction: 'cancel R-7',
      abstain: false,
      candidates: [
        {
          service: DOCUMENT.service,
          namespace: 'loopback-tables',
          method: 'CANCEL',
          path: '/reservation/{reservation_id}',
          score: 1,
          confidence: 1,
          params: { reservation_id: 'R-7' },
          needsConfirmation: false,
          reasons: [],
        },
      ],
    };
    const missing = await aw.invokeIntent(forged).catch((e) => e);
    expect(isIntentConfirmationError(missing)).toBe(true);
    expect(missing.reason).toBe('missing');
    const shown: ConfirmationRequest[] = [];
    const declined = await aw
      .invokeIntent(forged, {
        confirm: (r) => {
          shown.push(r);
          return false;
        },
      })
      .catch((e) => e);
    expect(declined.reason).toBe('declined');
    expect(shown[0]?.reasons.join(' ')).toMatch(/irreversible/);
    expect(posts()).toHaveLength(0);
  });

  it('refuses abstained matches, missing candidates, services without a base URL, and intent before any load', async () => {
    const aw = loopbackClient();
    expect(isNoAgisServicesError(await aw.intent('book a table').catch((e) => e))).toBe(true);
    await aw.loadAgisService(JSON.stringify(DOCUMENT));
    const abstained = await aw
      .invokeIntent({ instruction: 'fly me to the moon', candidates: [], abstain: true })
      .catch((e) => e);
    expect(isIntentAbstainedError(abstained)).toBe(true);
    const match = await aw.intent('book a table for 2 tomorrow at 7');
    const outOfRange = await aw.invokeIntent(match, { candidate: 99 }).catch((e) => e);
    expect(isIntentTargetError(outOfRange)).toBe(true);
    expect(outOfRange.reason).toBe('no-candidate');
    const noBase = await aw.invokeIntent(match).catch((e) => e);
    expect(isIntentTargetError(noBase)).toBe(true);
    expect(noBase.reason).toBe('no-base-url');
    expect(posts()).toHaveLength(0);
  });
});

describe('against the sandbox AGIS services', () => {
  it('loads both services, books a table only after confirmation, and the service saw nothing before', async () => {
    const aw = pool.make(sandboxOptions(sb));
    const [reservations, pharmacy] = sb.agis;
    expect(reservations).toBeDefined();
    const loaded = await aw.loadAgisService(reservations!.baseUrl);
    expect(loaded).toMatchObject({ service: reservations!.service, baseUrl: reservations!.baseUrl });
    expect(loaded.validation.conforms).toBe(true);
    await aw.loadAgisService(pharmacy!.wellKnownUrl);
    expect(aw.agisServices().map((s) => s.service)).toEqual([reservations!.service, pharmacy!.service]);

    const match = await aw.intent('book a table for four at The Copper Pot tomorrow at 7');
    expect(match.candidates[0]).toMatchObject({
      service: reservations!.service,
      method: 'BOOK',
      path: '/reservation',
      needsConfirmation: true,
    });
    // A seating tomorrow at 19:00 UTC, so the test does not depend on the machine's time zone.
    const seating = new Date(Date.now() + 86_400_000);
    seating.setUTCHours(19, 0, 0, 0);
    const input = { datetime: seating.toISOString() };

    await expect(aw.invokeIntent(match, { input, confirm: () => false })).rejects.toMatchObject({
      code: 'AGENTWEB_INTENT_NOT_CONFIRMED',
    });
    expect(reservations!.stats.calls['BOOK /reservation']).toBe(0);

    let shown: ConfirmationRequest | undefined;
    const booked = await aw.invokeIntent(match, {
      input,
      confirm: (request) => {
        shown = request;
        return true;
      },
    });
    expect(shown?.input).toMatchObject({ party_size: 4, datetime: seating.toISOString() });
    expect(booked.status).toBeGreaterThanOrEqual(200);
    expect(booked.data).toMatchObject({ status: 'confirmed', party_size: 4 });
    expect(reservations!.stats.calls['BOOK /reservation']).toBe(1);
  });
});
